/**
 * The peg scenarios every host must pass, over any `rpc` (in-process, HTTP): a peg-in built and
 * proven outside the node and registered by hand, and the checks of a released peg-out. Values are
 * returned for the caller's assertions; nothing here knows the transport.
 */
import * as bitcoin from 'bitcoinjs-lib'
import { Interface, Wallet } from 'ethers'
import { COW_ACCOUNTS } from '../../src/core/accounts/devAccounts.js'
import { multisigInputsVerify, p2pkhOf, partialMerkleTree, regtest, signedPayment } from './outsideBitcoin.js'

// biome-ignore lint/suspicious/noExplicitAny: JSON-RPC results are read field by field in tests.
export type Rpc = <T = any>(method: string, params?: unknown[]) => Promise<T>

export const BRIDGE = '0x0000000000000000000000000000000001000006'
export const bridgeAbi = new Interface([
  'function registerBtcTransaction(bytes tx, int256 height, bytes pmt)',
  'function getBtcTxHashProcessedHeight(string hash) view returns (int64)',
  'event pegin_btc(address indexed receiver, bytes32 indexed btcTxHash, int256 amount, int256 protocolVersion)',
  'event release_request_received(address indexed sender, string btcDestinationAddress, uint256 amount)',
])
export const cow = COW_ACCOUNTS[0]!

/** A raw legacy transaction from the cow to the Bridge, signed outside the node (regtest, gas price 0). */
export async function signedToBridge(rpc: Rpc, p: { data?: string; value?: bigint; nonce?: number }) {
  const nonce = p.nonce ?? Number(await rpc('eth_getTransactionCount', [cow.address, 'pending']))
  return new Wallet(cow.privateKey).signTransaction({
    type: 0,
    chainId: 33,
    nonce,
    to: BRIDGE,
    data: p.data ?? '0x',
    value: p.value ?? 0n,
    gasLimit: 500_000,
    gasPrice: 0,
  })
}

function peginLogs(receipt: { logs: { address: string; topics: string[]; data: string }[] }) {
  return receipt.logs
    .filter((l) => l.address === BRIDGE)
    .map((l) => bridgeAbi.parseLog(l))
    .filter((l) => l?.name === 'pegin_btc')
}

/**
 * Sends `value` satoshis from the cow's Bitcoin key to the federation (signed with bitcoinjs-lib),
 * mines it with 3 confirmations, proves it with a tree built here and registers it twice from the
 * cow's RSK account. Answers the balance change and the Bridge's events of both registrations.
 */
export async function pegInFromOutside(rpc: Rpc, value: bigint) {
  await rpc('btc_setFederation', [{ autoRegisterPegins: false }])
  const info = await rpc('btc_getInfo')
  const { utxos } = await rpc('btc_getBalance', [p2pkhOf(cow.privateKey)])
  const spend = { txid: utxos[0].txid, vout: utxos[0].vout, value: BigInt(utxos[0].value) }
  const tx = signedPayment(cow.privateKey, spend, info.federation.address, value)
  const txid = await rpc<string>('btc_sendRawTransaction', [tx.toHex()])
  const [blockHash] = await rpc<string[]>('btc_mine', [3])
  const block = await rpc('btc_getBlock', [blockHash])
  const txids: string[] = block.tx.map((t: { txid: string }) => t.txid)
  const pmt = partialMerkleTree(
    txids.map((id) => Buffer.from(id, 'hex').reverse()),
    txids.indexOf(tx.getId()),
  )
  const data = bridgeAbi.encodeFunctionData('registerBtcTransaction', [
    `0x${tx.toHex()}`,
    block.height,
    `0x${pmt.toString('hex')}`,
  ])
  const before = BigInt(await rpc('eth_getBalance', [cow.address, 'latest']))
  const register = async () =>
    rpc('eth_getTransactionReceipt', [
      await rpc('eth_sendRawTransaction', [await signedToBridge(rpc, { data })]),
    ])
  const first = await register()
  const afterFirst = BigInt(await rpc('eth_getBalance', [cow.address, 'latest']))
  const second = await register()
  const afterSecond = BigInt(await rpc('eth_getBalance', [cow.address, 'latest']))
  const processedHeight = await rpc('eth_call', [
    { to: BRIDGE, data: bridgeAbi.encodeFunctionData('getBtcTxHashProcessedHeight', [tx.getId()]) },
    'latest',
  ])
  return {
    txid,
    expectedTxid: tx.getId(),
    credited: afterFirst - before,
    creditedAgain: afterSecond - afterFirst,
    firstEvents: peginLogs(first),
    secondEvents: peginLogs(second),
    processedHeight: BigInt(processedHeight),
  }
}

