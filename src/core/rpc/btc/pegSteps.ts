/**
 * Steps the one-call `btc_pegIn` / `btc_pegOut` share: send an RSK transaction from a dev account,
 * mine RSK blocks until something shows up in the Bridge's logs, find a Bridge log by its event.
 */
import type { DevAccount } from '../../accounts/devAccounts.js'
import { signTransaction } from '../../chain/transaction.js'
import { keccak256 } from '../../crypto/hash.js'
import type { Log } from '../../evm/types.js'
import { BRIDGE_ADDRESS } from '../../network/networks.js'
import type { StoredBlock } from '../../node/engine/blockRecord.js'
import type { Engine } from '../../node/engine/engine.js'
import { hexToBytes, utf8ToBytes } from '../../util/hex.js'
import { lazy } from '../../util/lazy.js'

/** An event's first topic: the keccak-256 of its signature. */
export function topicHash(signature: string): Uint8Array {
  return keccak256(utf8ToBytes(signature))
}

/** An event's first topic, hashed on first use (nothing is hashed at import: `util/lazy.ts`). */
export function eventTopic(signature: string): () => Uint8Array {
  return lazy(() => topicHash(signature))
}

export interface FoundLog {
  log: Log
  block: StoredBlock
  txHash: Uint8Array
}

/** The first Bridge log in `blocks` with event `topic` whose remaining topics/data satisfy `match`. */
export function findBridgeLog(
  blocks: readonly StoredBlock[],
  topic: Uint8Array,
  match: (log: Log) => boolean,
): FoundLog | undefined {
  for (const block of blocks)
    for (const [i, receipt] of block.receipts.entries())
      for (const log of receipt.logs)
        if (log.address === BRIDGE_ADDRESS && sameBytes(log.topics[0], topic) && match(log))
          return { log, block, txHash: block.transactions[i]!.hash }
  return undefined
}

export function sameBytes(a: Uint8Array | undefined, b: Uint8Array | undefined): boolean {
  if (!a || !b || a.length !== b.length) return false
  for (let i = 0; i < a.length; i++) if (a[i] !== b[i]) return false
  return true
}

export function includes(haystack: Uint8Array, needle: Uint8Array): boolean {
  outer: for (let i = 0; i + needle.length <= haystack.length; i++) {
    for (let j = 0; j < needle.length; j++) if (haystack[i + j] !== needle[j]) continue outer
    return true
  }
  return false
}

/** Signs and submits an RSK transaction from a dev account; with automine it is mined at once. */
export async function sendFromDevAccount(
  engine: Engine,
  account: DevAccount,
  p: { to: `0x${string}`; value: bigint; data: Uint8Array; gasLimit: bigint },
): Promise<Uint8Array> {
  const nonce = engine.pool.nextNonce(account.address, engine.state.getAccount(account.address)?.nonce ?? 0n)
  const tx = signTransaction(
    {
      nonce,
      gasPrice: engine.head.header.minimumGasPrice ?? 0n,
      gasLimit: p.gasLimit,
      to: p.to,
      value: p.value,
      data: p.data,
    },
    hexToBytes(account.privateKey),
    engine.network.chainId,
  )
  return engine.submit(tx, account.address)
}

/**
 * Mines RSK blocks one at a time (at most `limit`) until `found` answers something for the blocks
 * mined so far; returns it, or undefined when the limit was reached first.
 */
export async function mineUntil<T>(
  engine: Engine,
  limit: number,
  found: (blocks: readonly StoredBlock[]) => T | undefined,
  yieldToHost: () => Promise<void>,
): Promise<{ result: T | undefined; blocks: StoredBlock[] }> {
  const blocks: StoredBlock[] = []
  for (let i = 0; i < limit; i++) {
    blocks.push(...(await engine.mine(1)))
    const result = found(blocks)
    if (result !== undefined) return { result, blocks }
    if (i % 16 === 15) await yieldToHost()
  }
  return { result: undefined, blocks }
}
