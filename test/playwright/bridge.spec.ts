/**
 * The two-way peg in the extension, driven from a dApp's page through `window.ethereum.request`
 * (the wallet forwards the node's dev methods): a peg-in built and proven in the test process with
 * bitcoinjs-lib and registered through the Bridge's real `registerBtcTransaction` in a raw
 * transaction signed here, and a peg-out of 0.5 RBTC that goes on to its release on Bitcoin across
 * a stop of the extension's service worker, its 2-of-3 federation signatures checked here.
 */
import type { Page } from '@playwright/test'
import * as bitcoin from 'bitcoinjs-lib'
import { Interface, type TransactionRequest, Wallet } from 'ethers'
import { COW_ACCOUNTS } from '../../src/core/accounts/devAccounts.js'
import {
  multisigInputsVerify,
  p2pkhOf,
  partialMerkleTree,
  regtest,
  signedPayment,
} from '../bridge/outsideBitcoin.js'
import { eth, expect, test } from './site.js'

const BRIDGE = '0x0000000000000000000000000000000001000006'
const bridgeAbi = new Interface([
  'function registerBtcTransaction(bytes tx, int256 height, bytes pmt)',
  'function getBtcTxHashProcessedHeight(string) view returns (int64)',
  'event pegin_btc(address indexed receiver, bytes32 indexed btcTxHash, int256 amount, int256 protocolVersion)',
  'event release_request_received(address indexed sender, string btcDestinationAddress, uint256 amount)',
])
const PEGIN_BTC = bridgeAbi.getEvent('pegin_btc')!.topicHash
const cow = COW_ACCOUNTS[0]!
const cowBtc = p2pkhOf(cow.privateKey)

type Info = { federation: { address: string; threshold: number; publicKeys: string[] } }
type Utxo = { txid: string; vout: number; value: string }
type Pegin = { btcTxid: string; recipient: string; status: string }
type Pegout = { rskTxHash: string; destination: string; status: string; btcTxid?: string }
type Log = { address: string; topics: string[]; data: string }
type Receipt = { transactionHash: string; status: string; logs: Log[]; blockNumber: string }

/** One request from the page; its result, or an error naming the request and the node's answer. */
async function call<T = unknown>(page: Page, method: string, params: unknown[] = []): Promise<T> {
  const outcome = await eth(page, method, params)
  if ('error' in outcome)
    throw new Error(
      `${method}(${JSON.stringify(params)}) answered ${outcome.error.code} ${outcome.error.message}`,
    )
  return outcome.result as T
}

/** A legacy transaction from the cow account, signed here (chain id 33), sent raw from the page. */
async function sendRawFromCow(page: Page, tx: TransactionRequest): Promise<Receipt> {
  const raw = await new Wallet(cow.privateKey).signTransaction({
    type: 0,
    chainId: 33,
    gasPrice: 0,
    gasLimit: 500_000,
    ...tx,
  })
  const hash = await call<string>(page, 'eth_sendRawTransaction', [raw])
  // Automine: the receipt is there at once.
  const receipt = await call<Receipt | null>(page, 'eth_getTransactionReceipt', [hash])
  expect(receipt, `receipt of ${hash}`).not.toBeNull()
  return receipt as Receipt
}

const balanceOf = async (page: Page, address: string) =>
  BigInt(await call<string>(page, 'eth_getBalance', [address, 'latest']))
const nonceOf = async (page: Page, address: string) =>
  Number(await call<string>(page, 'eth_getTransactionCount', [address, 'latest']))

test.beforeEach(async ({ devnode, openSite, page }) => {
  await devnode.selectNetwork('regtest')
  await openSite()
  expect(await call(page, 'eth_chainId')).toBe('0x21')
})

test('a peg-in built outside the node is registered from the page once, for exactly its value', async ({
  page,
}) => {
  await call(page, 'btc_setFederation', [{ autoRegisterPegins: false }])
  try {
    const info = await call<Info>(page, 'btc_getInfo')
    const { utxos } = await call<{ utxos: Utxo[] }>(page, 'btc_getBalance', [cowBtc])
    const [coin] = utxos
    if (!coin) throw new Error(`btc_getBalance(${cowBtc}): no coins to spend`)
    const spend = { txid: coin.txid, vout: coin.vout, value: BigInt(coin.value) }
    const value = 50_000_000n
    const tx = signedPayment(cow.privateKey, spend, info.federation.address, value)
    expect(await call(page, 'btc_sendRawTransaction', [tx.toHex()])).toBe(tx.getId())
    const hashes = await call<string[]>(page, 'btc_mine', [3])
    expect(hashes).toHaveLength(3)
    const block = await call<{ height: number; tx: { txid: string }[] }>(page, 'btc_getBlock', [hashes[0]])
    const txids = block.tx.map((t) => t.txid)
    const index = txids.indexOf(tx.getId())
    expect(index).toBeGreaterThan(0)
    const pmt = partialMerkleTree(
      txids.map((id) => Buffer.from(id, 'hex').reverse()),
      index,
    )
    const data = bridgeAbi.encodeFunctionData('registerBtcTransaction', [
      `0x${tx.toHex()}`,
      block.height,
      `0x${pmt.toString('hex')}`,
    ])

    const before = await balanceOf(page, cow.address)
    const nonce = await nonceOf(page, cow.address)
    const first = await sendRawFromCow(page, { to: BRIDGE, data, nonce })
    expect(first.status).toBe('0x1')
    const pegins = first.logs
      .filter((l) => l.address.toLowerCase() === BRIDGE && l.topics[0] === PEGIN_BTC)
      .map((l) => bridgeAbi.parseLog(l))
    expect(pegins).toHaveLength(1)
    expect(pegins[0]?.args.receiver.toLowerCase()).toBe(cow.address)
    expect(pegins[0]?.args.btcTxHash).toBe(`0x${tx.getId()}`)
    expect(pegins[0]?.args.amount).toBe(value)
    const after = await balanceOf(page, cow.address)
    expect(after - before).toBe(value * 10n ** 10n)

    // The same transaction and proof again: processed already, no credit.
    const second = await sendRawFromCow(page, { to: BRIDGE, data, nonce: nonce + 1 })
    expect(second.logs.filter((l) => l.topics[0] === PEGIN_BTC)).toEqual([])
    expect(await balanceOf(page, cow.address)).toBe(after)
    const processed = await call<string>(page, 'eth_call', [
      { to: BRIDGE, data: bridgeAbi.encodeFunctionData('getBtcTxHashProcessedHeight', [tx.getId()]) },
      'latest',
    ])
    expect(BigInt(processed)).toBe(BigInt(first.blockNumber))
    const pegs = await call<{ pegins: Pegin[] }>(page, 'btc_getPegs')
    expect(pegs.pegins.filter((p: { btcTxid: string }) => p.btcTxid === tx.getId())).toMatchObject([
      { status: 'registered', recipient: cow.address },
    ])
  } finally {
    await call(page, 'btc_setFederation', [{ autoRegisterPegins: true }])
  }
})

