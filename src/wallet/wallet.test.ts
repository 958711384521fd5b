import {
  type Hex,
  parseTransaction,
  recoverMessageAddress,
  recoverTransactionAddress,
  recoverTypedDataAddress,
} from 'viem'
import { describe, expect, it } from 'vitest'
import { DEV_ACCOUNTS } from '../core/accounts/devAccounts.js'
import { createMemoryStore } from '../core/storage/memoryStore.js'
import type { NetworkId } from '../shared/protocol.js'
import { NodeRpcError } from './errors.js'
import { chainStoreIntents, type SendIntents, walletStoreIntents } from './sendIntents.js'
import { createMemoryWalletStore, type WalletStore } from './store.js'
import { createWallet } from './wallet.js'

const ORIGIN = 'http://127.0.0.1:3000'
const COW = DEV_ACCOUNTS[0]!.address

const TYPED_DATA = {
  types: {
    EIP712Domain: [
      { name: 'name', type: 'string' },
      { name: 'version', type: 'string' },
      { name: 'chainId', type: 'uint256' },
      { name: 'verifyingContract', type: 'address' },
    ],
    Mail: [
      { name: 'from', type: 'address' },
      { name: 'contents', type: 'string' },
      { name: 'amount', type: 'uint256' },
    ],
  },
  primaryType: 'Mail',
  domain: {
    name: 'Demo',
    version: '1',
    chainId: '31',
    verifyingContract: '0xcccccccccccccccccccccccccccccccccccccccc',
  },
  message: { from: '0xcd2a3d9f938e13cd947ec05abc7fe734df8dd826', contents: 'hello', amount: '0x10' },
}

function setup(intents?: (store: WalletStore) => SendIntents) {
  const store = createMemoryWalletStore()
  const nodeCalls: Array<[string, unknown[]]> = []
  const sentRaw: Hex[] = []
  const known = new Set<string>()
  const events: unknown[] = []
  let failNextSend = false
  const callNode = async (method: string, params: unknown[]): Promise<unknown> => {
    nodeCalls.push([method, params])
    switch (method) {
      case 'eth_getTransactionCount':
        return '0x5'
      case 'eth_estimateGas':
        return '0x5208'
      case 'eth_gasPrice':
        return '0x1'
      case 'eth_getBlockByNumber':
        return { minimumGasPrice: '0x4c4b40' }
      case 'eth_getTransactionByHash':
        return known.has(params[0] as string) ? { hash: params[0] } : null
      case 'eth_sendRawTransaction': {
        const raw = params[0] as Hex
        sentRaw.push(raw)
        const { keccak256 } = await import('viem')
        const hash = keccak256(raw)
        known.add(hash)
        if (failNextSend) {
          failNextSend = false
          throw new NodeRpcError({ code: -32010, message: 'transaction already known' })
        }
        return hash
      }
      default:
        throw new NodeRpcError({
          code: -32601,
          message: `the method ${method} does not exist/is not available`,
        })
    }
  }
  let id = 0
  const wallet = createWallet({
    store,
    intents: intents?.(store),
    callNode,
    onChainChanged: (network: NetworkId) => {
      events.push(['chainChanged', network])
    },
    onAccountsChanged: (origin, accounts) => events.push(['accountsChanged', origin, accounts]),
    now: () => 1_700_000_000_000,
    newId: () => `id-${++id}`,
  })
  const call = async (
    method: string,
    params?: unknown,
    ctx: Partial<{ origin: string; requestId: string; replay: boolean }> = {},
  ) => {
    const r = await wallet.handle({ origin: ORIGIN, ...ctx }, method, params)
    if (!r.handled) throw new Error(`${method} not handled`)
    return r.result
  }
  return { wallet, store, call, nodeCalls, sentRaw, known, events, failNext: () => (failNextSend = true) }
}

