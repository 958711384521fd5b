/**
 * Bad peg-in input gets RSKj's answer through the RPC, never -32603: a malformed Bitcoin
 * transaction, a proof of another transaction, an unknown block, a peg-in below the minimum
 * (rejected and refunded, as RSKj does), and Bitcoin transactions the simulated chain refuses with
 * Bitcoin Core's codes.
 */
import * as bitcoin from 'bitcoinjs-lib'
import { Interface } from 'ethers'
import { beforeEach, describe, expect, it } from 'vitest'
import { createNode, type DevNode } from '../../src/core/createNode.js'
import { createMemoryStore } from '../../src/core/storage/memoryStore.js'
import { p2pkhOf, partialMerkleTree, signedPayment } from './outsideBitcoin.js'
import { BRIDGE, bridgeAbi, cow, signedToBridge } from './pegScenarios.js'

let node: DevNode
async function raw(method: string, params: unknown[] = []) {
  return (await node.request({ jsonrpc: '2.0', id: 1, method, params })) as {
    // biome-ignore lint/suspicious/noExplicitAny: JSON-RPC results are read field by field in tests.
    result?: any
    error?: { code: number; message: string }
  }
}
async function rpc(method: string, params: unknown[] = []) {
  const answer = await raw(method, params)
  if (answer.error) throw new Error(`${method}: ${answer.error.code} ${answer.error.message}`)
  return answer.result
}

/** A peg-in of `value` satoshis from the cow's key, mined with 3 confirmations; not registered. */
async function minedPegin(value: bigint) {
  await rpc('btc_setFederation', [{ autoRegisterPegins: false }])
  const info = await rpc('btc_getInfo')
  const { utxos } = await rpc('btc_getBalance', [p2pkhOf(cow.privateKey)])
  const tx = signedPayment(
    cow.privateKey,
    { txid: utxos[0].txid, vout: utxos[0].vout, value: BigInt(utxos[0].value) },
    info.federation.address,
    value,
  )
  await rpc('btc_sendRawTransaction', [tx.toHex()])
  const [blockHash] = await rpc('btc_mine', [3])
  const block = await rpc('btc_getBlock', [blockHash])
  const txids: string[] = block.tx.map((t: { txid: string }) => t.txid)
  const tree = (index: number) =>
    `0x${partialMerkleTree(
      txids.map((id) => Buffer.from(id, 'hex').reverse()),
      index,
    ).toString('hex')}`
  return {
    tx,
    height: block.height as number,
    ownProof: tree(txids.indexOf(tx.getId())),
    coinbaseProof: tree(0),
  }
}

/** Registers through a mined transaction and answers its receipt, the cow's balance change and the Bridge's events. */
async function register(txHex: string, height: number, pmt: string) {
  const data = bridgeAbi.encodeFunctionData('registerBtcTransaction', [txHex, height, pmt])
  const call = await raw('eth_call', [{ from: cow.address, to: BRIDGE, data }, 'latest'])
  const estimate = await raw('eth_estimateGas', [{ from: cow.address, to: BRIDGE, data }])
  const before = BigInt(await rpc('eth_getBalance', [cow.address, 'latest']))
  const receipt = await rpc('eth_getTransactionReceipt', [
    await rpc('eth_sendRawTransaction', [await signedToBridge(rpc as never, { data })]),
  ])
  const after = BigInt(await rpc('eth_getBalance', [cow.address, 'latest']))
  const events = receipt.logs
    .filter((l: { address: string }) => l.address === BRIDGE)
    .map((l: { topics: string[] }) => l.topics[0])
  return { call, estimate, receipt, credited: after - before, events }
}

const events = new Interface([
  'event pegin_btc(address indexed receiver, bytes32 indexed btcTxHash, int256 amount, int256 protocolVersion)',
  'event rejected_pegin(bytes32 indexed btcTxHash, int256 reason)',
  'event unrefundable_pegin(bytes32 indexed btcTxHash, int256 reason)',
])
const topic = (name: string) => events.getEvent(name)?.topicHash

beforeEach(async () => {
  node = await createNode({ network: 'regtest', storage: createMemoryStore() })
})

