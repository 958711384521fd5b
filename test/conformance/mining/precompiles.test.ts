/**
 * Rootstock's native contracts called the way dApps call them: raw `eth_call`s with ABI-encoded
 * data (no Solidity), answers decoded with viem and checked against values computed here.
 */
import { ripemd160 } from '@noble/hashes/legacy.js'
import { sha256 } from '@noble/hashes/sha2.js'
import { createBase58check } from '@scure/base'
import { HDKey } from '@scure/bip32'
import {
  type Abi,
  decodeFunctionResult,
  encodeFunctionData,
  type Hex,
  parseAbi,
  toFunctionSelector,
} from 'viem'
import { describe, expect, it } from 'vitest'
import { createManualClock } from '../../../src/core/clock/clock.js'
import { createNode } from '../../../src/core/createNode.js'
import { editAccount } from '../../../src/core/node/engine/control.js'
import { createMemoryStore } from '../../../src/core/storage/memoryStore.js'
import { bytesToHex } from '../../../src/core/util/hex.js'
import { createConformanceNode } from '../node/nodeTestChain.js'

const BRIDGE = '0x0000000000000000000000000000000001000006'
const REMASC = '0x0000000000000000000000000000000001000008'
const HD_WALLET = '0x0000000000000000000000000000000001000009'
const BLOCK_HEADER = '0x0000000000000000000000000000000001000010'
const ENVIRONMENT = '0x0000000000000000000000000000000001000011'

const bridgeAbi = parseAbi([
  'function getBtcBlockchainBestChainHeight() view returns (int256)',
  'function getBtcBlockchainInitialBlockHeight() view returns (int256)',
  'function getFederationAddress() view returns (string)',
  'function getFederationSize() view returns (int256)',
  'function getFederationThreshold() view returns (int256)',
  'function getFederatorPublicKey(int256) view returns (bytes)',
  'function getMinimumLockTxValue() view returns (int256)',
  'function getLockingCap() view returns (int256)',
  'function getStateForBtcReleaseClient() view returns (bytes)',
  'function getActivePowpegRedeemScript() view returns (bytes)',
  'function getRetiringFederationSize() view returns (int256)',
  'function registerBtcTransaction(bytes,int256,bytes)',
  'function getBtcTransactionConfirmations(bytes32,bytes32,uint256,bytes32[]) view returns (int256)',
  'function getBtcBlockchainBlockHeaderByHash(bytes32) view returns (bytes)',
])
const hdAbi = parseAbi([
  'function toBase58Check(bytes,int256) view returns (string)',
  'function deriveExtendedPublicKey(string,string) view returns (string)',
  'function extractPublicKeyFromExtendedPublicKey(string) view returns (bytes)',
  'function getMultisigScriptHash(int256,bytes[]) view returns (bytes)',
])
const headerAbi = parseAbi([
  'function getCoinbaseAddress(int256) view returns (bytes)',
  'function getBlockHash(int256) view returns (bytes)',
  'function getMergedMiningTags(int256) view returns (bytes)',
  'function getMinimumGasPrice(int256) view returns (bytes)',
  'function getGasLimit(int256) view returns (bytes)',
  'function getGasUsed(int256) view returns (bytes)',
  'function getDifficulty(int256) view returns (bytes)',
  'function getBitcoinHeader(int256) view returns (bytes)',
  'function getUncleCoinbaseAddress(int256,int256) view returns (bytes)',
])
const environmentAbi = parseAbi(['function getCallStackDepth() view returns (uint32)'])

async function node() {
  const chain = await createConformanceNode('rskj')
  const callRaw = (to: string, data: Hex) => chain.request('eth_call', [{ to, data }, 'latest'])
  const read = async <A extends Abi>(to: string, abi: A, functionName: string, args: unknown[] = []) => {
    const data = encodeFunctionData({ abi, functionName, args } as never)
    const response = await callRaw(to, data)
    if (response.error) throw new Error(`${functionName}: ${response.error.message}`)
    return decodeFunctionResult({ abi, functionName, data: response.result as Hex } as never) as unknown
  }
  return { ...chain, callRaw, read }
}