describe('createWallet', () => {
  it('shows no accounts to an origin until it is granted, then the first dev account', async () => {
    const { call, events } = setup()
    expect(await call('eth_accounts')).toEqual([])
    expect(await call('eth_requestAccounts')).toEqual([COW])
    expect(await call('eth_accounts')).toEqual([COW])
    expect(await call('eth_accounts', [], { origin: 'https://other.example' })).toEqual([])
    expect(events).toEqual([['accountsChanged', ORIGIN, [COW]]])
  })

  it('keeps grants in the store, so a new wallet instance (worker restart) still has them', async () => {
    const { call, store } = setup()
    await call('eth_requestAccounts')
    const again = createWallet({
      store,
      callNode: async () => null,
      onChainChanged: () => {},
      onAccountsChanged: () => {},
      now: () => 0,
      newId: () => 'x',
    })
    expect(await again.accountsFor(ORIGIN)).toEqual([COW])
  })

  it('answers EIP-2255 permissions in the restrictReturnedAccounts shape and revokes them', async () => {
    const { call, events } = setup()
    const requested = await call('wallet_requestPermissions', [{ eth_accounts: {} }])
    expect(requested).toEqual([{ parentCapability: 'eth_accounts', date: 1_700_000_000_000 }])
    expect(await call('wallet_getPermissions')).toEqual([
      {
        invoker: ORIGIN,
        parentCapability: 'eth_accounts',
        caveats: [{ type: 'restrictReturnedAccounts', value: [COW] }],
        date: 1_700_000_000_000,
      },
    ])
    expect(await call('wallet_revokePermissions', [{ eth_accounts: {} }])).toBeNull()
    expect(await call('eth_accounts')).toEqual([])
    expect(events.at(-1)).toEqual(['accountsChanged', ORIGIN, []])
    await expect(call('wallet_requestPermissions', [{ eth_sign: {} }])).rejects.toMatchObject({
      code: -32602,
    })
  })

  it('rejects the next approvable request with 4001 once, when the switch is on', async () => {
    const { call, wallet } = setup()
    await wallet.approvals.updateSettings({ rejectNext: true })
    await expect(call('eth_requestAccounts')).rejects.toMatchObject({ code: 4001 })
    expect((await wallet.settings()).rejectNext).toBe(false)
    expect(await call('eth_requestAccounts')).toEqual([COW])
  })

  it('makes requests wait for approval in require-approval mode', async () => {
    const { call, wallet } = setup()
    await wallet.approvals.updateSettings({ requireApproval: true })
    const first = call('eth_requestAccounts')
    await new Promise((r) => setTimeout(r, 0))
    const [pending] = wallet.approvals.pending()
    expect(pending).toMatchObject({ origin: ORIGIN, method: 'eth_requestAccounts' })
    wallet.approvals.resolve(pending!.id, false)
    await expect(first).rejects.toMatchObject({ code: 4001 })
    const second = call('eth_requestAccounts')
    await new Promise((r) => setTimeout(r, 0))
    wallet.approvals.resolve(wallet.approvals.pending()[0]!.id, true)
    await expect(second).resolves.toEqual([COW])
  })

  it('signs personal_sign and eth_sign messages that recover to the account', async () => {
    const { call } = setup()
    await call('eth_requestAccounts')
    const text = await call('personal_sign', ['0x68656c6c6f', COW])
    expect(
      (
        await recoverMessageAddress({ message: { raw: '0x68656c6c6f' }, signature: text as Hex })
      ).toLowerCase(),
    ).toBe(COW)
    const plain = await call('personal_sign', ['hello world', COW])
    expect(
      (await recoverMessageAddress({ message: 'hello world', signature: plain as Hex })).toLowerCase(),
    ).toBe(COW)
    const eth = await call('eth_sign', [COW, '0xdeadbeef'])
    expect(
      (await recoverMessageAddress({ message: { raw: '0xdeadbeef' }, signature: eth as Hex })).toLowerCase(),
    ).toBe(COW)
  })

  it('signs eth_signTypedData_v4 (JSON string, decimal and hex integers) so that it recovers', async () => {
    const { call } = setup()
    await call('eth_requestAccounts')
    const signature = (await call('eth_signTypedData_v4', [COW, JSON.stringify(TYPED_DATA)])) as Hex
    const recovered = await recoverTypedDataAddress({
      types: TYPED_DATA.types,
      primaryType: 'Mail',
      domain: {
        ...TYPED_DATA.domain,
        chainId: 31n,
        verifyingContract: '0xcccccccccccccccccccccccccccccccccccccccc',
      },
      message: { ...TYPED_DATA.message, amount: 16n },
      signature,
    } as never)
    expect(recovered.toLowerCase()).toBe(COW)
  })

  it('refuses to sign for an account the origin was not granted (4100)', async () => {
    const { call } = setup()
    await expect(call('personal_sign', ['0x00', COW])).rejects.toMatchObject({ code: 4100 })
    await call('eth_requestAccounts')
    await expect(call('personal_sign', ['0x00', DEV_ACCOUNTS[1]!.address])).rejects.toMatchObject({
      code: 4100,
    })
  })

  it('fills, signs a legacy EIP-155 transaction with chain id 31 and sends it raw', async () => {
    const { call, sentRaw } = setup()
    await call('eth_requestAccounts')
    const hash = await call('eth_sendTransaction', [
      { from: COW, to: DEV_ACCOUNTS[1]!.address, value: '0x10' },
    ])
    expect(sentRaw).toHaveLength(1)
    const tx = parseTransaction(sentRaw[0]!)
    expect(tx).toMatchObject({ type: 'legacy', chainId: 31, nonce: 5, gas: 21000n, value: 16n })
    // gasPrice: the node suggested 1 wei, the block minimum is 5,000,000.
    expect(tx.gasPrice).toBe(5_000_000n)
    expect(
      (await recoverTransactionAddress({ serializedTransaction: sentRaw[0]! as never })).toLowerCase(),
    ).toBe(COW)
    expect(hash).toMatch(/^0x[0-9a-f]{64}$/)
  })

  it('uses the chain id of the selected network after a switch', async () => {
    const { call, sentRaw, events } = setup()
    await call('eth_requestAccounts')
    expect(await call('wallet_switchEthereumChain', [{ chainId: '0x21' }])).toBeNull()
    expect(events.at(-1)).toEqual(['chainChanged', 'regtest'])
    await call('eth_sendTransaction', [{ from: COW, to: COW, gas: '0x5208', gasPrice: '0x0' }])
    expect(parseTransaction(sentRaw[0]!).chainId).toBe(33)
  })

  it('answers 4902 for a chain it does not simulate and switches for wallet_addEthereumChain of a known one', async () => {
    const { call, wallet } = setup()
    await expect(call('wallet_switchEthereumChain', [{ chainId: '0x1' }])).rejects.toMatchObject({
      code: 4902,
    })
    await call('wallet_addEthereumChain', [
      { chainId: '0x1e', chainName: 'Rootstock', rpcUrls: ['https://x'] },
    ])
    expect(await wallet.network()).toBe('mainnet')
    await expect(call('wallet_addEthereumChain', [{ chainId: '0x89' }])).rejects.toMatchObject({
      code: -32602,
    })
  })

  it('rejects a transaction whose chainId is not the active chain', async () => {
    const { call } = setup()
    await call('eth_requestAccounts')
    await expect(
      call('eth_sendTransaction', [{ from: COW, to: COW, chainId: '0x1e' }]),
    ).rejects.toMatchObject({ code: -32602 })
  })

  it('leaves node methods to the node', async () => {
    const { wallet } = setup()
    expect(await wallet.handle({ origin: ORIGIN }, 'eth_blockNumber', [])).toEqual({ handled: false })
  })

  it('imports a private key and lists it after the dev accounts', async () => {
    const { wallet } = setup()
    const key = `0x${'11'.repeat(32)}`
    const address = await wallet.keyring.importKey(key)
    const list = await wallet.keyring.list()
    expect(list).toHaveLength(21)
    expect(list.at(-1)).toMatchObject({ address, kind: 'imported' })
    await expect(wallet.keyring.importKey('0x1234')).rejects.toMatchObject({ code: -32602 })
  })
})