describe('registerBtcTransaction with bad input', () => {
  it('a malformed transaction, a foreign proof and an unknown block credit nothing and answer no -32603', async () => {
    const { tx, height, coinbaseProof, ownProof } = await minedPegin(50_000_000n)
    const cases = [
      await register('0x1234', height, ownProof),
      await register(`0x${tx.toHex()}`, height, coinbaseProof),
      await register(`0x${tx.toHex()}`, height + 50, ownProof),
      await register(`0x${tx.toHex()}`, height, '0x00'),
    ]
    for (const outcome of cases) {
      expect(outcome.call.error?.code).not.toBe(-32603)
      expect(outcome.estimate.error?.code).not.toBe(-32603)
      expect(outcome.credited).toBe(0n)
      expect(outcome.events).not.toContain(topic('pegin_btc'))
    }
    // None of them used up the transaction: its own proof still registers it.
    const good = await register(`0x${tx.toHex()}`, height, ownProof)
    expect(good.events).toContain(topic('pegin_btc'))
    expect(good.credited).toBe(50_000_000n * 10n ** 10n)
  })

  it('a peg-in below the 0.005 BTC minimum is ignored before the peg-out index activates, as RSKj does', async () => {
    const { tx, height, ownProof } = await minedPegin(100_000n)
    expect(height).toBeLessThan(250)
    const first = await register(`0x${tx.toHex()}`, height, ownProof)
    expect(first.credited).toBe(0n)
    expect(first.receipt.logs).toHaveLength(0)
    const processed = await rpc('eth_call', [
      { to: BRIDGE, data: bridgeAbi.encodeFunctionData('getBtcTxHashProcessedHeight', [tx.getId()]) },
      'latest',
    ])
    expect(BigInt(processed)).toBe(2n ** 256n - 1n) // -1: not processed
  })

  it('after it (Bitcoin height 250 plus its 100-block grace period) it is rejected as unrefundable, and no credit is given', async () => {
    await rpc('btc_mine', [350])
    const { tx, height, ownProof } = await minedPegin(100_000n)
    const first = await register(`0x${tx.toHex()}`, height, ownProof)
    expect(first.credited).toBe(0n)
    expect(first.events).toContain(topic('rejected_pegin'))
    expect(first.events).toContain(topic('unrefundable_pegin'))
    expect(first.events).not.toContain(topic('pegin_btc'))
  })

  it('the federation does not register a peg-in below the minimum (nor send it again every block)', async () => {
    const { tx } = await minedPegin(100_000n)
    await rpc('btc_setFederation', [{ autoRegisterPegins: true }])
    const from = Number(await rpc('eth_blockNumber'))
    await rpc('anvil_mine', [5])
    for (let n = from + 1; n <= from + 5; n++) {
      const block = await rpc('eth_getBlockByNumber', [`0x${n.toString(16)}`, true])
      const toBridge = block.transactions.filter((t: { to: string }) => t.to === BRIDGE)
      expect(toBridge, `block ${n}`).toHaveLength(0)
    }
    expect((await rpc('btc_getPegs')).pegins).toMatchObject([{ btcTxid: tx.getId(), status: 'confirming' }])
  })
})

describe('Bitcoin transactions the simulated chain refuses', () => {
  it("answer Bitcoin Core's codes: undecodable, bad signature, spent input", async () => {
    expect((await raw('btc_sendRawTransaction', ['00'])).error?.code).toBe(-22)
    const info = await rpc('btc_getInfo')
    const { utxos } = await rpc('btc_getBalance', [p2pkhOf(cow.privateKey)])
    const spend = { txid: utxos[0].txid, vout: utxos[0].vout, value: BigInt(utxos[0].value) }
    const tx = signedPayment(cow.privateKey, spend, info.federation.address, 1_000_000n)
    const forged = bitcoin.Transaction.fromHex(tx.toHex())
    forged.outs[0]!.value += 1n
    const badSignature = await raw('btc_sendRawTransaction', [forged.toHex()])
    expect(badSignature.error?.code).toBe(-26)
    expect(badSignature.error?.message).toMatch(/mandatory-script-verify-flag-failed/)
    await rpc('btc_sendRawTransaction', [tx.toHex()])
    await rpc('btc_mine', [1])
    const again = signedPayment(cow.privateKey, spend, info.federation.address, 2_000_000n)
    const spent = await raw('btc_sendRawTransaction', [again.toHex()])
    expect(spent.error?.code).toBe(-25)
  })
})
