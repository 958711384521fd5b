/**
 * Collects the call tree of one transaction from the EVM's call-frame hooks. The EVM reports a
 * frame for every nested call and create, and for the top level only when code runs; the top of
 * a plain transfer is built from the transaction itself by the formatters.
 */
import type { CallFrameInfo, CallFrameResult, EvmTracer } from '../evm/types.js'

export interface CallFrameNode {
  info: CallFrameInfo
  /** Set when the frame exited (always, once the transaction finished). */
  result?: CallFrameResult
  children: CallFrameNode[]
}

export class CallFrameCollector implements EvmTracer {
  /** The top-level frame; absent when no code ran at the top (plain transfers, precompiles). */
  root: CallFrameNode | undefined
  private readonly open: CallFrameNode[] = []

  onCallEnter(info: CallFrameInfo): void {
    const node: CallFrameNode = { info, children: [] }
    const parent = this.open[this.open.length - 1]
    if (parent) parent.children.push(node)
    else this.root = node
    this.open.push(node)
  }

  onCallExit(result: CallFrameResult): void {
    const node = this.open.pop()
    if (node) node.result = result
  }
}
