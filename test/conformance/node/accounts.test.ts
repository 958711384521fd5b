/** The node's accounts: eth_accounts per profile, personal_*, eth_sign, eth_sendTransaction, eth_pendingTransactions. */
import { recoverMessageAddress } from 'viem'
import { describe, expect, it } from 'vitest'
import { COW, COW1, createConformanceNode } from './nodeTestChain.js'

const KEY = '0x4c0883a69102937d6231471b5dbb6204fe5129617082792ae468d01a3f362318'
const KEY_ADDRESS = '0x2c7536e3605d9c16a7a3d7b1898e529396a65c23'

describe('eth_accounts and personal_listAccounts', () => {
  it('lists nothing in the rpc-api profile and the node accounts, cow first, in the rskj profile', async () => {
    const api = await createConformanceNode('rpc-api')
    expect(await api.wire('eth_accounts')).toMatchInlineSnapshot(`"{"jsonrpc":"2.0","id":1,"result":[]}"`)
    const rskj = await createConformanceNode('rskj')
    const accounts = await rskj.result<string[]>('eth_accounts')
    expect(accounts.slice(0, 2)).toEqual([COW.address, COW1.address])
    expect(accounts).toHaveLength(20)
    expect(await rskj.result('personal_listAccounts')).toEqual(accounts)
  })

  it('adds imported and seeded accounts after the built-in ones', async () => {
    const { wire, result } = await createConformanceNode('rskj')
    expect(await wire('personal_importRawKey', [KEY, 'pw'])).toMatchInlineSnapshot(
      `"{"jsonrpc":"2.0","id":1,"result":"0x2c7536e3605d9c16a7a3d7b1898e529396a65c23"}"`,
    )
    expect(await wire('personal_newAccountWithSeed', ['cow'])).toMatchInlineSnapshot(
      `"{"jsonrpc":"2.0","id":1,"result":"0xcd2a3d9f938e13cd947ec05abc7fe734df8dd826"}"`,
    )
    expect(await wire('personal_newAccountWithSeed', ['moo'])).toMatchInlineSnapshot(
      `"{"jsonrpc":"2.0","id":1,"result":"0xcd7328a5d376d5530f054eaf0b9d235a4fd36059"}"`,
    )
    const accounts = await result<string[]>('eth_accounts')
    expect(accounts.slice(20)).toEqual([await result('personal_newAccountWithSeed', ['moo']), KEY_ADDRESS])
  })

  it('creates a random account, unlocked, that can dump its key', async () => {
    const { result } = await createConformanceNode('rskj')
    const address = await result<string>('personal_newAccount', ['pw'])
    expect(address).toMatch(/^0x[0-9a-f]{40}$/)
    const key = await result<string>('personal_dumpRawKey', [address])
    expect(key).toMatch(/^0x[0-9a-f]{64}$/)
    expect(await result<string[]>('personal_listAccounts')).toContain(address)
  })
})