const base58check = createBase58check(sha256)
const hash160 = (data: Uint8Array) => ripemd160(sha256(data))
const hexBytes = (hex: string) => Uint8Array.from(Buffer.from(hex.replace(/^0x/, ''), 'hex'))

describe('Bridge 0x…01000006', () => {
  it('answers the read methods from the simulated bridge state', async () => {
    const { read } = await node()
    const names = [
      'getBtcBlockchainBestChainHeight',
      'getBtcBlockchainInitialBlockHeight',
      'getFederationAddress',
      'getFederationSize',
      'getFederationThreshold',
      'getMinimumLockTxValue',
      'getLockingCap',
      'getStateForBtcReleaseClient',
      'getActivePowpegRedeemScript',
      'getRetiringFederationSize',
    ]
    const answers: Record<string, unknown> = {}
    for (const name of names) answers[name] = await read(BRIDGE, bridgeAbi, name)
    expect(answers).toMatchInlineSnapshot(`
      {
        "getActivePowpegRedeemScript": "0x522102cd53fc53a07f211641a677d250f6de99caf620e8e77071e811a28b3bcddf0be1210362634ab57dae9cb373a5d536e66a8c4f67468bbcfb063809bab643072d78a1242103c5946b3fbae03a654237da863c9ed534e0878657175b132b8ca630f245df04db53ae",
        "getBtcBlockchainBestChainHeight": 0n,
        "getBtcBlockchainInitialBlockHeight": 0n,
        "getFederationAddress": "2N5muMepJizJE1gR7FbHJU6CD18V3BpNF9p",
        "getFederationSize": 3n,
        "getFederationThreshold": 2n,
        "getLockingCap": 100000000000n,
        "getMinimumLockTxValue": 500000n,
        "getRetiringFederationSize": -1n,
        "getStateForBtcReleaseClient": "0xc1c0",
      }
    `)
  })

  // RSKj's FederationRegTestConstants: keys keccak256("federator1".."federator3"), 2 of 3. The
  // address and script are what Rootstock projects' Bridge mocks hard-code for regtest.
  it("has RSKj's regtest genesis federation on regtest", async () => {
    const { read } = await node()
    expect(await read(BRIDGE, bridgeAbi, 'getFederationAddress')).toBe('2N5muMepJizJE1gR7FbHJU6CD18V3BpNF9p')
    expect(await read(BRIDGE, bridgeAbi, 'getActivePowpegRedeemScript')).toBe(
      '0x522102cd53fc53a07f211641a677d250f6de99caf620e8e77071e811a28b3bcddf0be1210362634ab57dae9cb373a5d536e66a8c4f67468bbcfb063809bab643072d78a1242103c5946b3fbae03a654237da863c9ed534e0878657175b132b8ca630f245df04db53ae',
    )
  })

  it('answers the exact JSON of getFederationSize', async () => {
    const { callRaw } = await node()
    const data = encodeFunctionData({ abi: bridgeAbi, functionName: 'getFederationSize' })
    expect(JSON.stringify(await callRaw(BRIDGE, data))).toMatchInlineSnapshot(
      `"{"jsonrpc":"2.0","id":1,"result":"0x0000000000000000000000000000000000000000000000000000000000000003"}"`,
    )
  })

  it('gives a federation address that is the P2SH of the active redeem script, whose keys it lists', async () => {
    const { read } = await node()
    const script = hexBytes((await read(BRIDGE, bridgeAbi, 'getActivePowpegRedeemScript')) as string)
    const address = (await read(BRIDGE, bridgeAbi, 'getFederationAddress')) as string
    const decoded = base58check.decode(address)
    expect(decoded[0]).toBe(0xc4)
    expect(decoded.slice(1)).toEqual(hash160(script))
    const size = Number(await read(BRIDGE, bridgeAbi, 'getFederationSize'))
    for (let i = 0; i < size; i++) {
      const key = (await read(BRIDGE, bridgeAbi, 'getFederatorPublicKey', [BigInt(i)])) as string
      expect(Buffer.from(script).toString('hex')).toContain(key.slice(2))
    }
  })

  it('reports the same best Bitcoin height as eth_bridgeState', async () => {
    const { read, result, node: rsk } = await node()
    await rsk.engine.mine(45)
    const state = await result<{ btcBlockchainBestChainHeight: number }>('eth_bridgeState')
    // The light client holds what the federation fed it: the simulated chain's genesis at least.
    expect(state.btcBlockchainBestChainHeight).toBeGreaterThanOrEqual(0)
    expect(await read(BRIDGE, bridgeAbi, 'getBtcBlockchainBestChainHeight')).toBe(
      BigInt(state.btcBlockchainBestChainHeight),
    )
  })

  it('answers the Bitcoin proof reads a peg-out contract makes: no block known (BridgeSupport.getBtcTransactionConfirmations)', async () => {
    const { read, request } = await node()
    const hash = `0x${'ab'.repeat(32)}` as const
    // RSKj's BTC_TRANSACTION_CONFIRMATION_INEXISTENT_BLOCK_HASH_ERROR_CODE: a reason a contract can
    // act on, not a failed call (a revert with no data broke Flyover's refundPegOut)
    expect(await read(BRIDGE, bridgeAbi, 'getBtcTransactionConfirmations', [hash, hash, 0n, [hash]])).toBe(
      -1n,
    )
    expect(await read(BRIDGE, bridgeAbi, 'getBtcBlockchainBlockHeaderByHash', [hash])).toBe('0x')
    const data = encodeFunctionData({
      abi: bridgeAbi,
      functionName: 'getBtcBlockchainBlockHeaderByHash',
      args: [hash],
    })
    // RSKj's fixed cost (4,600) plus the call data, well under the 6,800,000 an unknown method burns
    const estimate = await request('eth_estimateGas', [{ to: BRIDGE, data }])
    expect(BigInt(estimate.result as string)).toBeLessThan(100_000n)
  })

  it('answers registerBtcTransaction of an unproven transaction as RSKj does: nothing happens', async () => {
    const { callRaw } = await node()
    const data = encodeFunctionData({
      abi: bridgeAbi,
      functionName: 'registerBtcTransaction',
      args: ['0x00', 1n, '0x00'],
    })
    // Too few confirmations for height 1: RSKj logs "Could not validate transaction" and returns.
    expect(await callRaw(BRIDGE, data)).toEqual({ jsonrpc: '2.0', id: 1, result: '0x' })
  })

  it('reverts a federation or whitelist change with a reason', async () => {
    const { callRaw } = await node()
    const data = encodeFunctionData({
      abi: parseAbi(['function addLockWhitelistAddress(string,int256)']),
      functionName: 'addLockWhitelistAddress',
      args: ['mgy8yiUZYB7o9vvCu2Yn8GwbLiZzw8cRLt', 1n],
    })
    const response = (await callRaw(BRIDGE, data)) as { error?: { code: number; message: string } }
    expect(response.error?.code).toBe(-32015)
    expect(response.error?.message).toContain('Bridge.addLockWhitelistAddress is not available')
  })
})

