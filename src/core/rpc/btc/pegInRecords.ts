/** The peg-ins of `btc_getPegs`: from the Bridge's verdicts and the federation's Bitcoin outputs. */

import { scriptToAddress } from '../../bitcoin/address.js'
import type { BitcoinChain } from '../../bitcoin/chain/bitcoinChain.js'
import type { BtcFederation } from '../../bitcoin/chain/federation.js'
import type { LogView } from '../../node/engine/views.js'
import { bytesToHex, bytesToUnprefixedHex, equalBytes } from '../../util/hex.js'
import { btcHex } from './bitcoinOfNode.js'
import { sameBytes } from './pegSteps.js'

export interface PegInSources {
  chain: BitcoinChain
  federation: BtcFederation
  logs: readonly LogView[]
  topics: { accepted: Uint8Array; rejected: Uint8Array; unrefundable: Uint8Array }
  /** Txids (hex) whose outputs the Bridge already counts as the federation's. */
  known: ReadonlySet<string>
  processed: (txid: Uint8Array) => boolean
}

export function pegInRecords(s: PegInSources) {
  const records = []
  const verdicts = s.logs.filter(
    (l) =>
      sameBytes(l.topics[0], s.topics.accepted) ||
      sameBytes(l.topics[0], s.topics.rejected) ||
      sameBytes(l.topics[0], s.topics.unrefundable),
  )
  for (const log of verdicts) {
    const accepted = sameBytes(log.topics[0], s.topics.accepted)
    const txid = (accepted ? log.topics[2] : log.topics[1])!
    records.push({
      ...bitcoinSide(s, txid),
      recipient: accepted ? bytesToHex(log.topics[1]!.subarray(12)) : null,
      status: accepted ? 'registered' : 'rejected',
      rskTxHash: bytesToHex(log.transactionHash),
      rskBlockNumber: `0x${log.blockNumber.toString(16)}`,
    })
  }
  // Outputs to the federation the Bridge has not seen yet: on their way.
  const seen = new Set<string>()
  for (const utxo of s.chain.utxosOf(s.federation.scriptPubKey, { mempool: true })) {
    const key = bytesToUnprefixedHex(utxo.txid)
    if (seen.has(key) || s.known.has(key) || utxo.height === s.chain.genesisHeight || s.processed(utxo.txid))
      continue
    seen.add(key)
    const side = bitcoinSide(s, utxo.txid)
    // The federation's own transactions (a peg-out's change) are not peg-ins.
    if (side.sender === s.federation.address) continue
    records.push({ ...side, recipient: null, status: side.confirmations === 0 ? 'mempool' : 'confirming' })
  }
  return records
}

function bitcoinSide(s: PegInSources, txid: Uint8Array) {
  const info = s.chain.transaction(txid) ?? s.chain.transaction(txid.slice().reverse())
  const value = info?.tx.outputs
    .filter((o) => equalBytes(o.scriptPubKey, s.federation.scriptPubKey))
    .reduce((sum, o) => sum + o.value, 0n)
  const firstInput = info?.tx.inputs[0]
  const spent = firstInput ? s.chain.transaction(firstInput.previousTxid) : undefined
  const spentOutput = firstInput ? spent?.tx.outputs[firstInput.previousIndex] : undefined
  return {
    btcTxid: btcHex(txid),
    value: value?.toString() ?? null,
    sender: spentOutput ? (scriptToAddress(spentOutput.scriptPubKey, s.chain.params) ?? null) : null,
    confirmations: info?.height === undefined ? 0 : s.chain.bestHeight() - info.height + 1,
  }
}