describe('personal_unlockAccount / personal_lockAccount / personal_dumpRawKey', () => {
  it('locks, refuses a wrong passphrase, unlocks for the given milliseconds', async () => {
    const { wire, clock } = await createConformanceNode('rskj')
    await wire('personal_importRawKey', [KEY, 'pw'])
    expect(await wire('personal_lockAccount', [KEY_ADDRESS])).toMatchInlineSnapshot(
      `"{"jsonrpc":"2.0","id":1,"result":true}"`,
    )
    expect(await wire('personal_lockAccount', [KEY_ADDRESS])).toMatchInlineSnapshot(
      `"{"jsonrpc":"2.0","id":1,"result":false}"`,
    )
    expect(await wire('personal_dumpRawKey', [KEY_ADDRESS])).toMatchInlineSnapshot(
      `"{"jsonrpc":"2.0","id":1,"error":{"code":-32000,"message":"Address private key is locked or could not be found in this node"}}"`,
    )
    expect(await wire('personal_unlockAccount', [KEY_ADDRESS, 'wrong', '0x3e8'])).toMatchInlineSnapshot(
      `"{"jsonrpc":"2.0","id":1,"result":false}"`,
    )
    expect(await wire('personal_unlockAccount', [KEY_ADDRESS, 'pw', '0x3e8'])).toMatchInlineSnapshot(
      `"{"jsonrpc":"2.0","id":1,"result":true}"`,
    )
    expect(await wire('personal_dumpRawKey', [KEY_ADDRESS])).toMatchInlineSnapshot(
      `"{"jsonrpc":"2.0","id":1,"result":"0x4c0883a69102937d6231471b5dbb6204fe5129617082792ae468d01a3f362318"}"`,
    )
    clock.advance(1000)
    expect(await wire('personal_dumpRawKey', [KEY_ADDRESS])).toMatchInlineSnapshot(
      `"{"jsonrpc":"2.0","id":1,"error":{"code":-32000,"message":"Address private key is locked or could not be found in this node"}}"`,
    )
  })

  it('defaults to 30 minutes, also for an empty duration', async () => {
    const { result, clock } = await createConformanceNode('rskj')
    await result('personal_importRawKey', [KEY, 'pw'])
    await result('personal_lockAccount', [KEY_ADDRESS])
    expect(await result('personal_unlockAccount', [KEY_ADDRESS, 'pw', ''])).toBe(true)
    clock.advance(30 * 60 * 1000 - 1)
    expect(await result('personal_dumpRawKey', [KEY_ADDRESS])).toBe(KEY)
    clock.advance(1)
    expect(await result('personal_lockAccount', [KEY_ADDRESS])).toBe(false)
  })

  it('refuses malformed parameters with RSKj texts', async () => {
    const { wire } = await createConformanceNode('rskj')
    expect(await wire('personal_unlockAccount', [KEY_ADDRESS, 'pw', '1000'])).toMatchInlineSnapshot(
      `"{"jsonrpc":"2.0","id":1,"error":{"code":-32602,"message":"invalid argument 2: Invalid argument \\"1000\\": param should be a hex value string."}}"`,
    )
    expect(await wire('personal_importRawKey', ['0x1234', 'pw'])).toMatchInlineSnapshot(
      `"{"jsonrpc":"2.0","id":1,"error":{"code":-32602,"message":"invalid argument 0: Invalid key: expected 32 bytes of hex (64 digits, 0x optional)."}}"`,
    )
    expect(await wire('personal_importRawKey', [null, 'pw'])).toMatchInlineSnapshot(
      `"{"jsonrpc":"2.0","id":1,"error":{"code":-32602,"message":"invalid argument 0: Key cannot be null."}}"`,
    )
    expect(await wire('personal_newAccountWithSeed', [])).toMatchInlineSnapshot(
      `"{"jsonrpc":"2.0","id":1,"error":{"code":-32602,"message":"missing value for required argument 0"}}"`,
    )
  })
})

describe('eth_sign', () => {
  it('signs the prefixed message with an unlocked account, verifiable with viem', async () => {
    const { wire, result } = await createConformanceNode('rskj')
    expect(await wire('eth_sign', [COW.address, '0xdeadbeef'])).toMatchInlineSnapshot(
      `"{"jsonrpc":"2.0","id":1,"result":"0x7a962b63cef41a9cc1d3a6805da9f982a2a562b2d7a1ee75c78e5cd4464db9bf6e2b425bae2ce2c74a47631a2ec67c7efcc3dade1201fd5306443b85ec6116071b"}"`,
    )
    const signature = await result<`0x${string}`>('eth_sign', [COW.address, '0x68656c6c6f'])
    expect(await recoverMessageAddress({ message: 'hello', signature })).toBe(
      '0xCD2a3d9F938E13CD947Ec05AbC7FE734Df8DD826',
    )
  })

  it('answers RSKj -32602 Account not found for a locked or unknown account', async () => {
    const { wire } = await createConformanceNode('rskj')
    await wire('personal_importRawKey', [KEY, 'pw'])
    await wire('personal_lockAccount', [KEY_ADDRESS])
    expect(await wire('eth_sign', [KEY_ADDRESS, '0x00'])).toMatchInlineSnapshot(
      `"{"jsonrpc":"2.0","id":1,"error":{"code":-32602,"message":"Account not found"}}"`,
    )
    expect(await wire('eth_sign', [`0x${'11'.repeat(20)}`, '0x00'])).toMatchInlineSnapshot(
      `"{"jsonrpc":"2.0","id":1,"error":{"code":-32602,"message":"Account not found"}}"`,
    )
  })
})