describe('REMASC 0x…01000008', () => {
  it('accepts processMinersFees without reverting', async () => {
    const { callRaw } = await node()
    const processMinersFees = toFunctionSelector('function processMinersFees()')
    expect(await callRaw(REMASC, processMinersFees)).toEqual({ jsonrpc: '2.0', id: 1, result: '0x' })
  })
})

describe('HD wallet utils 0x…01000009', () => {
  it('encodes Base58Check addresses (the Bitcoin wiki example)', async () => {
    const { read } = await node()
    const hash = '0x010966776006953d5567439e5e39f86a0d273bee'
    expect(await read(HD_WALLET, hdAbi, 'toBase58Check', [hash, 0n])).toBe(
      '16UwLL9Risc3QfPqBUvKofHmBQ7wMtjvM',
    )
  })

  it('derives and opens extended public keys as BIP32 test vector 1 says', async () => {
    const { read } = await node()
    const m0h =
      'xpub68Gmy5EdvgibQVfPdqkBBCHxA5htiqg55crXYuXoQRKfDBFA1WEjWgP6LHhwBZeNK1VTsfTFUHCdrfp1bgwQ9xv5ski8PX9rL2dZXvgGDnw'
    expect(await read(HD_WALLET, hdAbi, 'deriveExtendedPublicKey', [m0h, '1'])).toBe(
      'xpub6ASuArnXKPbfEwhqN6e3mwBcDTgzisQN1wXN9BJcM47sSikHjJf3UFHKkNAWbWMiGj7Wf5uMash7SyYq527Hqck2AxYysAA7xmALppuCkwQ',
    )
    const publicKey = HDKey.fromExtendedKey(m0h).publicKey as Uint8Array
    expect(await read(HD_WALLET, hdAbi, 'extractPublicKeyFromExtendedPublicKey', [m0h])).toBe(
      `0x${Buffer.from(publicKey).toString('hex')}`,
    )
  })

  it('hashes a sorted 2-of-3 multisig redeem script', async () => {
    const { read } = await node()
    const keys = [3, 1, 2].map(
      (i) => HDKey.fromMasterSeed(new Uint8Array(16).fill(i)).publicKey as Uint8Array,
    )
    const sorted = [...keys].sort((a, b) => Buffer.compare(a, b))
    const script = Buffer.concat([
      Buffer.from([0x52]),
      ...sorted.flatMap((k) => [Buffer.from([33]), Buffer.from(k)]),
      Buffer.from([0x53, 0xae]),
    ])
    const hexKeys = keys.map((k) => `0x${Buffer.from(k).toString('hex')}`)
    expect(await read(HD_WALLET, hdAbi, 'getMultisigScriptHash', [2n, hexKeys])).toBe(
      `0x${Buffer.from(hash160(script)).toString('hex')}`,
    )
  })

  it('fails a transaction with an illegal argument, and runs a valid one', async () => {
    const { sendRaw, result } = await node()
    const bad = encodeFunctionData({ abi: hdAbi, functionName: 'toBase58Check', args: ['0x01', 0n] })
    const good = encodeFunctionData({
      abi: hdAbi,
      functionName: 'toBase58Check',
      args: [`0x${'01'.repeat(20)}`, 0n],
    })
    const statuses: string[] = []
    for (const [nonce, data] of [bad, good].entries()) {
      const hash = await sendRaw({ nonce: BigInt(nonce), to: HD_WALLET, data: hexBytes(data) })
      statuses.push((await result<{ status: string }>('eth_getTransactionReceipt', [hash])).status)
    }
    expect(statuses).toEqual(['0x0', '0x1'])
  })
})

