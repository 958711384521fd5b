/**
 * The concurrency check of `eth_sendTransaction`: many sends at once from each sender (a node
 * keystore account and an impersonated one), as a test suite's `Promise.all` does. Every send is
 * answered with the hash of a transaction the node holds, or with an error; the sender's
 * transactions carry consecutive nonces. Transport-neutral (`call` is in-process or over HTTP),
 * so the unit suite, the server tests and the 100-round run share it.
 */
import { expect } from 'vitest'
import { COW_ACCOUNTS } from '../../src/core/accounts/devAccounts.js'

export interface RpcAnswer {
  result?: unknown
  error?: { code: number; message: string }
}

export type Call = (method: string, params?: unknown[]) => Promise<RpcAnswer>

export const KEYSTORE_SENDER = COW_ACCOUNTS[1]!.address.toLowerCase()
export const IMPERSONATED_SENDER = '0x00000000000000000000000000000000000d00d1'
const RECIPIENT = '0x00000000000000000000000000000000000000c0'

/** Round-trip helper: the result, or a thrown error naming the method. */
async function result<T>(call: Call, method: string, params: unknown[] = []): Promise<T> {
  const answer = await call(method, params)
  if (answer.error) throw new Error(`${method}: ${answer.error.code} ${answer.error.message}`)
  return answer.result as T
}

/**
 * One round on a fresh chain: `sendsPerSender` concurrent `eth_sendTransaction` from each sender
 * (`keyedSender`, whose key the node or the wallet holds, and an impersonated one), interleaved.
 * Automine: every send is mined, nonces 0…n-1 per sender. Manual mining: every send is pooled
 * (a run of consecutive nonces is not held to RSKj's 16 account slots) and `evm_mine` then mines
 * exactly what was answered with a hash.
 */
export async function concurrentSendRound(
  call: Call,
  {
    automine,
    sendsPerSender = 50,
    keyedSender = KEYSTORE_SENDER,
  }: { automine: boolean; sendsPerSender?: number; keyedSender?: string },
): Promise<void> {
  await result(call, 'anvil_impersonateAccount', [IMPERSONATED_SENDER])
  await result(call, 'anvil_setBalance', [IMPERSONATED_SENDER, '0xde0b6b3a7640000'])
  await result(call, 'evm_setAutomine', [automine])
  const senders = [keyedSender, IMPERSONATED_SENDER]
  const sends = Array.from({ length: sendsPerSender }, (_, i) =>
    senders.map((from) =>
      call('eth_sendTransaction', [{ from, to: RECIPIENT, value: `0x${(i + 1).toString(16)}` }]),
    ),
  ).flat()
  const answers = await Promise.all(sends)

  for (const [index, from] of senders.entries()) {
    const mine = answers.filter((_, i) => i % senders.length === index)
    const hashes = mine.flatMap((a) => (a.result === undefined ? [] : [a.result as string]))
    const errors = mine.flatMap((a) => (a.error ? [a.error] : []))
    expect(hashes.length + errors.length, `every send from ${from} is answered`).toBe(sendsPerSender)
    const expectedHashes = sendsPerSender
    expect(errors, `refusals of sends from ${from}`).toEqual([])
    // Every hash names a transaction the node holds, and together they take nonces 0, 1, 2…
    const held = await Promise.all(
      hashes.map((hash) =>
        result<{ nonce: string; from: string } | null>(call, 'eth_getTransactionByHash', [hash]),
      ),
    )
    expect(
      held.every((tx) => tx !== null && tx.from === from),
      `every hash from ${from} is held`,
    ).toBe(true)
    const nonces = held.map((tx) => Number(tx!.nonce)).sort((a, b) => a - b)
    expect(nonces).toEqual(Array.from({ length: expectedHashes }, (_, i) => i))
  }

  if (!automine) {
    const pooled = answers.filter((a) => a.result !== undefined).length
    await result(call, 'evm_mine')
    const block = await result<{ transactions: string[] }>(call, 'eth_getBlockByNumber', ['latest', false])
    // The block holds every pooled transaction and REMASC's.
    expect(block.transactions).toHaveLength(pooled + 1)
  }
  for (const from of senders) {
    const count = await result<string>(call, 'eth_getTransactionCount', [from, 'latest'])
    expect(Number(count)).toBe(sendsPerSender)
  }
}

/** How many rounds a run makes: one in the suite, CONCURRENT_SEND_ROUNDS=100 for the long check. */
export const ROUNDS = Number(process.env.CONCURRENT_SEND_ROUNDS ?? 1)
/** Time allowed per round: generous, since the machine running the suite may be busy. */
export const ROUND_TIMEOUT_MS = 30_000
