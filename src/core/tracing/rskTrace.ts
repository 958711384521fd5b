/**
 * The JSON of RSKj's `rskTracer` for one transaction. A transaction that ran code gets a
 * `DetailedProgramTrace`; one that ran none (a plain transfer, REMASC) gets the
 * `SummarizedProgramTrace` of a transfer, whose fields RSKj serializes as they are declared
 * (`DataWord`s as 64 hex digits, the message data as base64, as Jackson writes a `byte[]`).
 */
import type { Address } from '../util/hex.js'
import type { ReplayedTransaction } from './replayed.js'
import { type StructLog, type StructLogTracer, unprefixedHex, wordHex } from './structTracer.js'
import { programTraceError } from './traceErrors.js'

export interface DetailedTrace {
  contractAddress: string
  initStorage: Record<string, string>
  structLogs: StructLog[]
  result: string
  error: string
  reverted: boolean
  storageSize: number
  currentStorage: Record<string, string>
}

export interface TransferTrace {
  programInvoke: null
  transferInvoke: {
    ownerAddress: string
    callerAddress: string
    gas: number
    callValue: string
    msgData: string
  }
  subtraces: []
  result: string
  error: string
  reverted: boolean
}

export type RskTrace = DetailedTrace | TransferTrace

function base64(bytes: Uint8Array): string {
  let binary = ''
  for (const b of bytes) binary += String.fromCharCode(b)
  return btoa(binary)
}

function addressWord(address: Address): string {
  return address.slice(2).padStart(64, '0')
}

export function transferTraceOf(from: Address, to: Address, value: bigint, data: Uint8Array): TransferTrace {
  return {
    programInvoke: null,
    transferInvoke: {
      ownerAddress: addressWord(to),
      callerAddress: addressWord(from),
      gas: 0,
      callValue: wordHex(value),
      msgData: base64(data),
    },
    subtraces: [],
    result: '',
    error: '',
    reverted: false,
  }
}

export function rskTraceOf(replayed: ReplayedTransaction<StructLogTracer>): RskTrace {
  const { tx, sender, result, tracer } = replayed
  if (!tracer || tracer.contractAddress === undefined) {
    return transferTraceOf(sender, tx.to ?? replayed.createdAddress!, tx.value, tx.data)
  }
  return {
    contractAddress: tracer.contractAddress,
    // The state trie keys storage by hashed slot, so the slots a contract held before the
    // transaction cannot be listed: the initial storage is reported empty.
    initStorage: {},
    structLogs: tracer.structLogs,
    result: unprefixedHex(result.returnData),
    error: programTraceError(result.reverted ? undefined : result.error),
    reverted: result.reverted,
    storageSize: tracer.storageSize,
    currentStorage: tracer.currentStorage,
  }
}