describe('eth_sendTransaction and personal_sendTransaction', () => {
  it('signs with the node account, RSKj defaults gas 90000 and gas price 0, mined under automine', async () => {
    const { wire, result } = await createConformanceNode('rskj')
    const hash = await result<string>('eth_sendTransaction', [
      { from: COW.address, to: COW1.address, value: '0x1' },
    ])
    expect(await wire('eth_getTransactionByHash', [hash])).toMatchInlineSnapshot(
      `"{"jsonrpc":"2.0","id":1,"result":{"hash":"0x9046fcf96def2fa93d1891fbaf4811b1f4e753395ef06ec5f5e352fb31d444c0","nonce":"0x0","blockHash":"0xe48645b6344dd2d3eb30285a27af248785222fd26b53ec3fba155f4f2e10b5a7","blockNumber":"0x1","transactionIndex":"0x0","from":"0xcd2a3d9f938e13cd947ec05abc7fe734df8dd826","to":"0x7986b3df570230288501eea3d890bd66948c9b79","gas":"0x15f90","gasPrice":"0x0","value":"0x1","input":"0x","v":"0x65","r":"0x7239ed202d57b5262ded06a7f529daf6647331c4b97001cdd51c0132e4798c78","s":"0x1744ddad0e9f045baaeff1e8c0b903047efc7c2b8b8319788c06f9a30f0559af","type":"0x0"}}"`,
    )
  })

  it('refuses a missing from, an unknown or locked account and a foreign chain id', async () => {
    const { wire } = await createConformanceNode('rskj')
    expect(await wire('eth_sendTransaction', [{ to: COW1.address }])).toMatchInlineSnapshot(
      `"{"jsonrpc":"2.0","id":1,"error":{"code":-32602,"message":"from is null"}}"`,
    )
    expect(await wire('eth_sendTransaction', [{ from: `0x${'11'.repeat(20)}` }])).toMatchInlineSnapshot(
      `"{"jsonrpc":"2.0","id":1,"error":{"code":-32602,"message":"Could not find account for address: 0x1111111111111111111111111111111111111111"}}"`,
    )
    expect(await wire('eth_sendTransaction', [{ from: COW.address, chainId: '0x1f' }])).toMatchInlineSnapshot(
      `"{"jsonrpc":"2.0","id":1,"error":{"code":-32602,"message":"Invalid chainId: 0x1f"}}"`,
    )
  })

  it('leaves a zero gas price to the pool, which refuses it below the block minimum (testnet)', async () => {
    const { wire } = await createConformanceNode('rskj', 'testnet')
    expect(
      await wire('eth_sendTransaction', [{ from: COW.address, to: COW1.address }]),
    ).toMatchInlineSnapshot(
      `"{"jsonrpc":"2.0","id":1,"error":{"code":-32010,"message":"transaction's gas price lower than block's minimum"}}"`,
    )
  })

  it('replaces its own pending transaction when given the same nonce and a higher gas price', async () => {
    const { wire, result } = await createConformanceNode('rskj')
    await result('evm_stopMining')
    const first = await result('eth_sendTransaction', [
      { from: COW.address, to: COW1.address, gasPrice: '0x64' },
    ])
    const second = await result('eth_sendTransaction', [
      { from: COW.address, to: COW1.address, gasPrice: '0xc8', nonce: '0x0' },
    ])
    expect(second).not.toBe(first)
    expect(await wire('txpool_status')).toMatchInlineSnapshot(
      `"{"jsonrpc":"2.0","id":1,"result":{"pending":1,"queued":0}}"`,
    )
    expect(
      await wire('eth_sendTransaction', [
        { from: COW.address, to: COW1.address, gasPrice: '0xc8', nonce: '0x0' },
      ]),
    ).toMatchInlineSnapshot(
      `"{"jsonrpc":"2.0","id":1,"error":{"code":-32010,"message":"pending transaction with same hash already exists"}}"`,
    )
  })

  it('personal_sendTransaction signs with the passphrase without unlocking', async () => {
    const { wire, result } = await createConformanceNode('rskj')
    await result('personal_importRawKey', [KEY, 'pw'])
    await result('personal_lockAccount', [KEY_ADDRESS])
    await result('eth_sendTransaction', [{ from: COW.address, to: KEY_ADDRESS, value: '0xde0b6b3a7640000' }])
    const hash = await result<string>('personal_sendTransaction', [
      { from: KEY_ADDRESS, to: COW1.address },
      'pw',
    ])
    expect(await result<{ status: string }>('eth_getTransactionReceipt', [hash])).toMatchObject({
      status: '0x1',
    })
    expect(
      await wire('personal_sendTransaction', [{ from: KEY_ADDRESS, to: COW1.address }, 'wrong']),
    ).toMatchInlineSnapshot(
      `"{"jsonrpc":"2.0","id":1,"error":{"code":-32000,"message":"From address private key could not be found in this node"}}"`,
    )
    expect(await wire('eth_sign', [KEY_ADDRESS, '0x00'])).toMatchInlineSnapshot(
      `"{"jsonrpc":"2.0","id":1,"error":{"code":-32602,"message":"Account not found"}}"`,
    )
  })
})

