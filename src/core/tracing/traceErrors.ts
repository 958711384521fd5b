import { RpcError } from '../rpc/errors/base.js'

/**
 * RSKj reports EVM failures in traces through Java exception texts. The EVM here names its
 * failures in plain words; these are mapped to the exception classes RSKj throws for the same
 * condition (`org.ethereum.vm.program.Program$…`). The messages after the class name are ours:
 * RSKj's carry operation details (opcode, gas figures) that this EVM does not report.
 */
const EXCEPTION_CLASSES: Record<string, string> = {
  'out of gas': 'org.ethereum.vm.program.Program$OutOfGasException',
  'stack underflow': 'org.ethereum.vm.program.Program$StackTooSmallException',
  'stack overflow': 'org.ethereum.vm.program.Program$StackTooLargeException',
  'invalid opcode': 'org.ethereum.vm.program.Program$IllegalOperationException',
  'invalid jump destination': 'org.ethereum.vm.program.Program$BadJumpDestinationException',
  'static call state modification': 'org.ethereum.vm.program.Program$StaticCallModificationException',
  'return data out of bounds': 'org.ethereum.vm.program.Program$ReturnDataCopyIllegalBoundsException',
}

export function exceptionClassOf(error: string): string {
  return EXCEPTION_CLASSES[error] ?? 'java.lang.RuntimeException'
}

/** `Throwable.toString()`: `<class>: <message>` (parity-style subtrace errors). */
export function exceptionToString(error: string): string {
  return `${exceptionClassOf(error)}: ${error}`
}

/** `format("%s: %s", e.getClass(), e.getMessage())`: the top-level trace error text. */
export function programTraceError(error: string | undefined): string {
  return error === undefined ? '' : `class ${exceptionToString(error)}`
}

/**
 * A user mistake RSKj's code does not check for (an exception its error resolver does not know,
 * which RSKj answers -32603 `Internal server error`). Here it is -32602 with the reason: -32603
 * means a bug of the node, and clients retry it.
 */
export class UncheckedInputError extends RpcError {
  static override code = -32602 as const
  readonly reason: string
  constructor(reason: string) {
    super(UncheckedInputError.code, reason)
    this.reason = reason
  }
}