describe('block header 0x…01000010', () => {
  it('reads the fields of the block below the executing one, depth 0 being its parent', async () => {
    const { read, result } = await node()
    await result('evm_mine')
    await result('evm_mine')
    await result('evm_mine')
    // eth_call at latest runs in block 3: depth 0 is block 2, depth 2 is genesis.
    type WireBlock = Record<string, string>
    const parent = await result<WireBlock>('eth_getBlockByNumber', ['0x2', false])
    expect(await read(BLOCK_HEADER, headerAbi, 'getBlockHash', [0n])).toBe(parent.hash)
    expect(await read(BLOCK_HEADER, headerAbi, 'getCoinbaseAddress', [0n])).toBe(parent.miner)
    expect(await read(BLOCK_HEADER, headerAbi, 'getBitcoinHeader', [0n])).toBe(
      parent.bitcoinMergedMiningHeader,
    )
    // Java BigInteger bytes: a sign byte when the top bit is set, so compare as numbers.
    expect(BigInt((await read(BLOCK_HEADER, headerAbi, 'getGasLimit', [0n])) as string)).toBe(
      BigInt(parent.gasLimit as string),
    )
    const genesis = await result<WireBlock>('eth_getBlockByNumber', ['0x0', false])
    expect(await read(BLOCK_HEADER, headerAbi, 'getBlockHash', [2n])).toBe(genesis.hash)
    const fields: Record<string, unknown> = {}
    for (const name of ['getDifficulty', 'getGasUsed', 'getMinimumGasPrice', 'getMergedMiningTags'])
      fields[name] = await read(BLOCK_HEADER, headerAbi, name, [0n])
    fields.getUncleCoinbaseAddress = await read(BLOCK_HEADER, headerAbi, 'getUncleCoinbaseAddress', [0n, 0n])
    fields.beyondTheChain = await read(BLOCK_HEADER, headerAbi, 'getBlockHash', [3n])
    fields.beyondMaxDepth = await read(BLOCK_HEADER, headerAbi, 'getBlockHash', [4000n])
    expect(fields).toMatchInlineSnapshot(`
      {
        "beyondMaxDepth": "0x",
        "beyondTheChain": "0x",
        "getDifficulty": "0x01",
        "getGasUsed": "0x00",
        "getMergedMiningTags": "0x00000000",
        "getMinimumGasPrice": "0x00",
        "getUncleCoinbaseAddress": "0x",
      }
    `)
  })

  it('reads old blocks again after the node reopens on the same storage', async () => {
    const storage = createMemoryStore()
    const clock = createManualClock()
    const first = await createNode({ network: 'regtest', storage, clock })
    await first.engine.mine(12)
    const expected = bytesToHex((await first.engine.reader.blockByNumber(3n))!.hash)
    const reopened = await createNode({ network: 'regtest', storage, clock })
    const data = encodeFunctionData({ abi: headerAbi, functionName: 'getBlockHash', args: [8n] })
    const ask = async () => {
      const response = (await reopened.request({
        jsonrpc: '2.0',
        id: 1,
        method: 'eth_call',
        params: [{ to: BLOCK_HEADER, data }, 'latest'],
      })) as { result: Hex }
      return decodeFunctionResult({ abi: headerAbi, functionName: 'getBlockHash', data: response.result })
    }
    // Older blocks load in the background after opening; a few turns of the event loop suffice.
    let answer = await ask()
    for (let i = 0; i < 50 && answer === '0x'; i++) {
      await new Promise((resolve) => setTimeout(resolve, 10))
      answer = await ask()
    }
    // eth_call at latest runs in block 12: depth 8 is block 3.
    expect(answer).toBe(expected)
  })

  it('fails a transaction asking for a negative depth', async () => {
    const { sendRaw, result } = await node()
    const data = encodeFunctionData({ abi: headerAbi, functionName: 'getBlockHash', args: [-1n] })
    const hash = await sendRaw({ nonce: 0n, to: BLOCK_HEADER, data: hexBytes(data) })
    expect((await result<{ status: string }>('eth_getTransactionReceipt', [hash])).status).toBe('0x0')
  })
})

describe('environment 0x…01000011', () => {
  it('answers call stack depth 1 to a transaction and the caller depth plus one to contracts', async () => {
    const { read, request, node: rsk } = await node()
    expect(await read(ENVIRONMENT, environmentAbi, 'getCallStackDepth')).toBe(1)
    // Runtime code: STATICCALL the environment contract with the selector, return its 32 bytes.
    const selector = encodeFunctionData({ abi: environmentAbi, functionName: 'getCallStackDepth' }).slice(2)
    const forwarder = `63${selector}60e01b600052602060006004600063010000115afa5060206000f3`
    const relay = '0x00000000000000000000000000000000000000aa'
    await editAccount(rsk.engine, relay, { code: hexBytes(forwarder) })
    const direct = await request('eth_call', [{ to: relay, data: '0x' }, 'latest'])
    expect(direct.result).toBe(`0x${'1'.padStart(64, '0')}`)
    // Init code (depth 0) that STATICCALLs the relay (depth 1), which asks the environment: 2.
    const initCode = `0x602060006000600073${relay.slice(2)}5afa5060206000f3`
    const nested = await request('eth_call', [{ data: initCode }, 'latest'])
    expect(nested.result).toBe(`0x${'2'.padStart(64, '0')}`)
  })
})
