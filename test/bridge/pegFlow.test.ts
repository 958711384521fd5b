/**
 * The two-way peg end to end in one node, driven as a dApp developer would: a peg-in built and
 * proven outside the node (bitcoinjs-lib, a partial merkle tree built here) registered through the
 * Bridge's real method, and a peg-out of 0.5 RBTC released to the sender's Bitcoin key with the
 * federation's 2-of-3 signatures, checked by the same library.
 */
import * as bitcoin from 'bitcoinjs-lib'
import { Interface, Wallet } from 'ethers'
import { beforeEach, describe, expect, it } from 'vitest'
import { COW_ACCOUNTS } from '../../src/core/accounts/devAccounts.js'
import { createNode, type DevNode } from '../../src/core/createNode.js'
import { createMemoryStore } from '../../src/core/storage/memoryStore.js'
import { multisigInputsVerify, p2pkhOf, partialMerkleTree, regtest, signedPayment } from './outsideBitcoin.js'

const BRIDGE = '0x0000000000000000000000000000000001000006'
const bridgeAbi = new Interface([
  'function registerBtcTransaction(bytes tx, int256 height, bytes pmt)',
  'event pegin_btc(address indexed receiver, bytes32 indexed btcTxHash, int256 amount, int256 protocolVersion)',
  'event release_request_received(address indexed sender, string btcDestinationAddress, uint256 amount)',
])
const cow = COW_ACCOUNTS[0]!

let node: DevNode
async function rpc<T = any>(method: string, params: unknown[] = []): Promise<T> {
  const response = (await node.request({ jsonrpc: '2.0', id: 1, method, params })) as {
    result?: T
    error?: { code: number; message: string }
  }
  if (response.error) throw new Error(`${method}: ${response.error.code} ${response.error.message}`)
  return response.result as T
}

async function sendFromCow(data: string, nonce: number): Promise<string> {
  const raw = await new Wallet(cow.privateKey).signTransaction({
    type: 0,
    chainId: 33,
    nonce,
    to: BRIDGE,
    data,
    gasLimit: 500_000,
    gasPrice: 0,
  })
  return rpc('eth_sendRawTransaction', [raw])
}

beforeEach(async () => {
  node = await createNode({ network: 'regtest', storage: createMemoryStore() })
})

describe('a peg-in built outside the node', () => {
  it('is registered with its own proof, credits exactly its value and is refused the second time', async () => {
    await rpc('btc_setFederation', [{ autoRegisterPegins: false }])
    const info = await rpc('btc_getInfo')
    const from = p2pkhOf(cow.privateKey)
    const { utxos } = await rpc('btc_getBalance', [from])
    const spend = { txid: utxos[0].txid, vout: utxos[0].vout, value: BigInt(utxos[0].value) }
    const value = 50_000_000n
    const tx = signedPayment(cow.privateKey, spend, info.federation.address, value)
    expect(await rpc('btc_sendRawTransaction', [tx.toHex()])).toBe(tx.getId())
    const [blockHash] = await rpc<string[]>('btc_mine', [3])
    const block = await rpc('btc_getBlock', [blockHash])
    const txids: string[] = block.tx.map((t: { txid: string }) => t.txid)
    const index = txids.indexOf(tx.getId())
    expect(index).toBeGreaterThan(0)
    const pmt = partialMerkleTree(
      txids.map((id) => Buffer.from(id, 'hex').reverse()),
      index,
    )
    const before = BigInt(await rpc('eth_getBalance', [cow.address, 'latest']))
    const nonce = Number(await rpc('eth_getTransactionCount', [cow.address, 'latest']))
    const data = bridgeAbi.encodeFunctionData('registerBtcTransaction', [
      `0x${tx.toHex()}`,
      block.height,
      `0x${pmt.toString('hex')}`,
    ])
    const first = await rpc('eth_getTransactionReceipt', [await sendFromCow(data, nonce)])
    const pegin = first.logs
      .filter((l: { address: string }) => l.address === BRIDGE)
      .map((l: { topics: string[]; data: string }) => bridgeAbi.parseLog(l))
      .find((l: { name: string } | null) => l?.name === 'pegin_btc')
    expect(pegin?.args.receiver.toLowerCase()).toBe(cow.address)
    expect(pegin?.args.btcTxHash).toBe(`0x${tx.getId()}`)
    const after = BigInt(await rpc('eth_getBalance', [cow.address, 'latest']))
    expect(after - before).toBe(value * 10n ** 10n)

    const second = await rpc('eth_getTransactionReceipt', [await sendFromCow(data, nonce + 1)])
    expect(second.logs.some((l: { topics: string[] }) => l.topics[0] === first.logs[0]?.topics[0])).toBe(false)
    expect(BigInt(await rpc('eth_getBalance', [cow.address, 'latest']))).toBe(after)
    const processed = await rpc('eth_call', [
      {
        to: BRIDGE,
        data: new Interface(['function getBtcTxHashProcessedHeight(string) view returns (int64)']).encodeFunctionData(
          'getBtcTxHashProcessedHeight',
          [tx.getId()],
        ),
      },
      'latest',
    ])
    expect(BigInt(processed)).toBeGreaterThan(0n)
  })
})

describe('a peg-out of 0.5 RBTC from a cow account', () => {
  it('pays the same key on Bitcoin, with 2-of-3 federation signatures that verify', async () => {
    // The federation's coins on Bitcoin come from peg-ins (and its genesis outputs).
    const result = await rpc('btc_pegOut', [{ from: cow.address, value: `0x${(5n * 10n ** 17n).toString(16)}` }])
    expect(result.status).toBe('released')
    const receipt = await rpc('eth_getTransactionReceipt', [result.rskTxHash])
    const received = receipt.logs
      .map((l: { topics: string[]; data: string }) => bridgeAbi.parseLog(l))
      .find((l: { name: string } | null) => l?.name === 'release_request_received')
    expect(received?.args.btcDestinationAddress).toBe(p2pkhOf(cow.privateKey))
    const released = await rpc('btc_getTransaction', [result.btcTxid])
    expect(released.confirmations).toBe(1)
    const tx = bitcoin.Transaction.fromHex(released.hex)
    const paid = tx.outs.find((o) => {
      try {
        return bitcoin.address.fromOutputScript(o.script, regtest) === p2pkhOf(cow.privateKey)
      } catch {
        return false
      }
    })
    expect(paid).toBeDefined()
    expect(paid!.value).toBeLessThan(50_000_000n)
    expect(paid!.value).toBeGreaterThan(49_000_000n)
    const info = await rpc('btc_getInfo')
    const keys = info.federation.publicKeys.map((k: string) => Buffer.from(k, 'hex'))
    expect(multisigInputsVerify(tx, keys, 2)).toBe(true)
    // Tampering with the destination breaks every signature.
    const forged = bitcoin.Transaction.fromHex(released.hex)
    forged.outs[0]!.value -= 1n
    expect(multisigInputsVerify(forged, keys, 2)).toBe(false)
    const pegs = await rpc('btc_getPegs')
    expect(pegs.pegouts).toMatchObject([{ rskTxHash: result.rskTxHash, status: 'confirmed', btcTxid: result.btcTxid }])
  })
})