describe('eth_pendingTransactions', () => {
  it('lists pending transactions from node accounts with a zero block hash, not queued ones', async () => {
    const { wire, result, sendRaw } = await createConformanceNode('rskj')
    await result('evm_stopMining')
    await result('eth_sendTransaction', [{ from: COW.address, to: COW1.address, value: '0x2' }])
    // A future nonce stays queued and is not listed.
    await sendRaw({ nonce: 5n, to: COW1.address, gasLimit: 21_000n }, COW1.privateKey)
    expect(await wire('eth_pendingTransactions')).toMatchInlineSnapshot(
      `"{"jsonrpc":"2.0","id":1,"result":[{"hash":"0x6c56056ad46be5e062ccf980889afd5a0f39096969d825d84bf502ed0134a4bf","nonce":"0x0","blockHash":"0x0000000000000000000000000000000000000000000000000000000000000000","blockNumber":null,"transactionIndex":null,"from":"0xcd2a3d9f938e13cd947ec05abc7fe734df8dd826","to":"0x7986b3df570230288501eea3d890bd66948c9b79","gas":"0x15f90","gasPrice":"0x0","value":"0x2","input":"0x","v":"0x65","r":"0xda1bd00a853e68ce396e0da3c19ed6eaa24213930c3a6ca31e11df2da3308e5d","s":"0x37715f4d301de4642c19710990af038ac0d1ca45812412a0a8b34e2eb58a56db","type":"0x0"}]}"`,
    )
  })

  it('is empty in the rpc-api profile, which exposes no node accounts', async () => {
    const { wire, result } = await createConformanceNode('rpc-api')
    await result('evm_stopMining')
    await result('eth_sendTransaction', [{ from: COW.address, to: COW1.address }])
    expect(await wire('eth_pendingTransactions')).toMatchInlineSnapshot(
      `"{"jsonrpc":"2.0","id":1,"result":[]}"`,
    )
  })
})

describe('keystore persistence', () => {
  it('keeps imported accounts across a chain reset and a restart on the same store', async () => {
    const { node, result } = await createConformanceNode('rskj')
    await result('personal_importRawKey', [KEY, 'pw'])
    await result('evm_reset')
    const { createNode } = await import('../../../src/core/createNode.js')
    const { createManualClock } = await import('../../../src/core/clock/clock.js')
    const reopened = await createNode({
      network: 'regtest',
      storage: node.engine.kv,
      clock: createManualClock(),
      profile: 'rskj',
    })
    const call = async (method: string, params: unknown[]) =>
      ((await reopened.request({ jsonrpc: '2.0', id: 1, method, params })) as { result: unknown }).result
    expect(await call('personal_listAccounts', [])).toContain(KEY_ADDRESS)
    // Locked after the restart; the passphrase still opens it.
    expect(await call('personal_dumpRawKey', [KEY_ADDRESS])).toBeUndefined()
    expect(await call('personal_unlockAccount', [KEY_ADDRESS, 'pw', '0x3e8'])).toBe(true)
    expect(await call('personal_dumpRawKey', [KEY_ADDRESS])).toBe(KEY)
  })
})

describe('personal_importRawKey key checks', () => {
  it('refuses a key outside the secp256k1 range with -32602', async () => {
    const { wire } = await createConformanceNode('rskj')
    expect(await wire('personal_importRawKey', [`0x${'00'.repeat(32)}`, 'pw'])).toMatchInlineSnapshot(
      `"{"jsonrpc":"2.0","id":1,"error":{"code":-32602,"message":"invalid argument 0: Invalid key: not a valid secp256k1 private key."}}"`,
    )
    expect(await wire('personal_importRawKey', [`0x${'ff'.repeat(32)}`, 'pw'])).toMatchInlineSnapshot(
      `"{"jsonrpc":"2.0","id":1,"error":{"code":-32602,"message":"invalid argument 0: Invalid key: not a valid secp256k1 private key."}}"`,
    )
  })
})
