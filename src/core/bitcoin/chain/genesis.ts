/**
 * The simulated Bitcoin chain's genesis block, the same on every run of a network. Its coinbase
 * pays 100 BTC to the P2PKH address of every dev account's key (the key of an RSK dev account
 * controls a funded BTC address too, as one key does on Rootstock) and 20 outputs of 50 BTC to the
 * federation's P2SH address (the Bridge's initial UTXOs), then 1,000,000 BTC to a faucet key that
dev methods pay from. A simulation choice: the genesis
 * coinbase is spendable at once, where Bitcoin's would wait 100 blocks (and its genesis coinbase
 * can never be spent). The genesis sits at the Bridge's checkpoint height of the network, so the
 * Bridge's light client starts where the chain does.
 */
import { DEV_ACCOUNTS } from '../../accounts/devAccounts.js'
import { curves } from '../../crypto/curves.js'
import { sha256 } from '../../crypto/hash.js'
import type { BitcoinBlock } from '../../mining/bitcoin/block.js'
import { serializeBitcoinBlock } from '../../mining/bitcoin/block.js'
import { bitcoinHeaderHash, encodeBitcoinHeader } from '../../mining/bitcoin/header.js'
import { merkleRoot } from '../../mining/bitcoin/merkle.js'
import { transactionId } from '../../mining/bitcoin/transaction.js'
import type { NetworkName } from '../../network/networks.js'
import { hexToBytes, utf8ToBytes } from '../../util/hex.js'
import { hash160 } from '../hash160.js'
import { REGTEST_BITS } from '../params.js'
import { mineHeader } from '../pow.js'
import { p2pkhScript } from '../script.js'
import { coinbaseTransaction } from './coinbase.js'
import { federationOf } from './federation.js'
import type { Utxo } from './types.js'

/** Height of each network's genesis: the Bridge's initial BTC height (its checkpoint). */
export const BTC_GENESIS_HEIGHT: Readonly<Record<NetworkName, number>> = {
  regtest: 0,
  testnet: 2_580_000,
  mainnet: 838_000,
}

/** Genesis times: Bitcoin regtest's genesis, and about when the real chains were at those heights. */
const GENESIS_TIME: Readonly<Record<NetworkName, number>> = {
  regtest: 1_296_688_602,
  testnet: 1_710_000_000,
  mainnet: 1_712_000_000,
}

export const DEV_ACCOUNT_GENESIS_VALUE = 10_000_000_000n
export const FEDERATION_GENESIS_OUTPUTS = 20
export const FEDERATION_GENESIS_VALUE = 5_000_000_000n
export const FAUCET_GENESIS_VALUE = 100_000_000_000_000n
/** The faucet's key, sha256("rsk-devnode bitcoin faucet"): its P2PKH output is the genesis coinbase's last. */
export const FAUCET_PRIVATE_KEY = sha256(utf8ToBytes('rsk-devnode bitcoin faucet'))

export interface BtcGenesis {
  block: BitcoinBlock
  height: number
  hash: Uint8Array
  raw: Uint8Array
  /** The genesis outputs paying the federation, in output order. */
  federationUtxos: Utxo[]
}

const cache = new Map<NetworkName, BtcGenesis>()

/** The compressed public key of a 32-byte private key. */
export function compressedPublicKey(privateKey: Uint8Array): Uint8Array {
  return curves().secp256k1.getPublicKey(privateKey, true)
}

/** The network's genesis (needs the curves loaded: `loadCurves()`). */
export function bitcoinGenesis(network: NetworkName): BtcGenesis {
  const cached = cache.get(network)
  if (cached) return cached
  const height = BTC_GENESIS_HEIGHT[network]
  const federation = federationOf(network)
  const outputs = [
    ...DEV_ACCOUNTS.map((account) => ({
      value: DEV_ACCOUNT_GENESIS_VALUE,
      scriptPubKey: p2pkhScript(hash160(compressedPublicKey(hexToBytes(account.privateKey)))),
    })),
    ...Array.from({ length: FEDERATION_GENESIS_OUTPUTS }, () => ({
      value: FEDERATION_GENESIS_VALUE,
      scriptPubKey: federation.scriptPubKey,
    })),
    {
      value: FAUCET_GENESIS_VALUE,
      scriptPubKey: p2pkhScript(hash160(compressedPublicKey(FAUCET_PRIVATE_KEY))),
    },
  ]
  const coinbase = coinbaseTransaction(height, outputs, utf8ToBytes(`rsk-devnode ${network} genesis`))
  const txid = transactionId(coinbase)
  const header = mineHeader({
    version: 1,
    previousBlockHash: new Uint8Array(32),
    merkleRoot: merkleRoot([txid]),
    time: GENESIS_TIME[network],
    bits: REGTEST_BITS,
    nonce: 0,
  })
  const block: BitcoinBlock = { header, transactions: [coinbase] }
  const federationUtxos = outputs.flatMap((output, index) =>
    output.scriptPubKey === federation.scriptPubKey
      ? [{ txid, index, ...output, height, coinbase: true }]
      : [],
  )
  const genesis: BtcGenesis = {
    block,
    height,
    hash: bitcoinHeaderHash(encodeBitcoinHeader(header)),
    raw: serializeBitcoinBlock(block),
    federationUtxos,
  }
  cache.set(network, genesis)
  return genesis
}
