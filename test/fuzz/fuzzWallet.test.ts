/**
 * A seeded run of fuzzed wallet requests (FUZZ_WALLET_REQUESTS, default 3,000) through the
 * background service, as a page's requests run in the extension (wallet first, then the node):
 * no answer is -32603, no message names a dependency's version, the node reports no internal
 * error, and the chain still mines a transfer sent through the wallet.
 */
import 'fake-indexeddb/auto'
import { IDBFactory } from 'fake-indexeddb'
import fc from 'fast-check'
import { expect, test } from 'vitest'
import { createBackgroundService } from '../../src/background/service.js'
import { DEV_ACCOUNTS } from '../../src/core/accounts/devAccounts.js'
import { idbServiceDependencies } from '../background/idbService.js'
import { WALLET_FUZZ_METHODS, walletRequestArbitrary } from './walletArbitraries.js'

const TOTAL = Number(process.env.FUZZ_WALLET_REQUESTS ?? 3_000)
const SEED = Number(process.env.FUZZ_SEED ?? 22)
const ORIGIN = 'http://127.0.0.1:5173'
const ACCOUNT = DEV_ACCOUNTS[0]!.address

test(`${TOTAL} fuzzed wallet requests: no -32603, no library version in a message, the chain still mines`, async () => {
  const deps = await idbServiceDependencies(new IDBFactory())
  const internalErrors: unknown[] = []
  const service = createBackgroundService({
    ...deps,
    openNode: async (network, options) => {
      const node = await deps.openNode(network, options)
      node.on?.('internalError', (e: unknown) => internalErrors.push(e))
      return node
    },
  })
  const run = (method: string, params?: unknown) => service.execute(ORIGIN, method, params)
  expect((await run('eth_requestAccounts', [])).result).toEqual([ACCOUNT])

  const requests = fc.sample(walletRequestArbitrary(ACCOUNT, DEV_ACCOUNTS[1]!.address), {
    numRuns: TOTAL,
    seed: SEED,
  })
  const problems: string[] = []
  const counts = new Map<string, { ok: number; error: number }>()
  for (const { method, params } of requests) {
    const outcome = await run(method, params)
    const count = counts.get(method) ?? { ok: 0, error: 0 }
    counts.set(method, count)
    if (outcome.error) {
      count.error++
      if (process.env.FUZZ_WALLET_DEBUG === method && count.error <= 12)
        console.log(method, outcome.error.code, outcome.error.message.slice(0, 120))
    } else count.ok++
    const message = outcome.error?.message ?? ''
    if (outcome.error?.code === -32603 || /Version: |viem@|@noble|@scure/.test(message)) {
      let shown: string
      try {
        shown = JSON.stringify(params)?.slice(0, 300) ?? String(typeof params)
      } catch {
        shown = typeof params
      }
      problems.push(`${method} ${shown} → ${outcome.error?.code} ${message.slice(0, 200)}`)
    }
    // Keep the origin connected and on the testnet, whatever the fuzzer switched or revoked.
    if (
      method === 'wallet_revokePermissions' ||
      method === 'wallet_switchEthereumChain' ||
      method === 'wallet_addEthereumChain'
    ) {
      await run('wallet_switchEthereumChain', [{ chainId: '0x1f' }])
      await run('eth_requestAccounts', [])
    }
  }
  console.log(
    `wallet fuzz: ${TOTAL} requests, ${problems.length} problems; answers (ok/error): ${WALLET_FUZZ_METHODS.map((m) => `${m} ${counts.get(m)?.ok ?? 0}/${counts.get(m)?.error ?? 0}`).join(', ')}`,
  )
  expect(problems.slice(0, 20)).toEqual([])
  expect(internalErrors).toEqual([])
  // The chain still mines a transfer the wallet signs.
  const sent = await run('eth_sendTransaction', [
    { from: ACCOUNT, to: DEV_ACCOUNTS[2]!.address, value: '0x1' },
  ])
  expect(sent.error).toBeUndefined()
  const receipt = await run('eth_getTransactionReceipt', [sent.result])
  expect(receipt.result).toMatchObject({ status: '0x1' })
}, 300_000)