test('a peg-out of 0.5 RBTC is released across a stop of the service worker, signed 2-of-3', async ({
  page,
  context,
  extensionId,
}) => {
  const value = 5n * 10n ** 17n
  const request = await sendRawFromCow(page, {
    to: BRIDGE,
    value,
    gasLimit: 100_000,
    nonce: await nonceOf(page, cow.address),
  })
  expect(request.status).toBe('0x1')
  const received = request.logs
    .filter((l) => l.address.toLowerCase() === BRIDGE)
    .map((l) => bridgeAbi.parseLog(l))
    .find((l) => l?.name === 'release_request_received')
  expect(received?.args.btcDestinationAddress).toBe(cowBtc)
  // RSKIP427: the amount in weis.
  expect(received?.args.amount).toBe(value)
  await call(page, 'evm_mine')
  await call(page, 'evm_mine')
  const pegoutOf = async () =>
    (await call<{ pegouts: Pegout[] }>(page, 'btc_getPegs')).pegouts.find(
      (p) => p.rskTxHash === request.transactionHash,
    )
  const midway = await pegoutOf()
  expect(['queued', 'batched', 'waiting-signatures']).toContain(midway?.status)
  const head = Number(await call<string>(page, 'eth_blockNumber'))

  // The worker stops in the middle of the peg-out.
  const cdp = await context.newCDPSession(page)
  type Version = { versionId: string; scriptURL: string; runningStatus: string }
  const versions = new Map<string, Version>()
  cdp.on('ServiceWorker.workerVersionUpdated', (e: { versions: Version[] }) => {
    for (const v of e.versions)
      if (v.scriptURL.startsWith(`chrome-extension://${extensionId}/`)) versions.set(v.versionId, v)
  })
  await cdp.send('ServiceWorker.enable')
  await expect.poll(() => [...versions.values()].some((v) => v.runningStatus === 'running')).toBe(true)
  const running = [...versions.values()].find((v) => v.runningStatus === 'running') as Version
  await cdp.send('ServiceWorker.stopWorker', { versionId: running.versionId })
  await expect.poll(() => versions.get(running.versionId)?.runningStatus).toBe('stopped')
  await cdp.detach()

  // The page's next calls start it again, on the same chain.
  let pegout: Pegout | undefined
  let mined = 0
  while (mined < 60) {
    await call(page, 'evm_mine')
    mined++
    pegout = await pegoutOf()
    if (pegout?.status === 'released' || pegout?.status === 'confirmed') break
  }
  expect(Number(await call<string>(page, 'eth_blockNumber'))).toBe(head + mined)
  expect(pegout).toMatchObject({
    destination: cowBtc,
    status: expect.stringMatching(/^(released|confirmed)$/),
  })

  const released = await call<{ hex: string }>(page, 'btc_getTransaction', [pegout!.btcTxid])
  const tx = bitcoin.Transaction.fromHex(released.hex)
  expect(tx.getId()).toBe(pegout!.btcTxid)
  const paid = tx.outs.find((o) => {
    try {
      return bitcoin.address.fromOutputScript(o.script, regtest) === cowBtc
    } catch {
      return false
    }
  })
  expect(paid).toBeDefined()
  expect(paid!.value).toBeLessThan(50_000_000n)
  expect(paid!.value).toBeGreaterThan(49_000_000n)
  const info = await call<Info>(page, 'btc_getInfo')
  expect(info.federation.threshold).toBe(2)
  const keys = info.federation.publicKeys.map((k: string) => Buffer.from(k, 'hex'))
  expect(keys).toHaveLength(3)
  expect(multisigInputsVerify(tx, keys, 2)).toBe(true)
  const forged = bitcoin.Transaction.fromHex(released.hex)
  forged.outs[0]!.value -= 1n
  expect(multisigInputsVerify(forged, keys, 2)).toBe(false)

  // One Bitcoin block later it is confirmed there.
  if (pegout!.status === 'released') {
    const [blockHash] = await call<string[]>(page, 'btc_mine', [1])
    expect(await call(page, 'btc_getTransaction', [pegout!.btcTxid])).toMatchObject({
      confirmations: 1,
      blockhash: blockHash,
    })
    expect(await pegoutOf()).toMatchObject({ status: 'confirmed', btcTxid: pegout!.btcTxid })
  }
})