/** What a released peg-out transaction pays the cow's Bitcoin key, and whether its signatures verify. */
export async function releasedPegout(rpc: Rpc, btcTxid: string) {
  const released = await rpc('btc_getTransaction', [btcTxid])
  const tx = bitcoin.Transaction.fromHex(released.hex)
  const destination = p2pkhOf(cow.privateKey)
  const paid = tx.outs.find((o) => {
    try {
      return bitcoin.address.fromOutputScript(o.script, regtest) === destination
    } catch {
      return false
    }
  })
  const info = await rpc('btc_getInfo')
  const keys = info.federation.publicKeys.map((k: string) => Buffer.from(k, 'hex'))
  const forged = bitcoin.Transaction.fromHex(released.hex)
  forged.outs[0]!.value -= 1n
  return {
    confirmations: released.confirmations as number,
    paid: paid?.value,
    signaturesVerify: multisigInputsVerify(tx, keys, 2),
    forgedVerifies: multisigInputsVerify(forged, keys, 2),
  }
}

// biome-ignore lint/suspicious/noExplicitAny: bitcoind results are read field by field in tests.
export type BitcoindCall = <T = any>(method: string, ...params: unknown[]) => Promise<T>

/**
 * A peg-in driven only through the bitcoind-compatible RPC, as a tool written for Bitcoin Core
 * does it: `sendtoaddress` to the federation from the node's wallet, `generatetoaddress` 3,
 * `gettxoutproof`, then `registerBtcTransaction` with that proof, by hand. Answers what the test
 * checks: the proof's tree against one built here from the block, and the credit of the RSK
 * address of the key that signed the payment.
 */
export async function pegInThroughBitcoind(rpc: Rpc, bitcoind: BitcoindCall, value: number) {
  await rpc('btc_setFederation', [{ autoRegisterPegins: false }])
  const federation = (await rpc('btc_getInfo')).federation.address as string
  const txid = await bitcoind<string>('sendtoaddress', federation, value)
  const miner = await bitcoind<string>('getnewaddress')
  const [blockHash] = await bitcoind<string[]>('generatetoaddress', 3, miner)
  const proof = Buffer.from(await bitcoind<string>('gettxoutproof', [txid]), 'hex')
  const block = await bitcoind('getblock', blockHash, 1)
  const header = bitcoin.Block.fromHex(proof.subarray(0, 80).toString('hex'))
  const ourTree = partialMerkleTree(
    block.tx.map((id: string) => Buffer.from(id, 'hex').reverse()),
    block.tx.indexOf(txid),
  )
  const raw = await bitcoind<string>('getrawtransaction', txid)
  const payment = bitcoin.Transaction.fromHex(raw)
  const signerKey = Buffer.from((bitcoin.script.decompile(payment.ins[0]!.script) ?? []).at(-1) as Uint8Array)
  const { computeAddress } = await import('ethers')
  const recipient = computeAddress(`0x${signerKey.toString('hex')}`).toLowerCase()
  const data = bridgeAbi.encodeFunctionData('registerBtcTransaction', [
    `0x${raw}`,
    block.height,
    `0x${proof.subarray(80).toString('hex')}`,
  ])
  const before = BigInt(await rpc('eth_getBalance', [recipient, 'latest']))
  const receipt = await rpc('eth_getTransactionReceipt', [
    await rpc('eth_sendRawTransaction', [await signedToBridge(rpc, { data })]),
  ])
  const after = BigInt(await rpc('eth_getBalance', [recipient, 'latest']))
  return {
    headerIsTheBlock: header.getId() === blockHash && header.checkProofOfWork(),
    treeMatchesOurs: proof.subarray(80).equals(ourTree),
    credited: after - before,
    events: peginLogs(receipt),
    recipient,
  }
}
