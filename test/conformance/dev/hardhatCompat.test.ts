/**
 * What a Hardhat test suite needs of a dev node (issue 27): the client version the network
 * helpers accept, `pending` calls and estimates in the next block's context, a pinned timestamp
 * that moves the clock, Hardhat's `true` answers, signatures by the node's accounts, and a chain
 * without the REMASC transaction for matchers that expect one transaction per block.
 */
import { verifyMessage, verifyTypedData } from 'ethers'
import { describe, expect, test } from 'vitest'
import { COW_ACCOUNTS } from '../../../src/core/accounts/devAccounts.js'
import { createDevChain } from './devChain.js'

const target = `0x${'ab'.repeat(20)}` as const
const cow = COW_ACCOUNTS[0]!.address

type Block = { number: string; timestamp: string; miner: string; transactions: unknown[] }
const word = (n: bigint | number) => `0x${BigInt(n).toString(16).padStart(64, '0')}`
/** Init code that returns one block field: `<opcode> PUSH1 0 MSTORE PUSH1 32 PUSH1 0 RETURN`. */
const returning = (opcode: string) => `0x${opcode}60005260206000f3`

describe('web3_clientVersion', () => {
  test('starts with anvil, as hardhat-network-helpers requires of a dev node', async () => {
    const { call } = await createDevChain()
    const version = await call<string>('web3_clientVersion')
    expect(version).toMatch(/^anvil\/rsk-devnode\/0\.1\.0\//)
  })
})

describe('pending: the next block as a transaction sent now would see it', () => {
  test('eth_call on pending sees the pinned timestamp, number latest+1 and the next coinbase', async () => {
    const { call } = await createDevChain()
    const head = await call<Block>('eth_getBlockByNumber', ['latest', false])
    const pinned = BigInt(head.timestamp) + 1000n
    await call('evm_setNextBlockTimestamp', [Number(pinned)])
    const coinbase = `0x${'c0'.repeat(20)}`
    await call('hardhat_setCoinbase', [coinbase])
    expect(await call('eth_call', [{ data: returning('42') }, 'pending'])).toBe(word(pinned))
    expect(await call('eth_call', [{ data: returning('43') }, 'pending'])).toBe(
      word(BigInt(head.number) + 1n),
    )
    expect(await call('eth_call', [{ data: returning('41') }, 'pending'])).toBe(word(BigInt(coinbase)))
    // `latest` stays the latest block's context.
    expect(await call('eth_call', [{ data: returning('42') }, 'latest'])).toBe(word(BigInt(head.timestamp)))
    expect(await call('eth_call', [{ data: returning('43') }, 'latest'])).toBe(word(BigInt(head.number)))
  })

  test('an estimate of code that reverts unless block.timestamp is the pinned one succeeds', async () => {
    const { call, send } = await createDevChain()
    const head = await call<Block>('eth_getBlockByNumber', ['latest', false])
    const pinned = BigInt(head.timestamp) + 3600n
    // TIMESTAMP PUSH5 <pinned> EQ PUSH1 16 JUMPI PUSH1 0 PUSH1 0 REVERT JUMPDEST STOP
    const code = `0x4264${pinned.toString(16).padStart(10, '0')}14601057600060 00fd5b00`.replace(' ', '')
    await call('evm_setNextBlockTimestamp', [Number(pinned)])
    const estimate = await call<string>('eth_estimateGas', [{ from: cow, data: code }])
    await expect(call('eth_estimateGas', [{ from: cow, data: code }, 'latest'])).rejects.toThrow('-32015')
    const hash = await send({ data: Buffer.from(code.slice(2), 'hex'), gasLimit: BigInt(estimate) })
    const receipt = await call<{ status: string; blockNumber: string }>('eth_getTransactionReceipt', [hash])
    expect(receipt.status).toBe('0x1')
    const mined = await call<Block>('eth_getBlockByNumber', [receipt.blockNumber, false])
    expect(BigInt(mined.timestamp)).toBe(pinned)
  })

  test('the estimate (no block given) is exact for the block the transaction is mined in', async () => {
    const { call, send } = await createDevChain()
    const next = BigInt(await call<string>('eth_blockNumber')) + 1n
    // NUMBER PUSH1 <next> EQ PUSH1 9 JUMPI STOP JUMPDEST PUSH1 1 PUSH1 0 SSTORE STOP:
    // writes a slot only when it runs in the next block.
    const code = `0x4360${next.toString(16).padStart(2, '0')}14600857005b6001600055 00`.replace(' ', '')
    await call('anvil_setCode', [target, code])
    const estimate = BigInt(await call<string>('eth_estimateGas', [{ from: cow, to: target }]))
    expect(estimate).toBeGreaterThan(40_000n)
    const latestEstimate = BigInt(
      await call<string>('eth_estimateGas', [{ from: cow, to: target }, 'latest']),
    )
    expect(latestEstimate).toBeLessThan(30_000n)
    const hash = await send({ to: target, gasLimit: estimate })
    const receipt = await call<{ status: string }>('eth_getTransactionReceipt', [hash])
    expect(receipt.status).toBe('0x1')
    expect(await call('eth_getStorageAt', [target, '0x0', 'latest'])).toBe(word(1))
  })
})

describe('time', () => {
  test('a pinned timestamp moves the clock: evm_increaseTime 3600 then a block is T+3600', async () => {
    const { call } = await createDevChain()
    await call('evm_mine')
    const head = await call<Block>('eth_getBlockByNumber', ['latest', false])
    const pinned = BigInt(head.timestamp) + 86_400n
    await call('evm_setNextBlockTimestamp', [Number(pinned)])
    await call('evm_mine')
    expect(BigInt((await call<Block>('eth_getBlockByNumber', ['latest', false])).timestamp)).toBe(pinned)
    expect(await call('evm_increaseTime', [3600])).toBe(`0x${(86_400n + 3600n).toString(16)}`)
    await call('evm_mine')
    // The test clock stands still: exactly T+3600, not the wall clock's next second.
    expect(BigInt((await call<Block>('eth_getBlockByNumber', ['latest', false])).timestamp)).toBe(
      pinned + 3600n,
    )
  })
})

test('evm_increaseTime after a timestamp pinned before the wall clock answers the negative offset', async () => {
  const { call } = await createDevChain()
  // The regtest genesis is years before the test clock: pinning just after it moves the clock back.
  const genesis = await call<Block>('eth_getBlockByNumber', ['latest', false])
  await call('evm_setNextBlockTimestamp', [Number(BigInt(genesis.timestamp) + 10n)])
  await call('evm_mine')
  const offset = await call<number>('evm_increaseTime', [5])
  expect(offset).toBeLessThan(0)
  await call('evm_mine')
  const head = await call<Block>('eth_getBlockByNumber', ['latest', false])
  expect(BigInt(head.timestamp)).toBe(BigInt(genesis.timestamp) + 15n)
})

describe('Hardhat answers', () => {
  test('hardhat_* answer true where Hardhat does; the anvil_* names keep null', async () => {
    const { call } = await createDevChain()
    const cases: Array<[string, string, unknown[]]> = [
      ['hardhat_setBalance', 'anvil_setBalance', [target, '0x5']],
      ['hardhat_setCode', 'anvil_setCode', [target, '0x00']],
      ['hardhat_setNonce', 'anvil_setNonce', [target, '0x7']],
      ['hardhat_impersonateAccount', 'anvil_impersonateAccount', [target]],
      ['hardhat_stopImpersonatingAccount', 'anvil_stopImpersonatingAccount', [target]],
      ['hardhat_mine', 'anvil_mine', ['0x2']],
      ['hardhat_setCoinbase', 'anvil_setCoinbase', [target]],
      ['hardhat_setMinGasPrice', 'anvil_setMinGasPrice', ['0x0']],
    ]
    for (const [hardhat, anvil, params] of cases) {
      expect([hardhat, await call(hardhat, params)]).toEqual([hardhat, true])
      expect([anvil, await call(anvil, params)]).toEqual([anvil, null])
    }
    expect(await call('hardhat_setStorageAt', [target, '0x1', word(1)])).toBe(true)
    expect(await call('hardhat_reset')).toBe(true)
  })

  test('hardhat_mine did its work before answering true', async () => {
    const { call } = await createDevChain()
    expect(await call('hardhat_mine', ['0x3', '0x3c'])).toBe(true)
    expect(await call('eth_blockNumber')).toBe('0x3')
  })

  test('hardhat_setPrevRandao names the Rootstock rule; a malformed value is -32602', async () => {
    const { rpc } = await createDevChain()
    const refused = await rpc('hardhat_setPrevRandao', [word(7)])
    expect(refused.error?.code).toBe(-32000)
    expect(refused.error?.message).toContain('Rootstock has no PREVRANDAO; opcode 0x44 is DIFFICULTY')
    expect((await rpc('hardhat_setPrevRandao', ['0x07'])).error?.code).toBe(-32602)
  })
})

const permit = {
  types: {
    EIP712Domain: [
      { name: 'name', type: 'string' },
      { name: 'version', type: 'string' },
      { name: 'chainId', type: 'uint256' },
      { name: 'verifyingContract', type: 'address' },
    ],
    Permit: [
      { name: 'owner', type: 'address' },
      { name: 'spender', type: 'address' },
      { name: 'value', type: 'uint256' },
      { name: 'nonce', type: 'uint256' },
      { name: 'deadline', type: 'uint256' },
    ],
  },
  primaryType: 'Permit',
  domain: { name: 'Token', version: '1', chainId: 33, verifyingContract: target },
  message: { owner: cow, spender: target, value: '1000000000000000000', nonce: 0, deadline: '0xffffffff' },
}

describe('signing with the node accounts', () => {
  test('rskj profile: personal_sign and eth_signTypedData_v4 sign for a node account', async () => {
    const { call } = await createDevChain({ profile: 'rskj' })
    const message = '0x68656c6c6f' // "hello"
    const signature = await call<string>('personal_sign', [message, cow])
    expect(verifyMessage('hello', signature).toLowerCase()).toBe(cow)
    // eth_sign is the same signature with the parameters the other way round.
    expect(await call('eth_sign', [cow, message])).toBe(signature)
    const typed = await call<string>('eth_signTypedData_v4', [cow, JSON.stringify(permit)])
    const { EIP712Domain: _, ...types } = permit.types
    expect(verifyTypedData(permit.domain, types, permit.message, typed).toLowerCase()).toBe(cow)
    // An object is accepted as well as a JSON string.
    expect(await call('eth_signTypedData_v4', [cow, permit])).toBe(typed)
  })

  test('rskj profile: an account the node does not hold, or malformed typed data, is -32602', async () => {
    const { rpc } = await createDevChain({ profile: 'rskj' })
    expect((await rpc('personal_sign', ['0x00', target])).error?.code).toBe(-32602)
    const bad = { ...permit, message: { ...permit.message, value: 'lots' } }
    const answer = await rpc('eth_signTypedData_v4', [cow, bad])
    expect(answer.error).toEqual({
      code: -32602,
      message: 'invalid argument 1: typed data: Permit.value must be an integer',
    })
  })

  test('rpc-api profile: refused, saying that the service holds no keys and which profile signs', async () => {
    const { rpc } = await createDevChain()
    for (const [method, params] of [
      ['personal_sign', ['0x00', cow]],
      ['eth_signTypedData_v4', [cow, permit]],
    ] as const) {
      const answer = await rpc(method, [...params])
      expect(answer.error?.code).toBe(-32604)
      expect(answer.error?.message).toBe(
        `The local wallet feature is disabled: ${method}: the rpc-api profile holds no keys (eth_accounts is []); sign in the client, or start the node with the rskj profile to sign with its accounts`,
      )
    }
  })
})

describe('a chain without the REMASC transaction', () => {
  test('by default every block ends with REMASC: two transactions for one sent', async () => {
    const { call, send } = await createDevChain()
    await send({ to: target, value: 1n })
    expect((await call<Block>('eth_getBlockByNumber', ['latest', false])).transactions).toHaveLength(2)
    expect(await call<Record<string, unknown>>('anvil_nodeInfo')).not.toHaveProperty('remascTransaction')
  })

  test('omitRemascTransaction: one transaction per block, shown in anvil_nodeInfo, traces still work', async () => {
    const { call, send } = await createDevChain({ omitRemascTransaction: true })
    const hash = await send({ to: target, value: 1n })
    const block = await call<Block & { hash: string }>('eth_getBlockByNumber', ['latest', false])
    expect(block.transactions).toEqual([hash])
    expect(await call('eth_getBlockTransactionCountByNumber', ['latest'])).toBe('0x1')
    expect((await call<Record<string, unknown>>('anvil_nodeInfo')).remascTransaction).toBe('omitted')
    const traces = await call<unknown[]>('trace_block', [block.number])
    expect(traces).toHaveLength(1)
    const callTraces = await call<Array<{ txHash: string }>>('debug_traceBlockByHash', [
      block.hash,
      { tracer: 'callTracer' },
    ])
    expect(callTraces.map((t) => t.txHash)).toEqual([hash])
    await call('evm_mine')
    expect((await call<Block>('eth_getBlockByNumber', ['latest', false])).transactions).toEqual([])
  })
})
