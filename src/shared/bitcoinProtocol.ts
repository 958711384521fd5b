/**
 * The simulated Bitcoin chain in the panel protocol: what the node's `btc_*` dev methods answer
 * (docs/dev-methods.md), which the panel's Bitcoin view asks through the protocol's `rpc` message
 * (`BitcoinPanelMethods` names each method's parameters and answer). Blocks and
 * transactions are bitcoind's JSON (`getblock` verbosity 1 and 2, `getrawtransaction` verbose):
 * amounts there are numbers in BTC; amounts of the node's own objects are decimal satoshi strings.
 */

export interface BtcUtxoRef {
  txid: string
  vout: number
  /** Satoshis, decimal. */
  value: string
}

export interface BtcInfo {
  chain: string
  blocks: number
  bestBlockHash: string
  mempoolSize: number
  federation: {
    address: string
    threshold: number
    publicKeys: string[]
    /** Satoshis, decimal. */
    balance: string
    utxos: BtcUtxoRef[]
  }
  lightClient: { bestHeight: number; bestBlockHash: string }
  faucet: { address: string }
  autoRegisterPegins: boolean
  /** `btc_setMining`: a Bitcoin block before every n-th RSK block; 0 mines only on demand. */
  mining: { followRsk: number }
}

/** `getblock` verbosity 1: transactions as txids. */
export interface BtcBlockSummary {
  hash: string
  height: number
  time: number
  nTx: number
  confirmations?: number
  previousblockhash?: string
  tx?: string[]
}

export interface BtcScriptPubKey {
  asm?: string
  hex: string
  type?: string
  address?: string
}

export interface BtcVout {
  /** BTC (bitcoind's JSON number). */
  value: number
  n: number
  scriptPubKey: BtcScriptPubKey
}

export interface BtcVin {
  /** Present on a coinbase input instead of txid/vout. */
  coinbase?: string
  txid?: string
  vout?: number
  scriptSig?: { asm?: string; hex: string }
  txinwitness?: string[]
  sequence: number
  /** The spent output (getblock verbosity 3), when the node sends it. */
  prevout?: { value: number; scriptPubKey: BtcScriptPubKey; height?: number }
}

/** `getrawtransaction` verbose, plus where it is when the node's dev method adds it. */
export interface BtcTransaction {
  txid: string
  hash?: string
  size?: number
  vsize?: number
  weight?: number
  version?: number
  locktime?: number
  vin: BtcVin[]
  vout: BtcVout[]
  hex?: string
  blockhash?: string
  confirmations?: number
  inMempool?: boolean
}

/** `getblock` verbosity 2: whole transactions. */
export interface BtcBlock extends Omit<BtcBlockSummary, 'tx'> {
  version?: number
  versionHex?: string
  merkleroot?: string
  nonce?: number
  bits?: string
  difficulty?: number
  chainwork?: string
  mediantime?: number
  nextblockhash?: string
  size?: number
  weight?: number
  tx: BtcTransaction[]
}

export type PeginStatus = 'mempool' | 'confirming' | 'registered' | 'rejected'
export type PegoutStatus = 'queued' | 'batched' | 'waiting-signatures' | 'released' | 'confirmed' | 'rejected'

export interface BtcPegin {
  btcTxid: string
  /** Satoshis paid to the federation, decimal; null when the transaction is no longer known. */
  value: string | null
  /** The Bitcoin address the first input spends from, when it has one. */
  sender: string | null
  /** The credited RSK address (registered peg-ins only). */
  recipient: string | null
  status: PeginStatus
  confirmations: number
  rskTxHash?: string
  /** Hex QUANTITY. */
  rskBlockNumber?: string
}

export interface BtcPegout {
  rskTxHash: string
  /** Hex QUANTITY. */
  rskBlockNumber?: string
  sender: string
  /** The Bitcoin address paid; null for a rejected request. */
  destination: string | null
  /** Satoshis (RSKj's release events count satoshis), decimal. */
  value: string
  status: PegoutStatus
  /** RSKj's release_request_rejected reason code. */
  reason?: number
  btcTxid?: string
  confirmations?: number
  /** The RSK transaction whose release_btc event carries the signed transaction. */
  releaseRskTxHash?: string
}

export interface BtcPegs {
  pegins: BtcPegin[]
  pegouts: BtcPegout[]
}

/** A dev account's key on the Bitcoin side (one key, both chains). */
export interface BtcDevAddress {
  rskAddress: string
  p2pkh: string
  p2wpkh: string
  p2shP2wpkh: string
  /** Satoshis, decimal. */
  balance: string
}

export interface BtcPegInResult {
  btcTxid: string
  rskTxHash?: string
  rskBlockNumber?: string
  recipient: string | null
  /** Wei, decimal. */
  credited?: string
  status?: 'registered' | 'rejected'
}

/** Each `btc_*` method the panel calls, with its parameters and its answer. */
export interface BitcoinPanelMethods {
  btc_getInfo: { params: []; result: BtcInfo }
  btc_getBlocks: { params: [{ count?: number; before?: number }?]; result: BtcBlockSummary[] }
  btc_getBlock: { params: [hashOrHeight: string | number]; result: BtcBlock | null }
  btc_getTransaction: { params: [txid: string]; result: BtcTransaction | null }
  btc_getMempool: { params: []; result: BtcTransaction[] }
  btc_getPegs: { params: []; result: BtcPegs }
  btc_getAddresses: { params: []; result: BtcDevAddress[] }
  btc_mine: { params: [count?: number, address?: string]; result: string[] }
  btc_fund: { params: [address: string, value?: string]; result: { txid: string; blockhash: string } }
  btc_pegIn: {
    params: [{ from: string; value: string; to?: string; refundAddress?: string }]
    result: BtcPegInResult
  }
}
