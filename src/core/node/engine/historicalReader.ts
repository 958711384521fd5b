/**
 * A synchronous `StateReader` over an old block's state, for `eth_call` / `eth_estimateGas` at a
 * past block. The EVM is synchronous but old state lives in storage: a read that is not cached
 * throws `StateNotLoaded`; `runWithHistoricalState` loads what was asked for and runs the call
 * again. Calls touch few accounts, so a handful of reruns at most.
 */
import { StateNotReadyError } from '../../evm/stateNotReady.js'
import type { AccountData, StateReader } from '../../evm/types.js'
import type { HistoricalState } from '../../state/history.js'
import type { Address } from '../../util/hex.js'

// A StateNotReadyError, so that a native contract's read (the Bridge reads its storage) lets it
// through to the rerun loop instead of failing the call.
class StateNotLoaded extends StateNotReadyError {
  constructor(readonly load: () => Promise<void>) {
    super('historical state not loaded yet')
  }
}

class CachingHistoricalReader implements StateReader {
  readonly accounts = new Map<Address, AccountData | undefined>()
  readonly codes = new Map<Address, Uint8Array>()
  readonly slots = new Map<string, bigint>()
  constructor(readonly source: HistoricalState) {}

  getAccount(address: Address): AccountData | undefined {
    if (this.accounts.has(address)) return this.accounts.get(address)
    throw new StateNotLoaded(async () => {
      const a = await this.source.getAccount(address)
      this.accounts.set(address, a && { nonce: a.nonce, balance: a.balance, codeHash: a.codeHash })
    })
  }

  getCode(address: Address): Uint8Array {
    const code = this.codes.get(address)
    if (code) return code
    throw new StateNotLoaded(async () => {
      this.codes.set(address, await this.source.getCode(address))
    })
  }

  getStorage(address: Address, slot: bigint): bigint {
    const key = `${address}:${slot}`
    const value = this.slots.get(key)
    if (value !== undefined) return value
    throw new StateNotLoaded(async () => {
      this.slots.set(key, await this.source.getStorage(address, slot))
    })
  }
}

const MAX_RERUNS = 10_000

export async function runWithHistoricalState<T>(
  source: HistoricalState,
  run: (state: StateReader) => T,
): Promise<T> {
  const reader = new CachingHistoricalReader(source)
  for (let i = 0; i < MAX_RERUNS; i++) {
    try {
      return run(reader)
    } catch (error) {
      if (!(error instanceof StateNotLoaded)) throw error
      await error.load()
    }
  }
  throw new Error('historical call touched too much state')
}
