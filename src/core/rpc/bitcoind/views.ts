/**
 * bitcoind's JSON for the simulated Bitcoin chain: `getblock` (verbosity 0, 1, 2), `getblockheader`,
 * `getrawtransaction` / `decoderawtransaction` and `gettxout`, with Bitcoin Core's member names and
 * order, amounts as BTC numbers and hashes in display order. The `btc_*` dev methods show blocks and
 * transactions through these too, so both surfaces agree.
 */
import type { Utxo } from '../../bitcoin/chain/types.js'
import { bytesToUnprefixedHex } from '../../util/hex.js'
import { type ScriptPubKeyJson, scriptPubKeyJson } from './scriptJson.js'
import { type BtcChainView, btcAmount } from './transactionViews.js'

export * from './blockViews.js'
export * from './transactionViews.js'

export interface TxOutJson {
  bestblock: string
  confirmations: number
  value: number
  scriptPubKey: ScriptPubKeyJson
  coinbase: boolean
}

/** `gettxout` of an unspent output (confirmations 0 while it is only in the mempool). */
export function txOutJson(
  chain: BtcChainView & { bestHash(): Uint8Array },
  utxo: Utxo,
  inMempool: boolean,
): TxOutJson {
  return {
    bestblock: bytesToUnprefixedHex(chain.bestHash()),
    confirmations: inMempool ? 0 : Math.max(0, chain.bestHeight() - utxo.height + 1),
    value: btcAmount(utxo.value),
    scriptPubKey: scriptPubKeyJson(utxo.scriptPubKey, chain.params),
    coinbase: utxo.coinbase,
  }
}
