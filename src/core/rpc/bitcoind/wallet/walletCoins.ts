/** The dev wallet's coins: every unspent output paying one of its keys' scripts. */
import type { BitcoinChain } from '../../../bitcoin/chain/bitcoinChain.js'
import { COINBASE_MATURITY } from '../../../bitcoin/chain/coinbase.js'
import { MEMPOOL_HEIGHT, type Utxo } from '../../../bitcoin/chain/types.js'
import type { PaymentKind } from '../../../bitcoin/chain/wallet.js'
import { type WalletKey, walletScripts } from './walletKeys.js'

export interface WalletCoin {
  utxo: Utxo
  key: WalletKey
  kind: PaymentKind
  /** 0 while in the mempool. */
  confirmations: number
  /** A coinbase not yet spendable (the genesis outputs are spendable at once, a simulation choice). */
  immature: boolean
}

export function walletCoins(chain: BitcoinChain): WalletCoin[] {
  const best = chain.bestHeight()
  return walletScripts(chain).flatMap(({ key, kind, script }) =>
    chain.utxosOf(script, { mempool: true }).map((utxo) => {
      const confirmations = utxo.height === MEMPOOL_HEIGHT ? 0 : best - utxo.height + 1
      const immature =
        utxo.coinbase && utxo.height !== chain.genesisHeight && confirmations < COINBASE_MATURITY
      return { utxo, key, kind, confirmations, immature }
    }),
  )
}