const intentBackends: Array<[string, ((store: WalletStore) => SendIntents) | undefined]> = [
  ['the wallet store', undefined],
  [
    "the network's chain store",
    (store) => {
      const chain = createMemoryStore()
      return chainStoreIntents(async () => chain, walletStoreIntents(store))
    },
  ],
]

describe.each(intentBackends)('replayed eth_sendTransaction, intents in %s', (_name, intents) => {
  it('sends a replayed eth_sendTransaction once: same bytes, no second nonce', async () => {
    const { call, sentRaw, nodeCalls } = setup(intents)
    await call('eth_requestAccounts')
    const first = await call('eth_sendTransaction', [{ from: COW, to: COW }], { requestId: 'page:1' })
    const replay = await call('eth_sendTransaction', [{ from: COW, to: COW }], {
      requestId: 'page:1',
      replay: true,
    })
    expect(replay).toBe(first)
    expect(sentRaw).toHaveLength(1)
    expect(nodeCalls.filter(([m]) => m === 'eth_getTransactionCount')).toHaveLength(1)
  })

  it('answers a replay with the recorded hash when the node accepted the bytes but the answer was lost', async () => {
    const { call, sentRaw, known, failNext } = setup(intents)
    await call('eth_requestAccounts')
    failNext()
    await expect(
      call('eth_sendTransaction', [{ from: COW, to: COW }], { requestId: 'page:2' }),
    ).rejects.toMatchObject({
      code: -32010,
    })
    // The node has the transaction: the replay returns its hash without signing anew.
    const again = await call('eth_sendTransaction', [{ from: COW, to: COW }], {
      requestId: 'page:2',
      replay: true,
    })
    expect(known.has(again as string)).toBe(true)
    expect(new Set(sentRaw).size).toBe(1)
  })
})
