/**
 * Regressions of the four defects a dApp built for MetaMask met, each failing on the build before
 * the fix: an unknown transaction type sent as type 0, typed data with a non-checksummed
 * mixed-case address refused with -32603 naming a library's version, and a creation whose init
 * code fails sent with all the gas RSKj's estimate answers (the provider's sendAsync batches are
 * in src/inpage/metamaskSurface.test.ts). Imports only what existed before, so it runs on both.
 */
import { describe, expect, it } from 'vitest'
import { DEV_ACCOUNTS } from '../core/accounts/devAccounts.js'
import { createNode } from '../core/createNode.js'
import { createMemoryStore } from '../core/storage/memoryStore.js'
import { NodeRpcError } from './errors.js'
import { createMemoryWalletStore } from './store.js'
import { createWallet } from './wallet.js'

const ORIGIN = 'http://127.0.0.1:5173'
const COW = DEV_ACCOUNTS[0]!
const OTHER = DEV_ACCOUNTS[1]!.address
type Hex = `0x${string}`

async function setup() {
  const node = await createNode({ network: 'testnet', storage: createMemoryStore() })
  let id = 0
  const callNode = async (method: string, params: unknown[]) => {
    const response = (await node.request({ jsonrpc: '2.0', id: ++id, method, params })) as {
      result?: unknown
      error?: { code: number; message: string; data?: unknown }
    }
    if (response.error) throw new NodeRpcError(response.error)
    return response.result
  }
  const wallet = createWallet({
    store: createMemoryWalletStore(),
    callNode,
    onChainChanged: () => {},
    onAccountsChanged: () => {},
    now: () => 1_700_000_000_000,
    newId: () => crypto.randomUUID(),
  })
  const request = async (method: string, params?: unknown): Promise<unknown> => {
    const handled = await wallet.handle({ origin: ORIGIN }, method, params)
    if (handled.handled) return handled.result
    return callNode(method, (params as unknown[]) ?? [])
  }
  /** The code and message a page gets (as the background maps a thrown error). */
  const outcome = (
    method: string,
    params?: unknown,
  ): Promise<{ result?: unknown; code?: number; message?: string }> =>
    request(method, params).then(
      (result) => ({ result }),
      (e: { code?: unknown; message: string }) => ({
        code: typeof e.code === 'number' ? e.code : -32603,
        message: e.message,
      }),
    )
  await request('eth_requestAccounts', [])
  return { request, outcome }
}

const MAIL_V4 = {
  types: {
    EIP712Domain: [
      { name: 'name', type: 'string' },
      { name: 'chainId', type: 'uint256' },
    ],
    Person: [
      { name: 'name', type: 'string' },
      { name: 'wallets', type: 'address[]' },
    ],
    Mail: [
      { name: 'from', type: 'Person' },
      { name: 'contents', type: 'string' },
    ],
  },
  primaryType: 'Mail',
  domain: { name: 'Ether Mail', chainId: 31 },
  message: { from: { name: 'Cow', wallets: [COW.address] }, contents: 'Hello' },
}

describe('typed data', () => {
  it('regression: a non-checksummed mixed-case address is signed, and no error names a library version', async () => {
    const { outcome } = await setup()
    const data = {
      ...MAIL_V4,
      message: {
        ...MAIL_V4.message,
        from: { name: 'x', wallets: ['0xAbCdEf0000000000000000000000000000000000'] },
      },
    }
    expect((await outcome('eth_signTypedData_v4', [COW.address, data])).result).toMatch(/^0x[0-9a-f]{130}$/)
    const bad = { ...MAIL_V4, message: { ...MAIL_V4.message, from: { name: 'x', wallets: ['0xnothex'] } } }
    const refused = await outcome('eth_signTypedData_v4', [COW.address, bad])
    expect(refused.code).toBe(-32602)
    expect(refused.message).not.toMatch(/Version:|viem@/)
  })
})

describe('transactions', () => {
  it('refuses a transaction type the chain does not know, naming it, and sends nothing', async () => {
    const { outcome, request } = await setup()
    const before = await request('eth_getTransactionCount', [COW.address, 'latest'])
    for (const type of ['0x5', '0x76', '0x3', '0x4']) {
      const refused = await outcome('eth_sendTransaction', [
        { from: COW.address, type, calls: [{ to: OTHER }] },
      ])
      expect(refused.code).toBe(-32602)
      expect(refused.message).toContain(`"${type}"`)
    }
    expect(await request('eth_getTransactionCount', [COW.address, 'latest'])).toBe(before)
    // EIP-1559 fields keep being sent as a legacy gas price.
    const hash = await request('eth_sendTransaction', [
      { from: COW.address, to: OTHER, type: '0x2', maxFeePerGas: '0x3b9aca00', maxPriorityFeePerGas: '0x1' },
    ])
    expect(await request('eth_getTransactionByHash', [hash])).toMatchObject({ gasPrice: '0x3b9aca00' })
  })

  it('does not send a creation whose init code fails: the estimate is all the gas a call may use (RSKj answers the cap)', async () => {
    const { outcome, request } = await setup()
    expect(await request('eth_estimateGas', [{ from: COW.address, data: '0xfe' }])).toBe('0x67c280')
    const before = await request('eth_getTransactionCount', [COW.address, 'latest'])
    const refused = await outcome('eth_sendTransaction', [{ from: COW.address, data: '0xfe' }])
    expect(refused).toMatchObject({
      code: -32000,
      message: expect.stringContaining('gas required exceeds allowance (6800000)'),
    })
    expect(await request('eth_getTransactionCount', [COW.address, 'latest'])).toBe(before)
    // With gas given, the dApp's choice is sent.
    const hash = (await request('eth_sendTransaction', [
      { from: COW.address, data: '0xfe', gas: '0x10000' },
    ])) as Hex
    expect(await request('eth_getTransactionReceipt', [hash])).toMatchObject({
      status: '0x0',
      gasUsed: '0x10000',
    })
  })
})
