/**
 * Handler for `btc_getPegs`: every peg-in and peg-out with its state on both chains, read from the
 * Bridge's events (RSK side) and the simulated Bitcoin chain (BTC side): peg-ins paying the
 * federation that the Bridge has not processed yet are `mempool` or `confirming`; registered ones
 * `registered` or `rejected`; peg-outs go `queued` → `batched` → `waiting-signatures` → `released`
 * → `confirmed` (mined on Bitcoin), or `rejected`.
 */
import { federationOf } from '../../../bitcoin/chain/federation.js'
import { parseTransaction, transactionId } from '../../../mining/bitcoin/transaction.js'
import { BRIDGE_ADDRESS } from '../../../network/networks.js'
import { getLogs } from '../../../node/engine/queries.js'
import type { LogView } from '../../../node/engine/views.js'
import { bridgeStorageIn } from '../../../node/precompiles/bridge/genesis.js'
import { readFederationUtxos, readProcessedHeight } from '../../../node/precompiles/bridge/storage.js'
import { bytesToBigint, bytesToHex, bytesToUnprefixedHex } from '../../../util/hex.js'
import { lazy } from '../../../util/lazy.js'
import { btcHex, latestBitcoinChain } from '../../btc/bitcoinOfNode.js'
import { pegInRecords } from '../../btc/pegInRecords.js'
import { includes, sameBytes, topicHash } from '../../btc/pegSteps.js'
import { defineMethod } from '../../defineMethod.js'

// Hashed on first use: nothing is hashed at import (util/lazy.ts).
const topics = lazy(() => ({
  received: topicHash('release_request_received(address,string,uint256)'),
  rejected: topicHash('release_request_rejected(address,uint256,int256)'),
  batch: topicHash('batch_pegout_created(bytes32,bytes)'),
  confirmed: topicHash('pegout_confirmed(bytes32,uint256)'),
  released: topicHash('release_btc(bytes32,bytes)'),
  peginBtc: topicHash('pegin_btc(address,bytes32,int256,int256)'),
  rejectedPegin: topicHash('rejected_pegin(bytes32,int256)'),
  unrefundable: topicHash('unrefundable_pegin(bytes32,int256)'),
}))

export const btc_getPegs = defineMethod({
  name: 'btc_getPegs',
  params: [],
  handler: async (context) => {
    const { engine } = context
    const logs = await getLogs(
      engine,
      {
        from: 0n,
        to: engine.head.header.number,
        criteria: { addresses: [BRIDGE_ADDRESS], topics: [Object.values(topics())] },
      },
      engine.unlimitedLogs,
    )
    const chain = latestBitcoinChain(context)
    const storage = bridgeStorageIn(engine.state, context.network.name)
    const pegins = pegInRecords({
      chain,
      federation: federationOf(context.network.name),
      logs,
      topics: {
        accepted: topics().peginBtc,
        rejected: topics().rejectedPegin,
        unrefundable: topics().unrefundable,
      },
      known: new Set(readFederationUtxos(storage).map((u) => bytesToUnprefixedHex(u.txid))),
      processed: (txid) => readProcessedHeight(storage, txid) !== undefined,
    })
    return { pegins, pegouts: pegOutRecords(logs, chain) }
  },
})

function pegOutRecords(logs: readonly LogView[], chain: ReturnType<typeof latestBitcoinChain>) {
  const is = (log: LogView, topic: Uint8Array) => sameBytes(log.topics[0], topic)
  const batches = logs.filter((l) => is(l, topics().batch))
  return logs
    .filter((l) => is(l, topics().received) || is(l, topics().rejected))
    .map((log) => {
      const base = {
        rskTxHash: bytesToHex(log.transactionHash),
        rskBlockNumber: `0x${log.blockNumber.toString(16)}`,
        sender: bytesToHex(log.topics[1]!.subarray(12)),
      }
      if (is(log, topics().rejected))
        return {
          ...base,
          destination: null,
          value: bytesToBigint(log.data.subarray(0, 32)).toString(),
          status: 'rejected',
          reason: Number(bytesToBigint(log.data.subarray(32, 64))),
        }
      const destination = abiString(log.data, 0)
      const value = bytesToBigint(log.data.subarray(32, 64)).toString()
      const batch = batches.find((b) => includes(b.data, log.transactionHash))
      if (!batch) return { ...base, destination, value, status: 'queued' }
      const unsignedTxid = batch.topics[1]!
      const confirmed = logs.some((l) => is(l, topics().confirmed) && sameBytes(l.topics[1], unsignedTxid))
      const release = logs.find(
        (l) =>
          is(l, topics().released) &&
          (sameBytes(l.topics[1], batch.transactionHash) || sameBytes(l.topics[1], log.transactionHash)),
      )
      if (!release)
        return {
          ...base,
          destination,
          value,
          status: confirmed ? 'waiting-signatures' : 'batched',
          btcTxid: btcHex(unsignedTxid),
        }
      const length = Number(bytesToBigint(release.data.subarray(32, 64)))
      const txid = transactionId(parseTransaction(release.data.subarray(64, 64 + length)))
      const info = chain.transaction(txid)
      const confirmations = info?.height === undefined ? 0 : chain.bestHeight() - info.height + 1
      return {
        ...base,
        destination,
        value,
        status: confirmations > 0 ? 'confirmed' : 'released',
        btcTxid: btcHex(txid),
        confirmations,
        releaseRskTxHash: bytesToHex(release.transactionHash),
      }
    })
}

/** The ABI `string` whose head word is at `index`. */
function abiString(data: Uint8Array, index: number): string {
  const offset = Number(bytesToBigint(data.subarray(index * 32, index * 32 + 32)))
  const length = Number(bytesToBigint(data.subarray(offset, offset + 32)))
  return new TextDecoder().decode(data.subarray(offset + 32, offset + 32 + length))
}
