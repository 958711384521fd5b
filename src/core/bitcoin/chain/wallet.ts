/**
 * A payment built and signed from one key's coins, as a dev wallet sends it: coins taken largest
 * first until they pay the outputs and the fee at `feeRate` (satoshis per virtual byte, estimated
 * from the largest signatures so the rate is never undershot), change back to the key's own
 * script unless it would be dust, and an optional OP_RETURN output (RSKIP170 peg-in data).
 */
import type { BitcoinTransaction, BitcoinTxOutput } from '../../mining/bitcoin/transaction.js'
import { serializeTransactionForBlock } from '../../mining/bitcoin/transaction.js'
import { hash160 } from '../hash160.js'
import { nullDataScript, p2pkhScript, p2shScript, p2wpkhScript } from '../script.js'
import { signInput } from '../verifyInput.js'
import type { BitcoinChain } from './bitcoinChain.js'
import { COINBASE_MATURITY } from './coinbase.js'
import { compressedPublicKey } from './genesis.js'
import { dustThreshold } from './policy.js'
import { BtcRejectError, type Utxo } from './types.js'

export type PaymentKind = 'p2pkh' | 'p2wpkh' | 'p2sh-p2wpkh'

export interface PaymentRequest {
  privateKey: Uint8Array
  outputs: BitcoinTxOutput[]
  opReturn?: Uint8Array
  /** Satoshis per virtual byte; 10 when not given. */
  feeRate?: bigint
  /** The key's output type whose coins are spent and which receives the change; P2PKH by default. */
  kind?: PaymentKind
}

/** bitcoind's `RPC_WALLET_INSUFFICIENT_FUNDS`. */
export const RPC_WALLET_INSUFFICIENT_FUNDS = -6
const DEFAULT_FEE_RATE = 10n

/** Virtual size of one signed input of each kind, with a 72-byte signature. */
const INPUT_VSIZE: Readonly<Record<PaymentKind, number>> = { p2pkh: 148, p2wpkh: 68, 'p2sh-p2wpkh': 91 }

/** The output script of `publicKey` for `kind`. */
export function scriptOfKey(publicKey: Uint8Array, kind: PaymentKind = 'p2pkh'): Uint8Array {
  const keyHash = hash160(publicKey)
  if (kind === 'p2pkh') return p2pkhScript(keyHash)
  if (kind === 'p2wpkh') return p2wpkhScript(keyHash)
  return p2shScript(hash160(p2wpkhScript(keyHash)))
}

function outputVsize(output: BitcoinTxOutput): number {
  return 8 + (output.scriptPubKey.length < 0xfd ? 1 : 3) + output.scriptPubKey.length
}

function spendable(chain: BitcoinChain, utxo: Utxo): boolean {
  if (!utxo.coinbase || utxo.height === chain.genesisHeight) return true
  return chain.bestHeight() + 1 - utxo.height >= COINBASE_MATURITY
}

/** Builds and signs the payment; returns the raw transaction (witness form for segwit kinds). */
export function buildPayment(chain: BitcoinChain, request: PaymentRequest): Uint8Array {
  const kind = request.kind ?? 'p2pkh'
  const feeRate = request.feeRate ?? DEFAULT_FEE_RATE
  const script = scriptOfKey(compressedPublicKey(request.privateKey), kind)
  const outputs = [...request.outputs]
  if (request.opReturn) outputs.push({ value: 0n, scriptPubKey: nullDataScript(request.opReturn) })
  const target = outputs.reduce((sum, output) => sum + output.value, 0n)
  const change: BitcoinTxOutput = { value: 0n, scriptPubKey: script }
  const baseVsize = (kind === 'p2pkh' ? 10 : 11) + outputs.reduce((sum, o) => sum + outputVsize(o), 0)
  const coins = chain
    .utxosOf(script, { mempool: true })
    .filter((utxo) => spendable(chain, utxo))
    .sort((a, b) => (a.value === b.value ? 0 : a.value > b.value ? -1 : 1))
  const taken: Utxo[] = []
  let total = 0n
  for (const coin of coins) {
    taken.push(coin)
    total += coin.value
    const vsize = baseVsize + taken.length * INPUT_VSIZE[kind]
    const feeWithoutChange = feeRate * BigInt(vsize)
    if (total < target + feeWithoutChange) continue
    const changeValue = total - target - feeRate * BigInt(vsize + outputVsize(change))
    if (changeValue >= dustThreshold(change)) outputs.push({ ...change, value: changeValue })
    return sign(taken, outputs, request.privateKey)
  }
  throw new BtcRejectError(RPC_WALLET_INSUFFICIENT_FUNDS, 'Insufficient funds')
}

function sign(coins: Utxo[], outputs: BitcoinTxOutput[], privateKey: Uint8Array): Uint8Array {
  let tx: BitcoinTransaction = {
    version: 2,
    inputs: coins.map((coin) => ({
      previousTxid: coin.txid,
      previousIndex: coin.index,
      scriptSig: new Uint8Array(0),
      sequence: 0xffffffff,
    })),
    outputs,
    lockTime: 0,
  }
  coins.forEach((coin, i) => {
    tx = signInput(tx, i, { value: coin.value, scriptPubKey: coin.scriptPubKey }, privateKey)
  })
  return serializeTransactionForBlock(tx)
}
