/**
 * Sending from the dev wallet: the first key (imported, handed out, then the dev accounts') whose
 * mature coins of one output type cover the payment pays it, P2PKH coins first so that a payment
 * to the federation is a peg-in the Bridge accepts. Built, signed and submitted in one state edit.
 */
import type { BitcoinChain } from '../../../bitcoin/chain/bitcoinChain.js'
import { dustThreshold } from '../../../bitcoin/chain/policy.js'
import { BtcRejectError } from '../../../bitcoin/chain/types.js'
import { buildPayment, RPC_WALLET_INSUFFICIENT_FUNDS } from '../../../bitcoin/chain/wallet.js'
import { parseTransaction } from '../../../mining/bitcoin/transaction.js'
import { BitcoindError, RPC_WALLET_ERROR } from '../errors.js'
import { walletCoins } from './walletCoins.js'

export interface SendRequest {
  script: Uint8Array
  value: bigint
  /** Satoshis per virtual byte. */
  feeRate: bigint
  subtractFee: boolean
}

const KIND_ORDER = ['p2pkh', 'p2sh-p2wpkh', 'p2wpkh'] as const

export function feeOf(chain: BitcoinChain, raw: Uint8Array): bigint {
  const tx = parseTransaction(raw)
  let spent = 0n
  for (const input of tx.inputs)
    spent += chain.utxo(input.previousTxid, input.previousIndex, { mempool: true })?.value ?? 0n
  return spent - tx.outputs.reduce((sum, output) => sum + output.value, 0n)
}

/** Pays `request` from the wallet and submits it; returns the txid. */
export function sendFromWallet(chain: BitcoinChain, request: SendRequest): Uint8Array {
  const { script, value } = request
  if (value < dustThreshold({ value, scriptPubKey: script })) {
    throw new BitcoindError(RPC_WALLET_ERROR, 'Transaction amount too small')
  }
  return chain.submit(payFromWallet(chain, (key, kind) => tryPayment(chain, key, kind, request)))
}

/**
 * The first payment `build` makes from one key's coins of one output type, trying the wallet's keys
 * in spending order (undefined from `build`: that key cannot pay it); -6 when none can.
 */
export function payFromWallet(
  chain: BitcoinChain,
  build: (privateKey: Uint8Array, kind: (typeof KIND_ORDER)[number]) => Uint8Array | undefined,
): Uint8Array {
  const coins = walletCoins(chain).filter((coin) => !coin.immature)
  const tried = new Set<string>()
  for (const kind of KIND_ORDER) {
    for (const coin of coins) {
      const id = `${kind}:${coin.key.privateKey.join(',')}`
      if (coin.kind !== kind || !coin.key.compressed || tried.has(id)) continue
      tried.add(id)
      const raw = build(coin.key.privateKey, kind)
      if (raw) return raw
    }
  }
  throw new BitcoindError(RPC_WALLET_INSUFFICIENT_FUNDS, 'Insufficient funds')
}

/** `buildPayment`, with "not enough coins" as undefined. */
export function paymentOrNothing(build: () => Uint8Array): Uint8Array | undefined {
  try {
    return build()
  } catch (error) {
    if (error instanceof BtcRejectError && error.code === RPC_WALLET_INSUFFICIENT_FUNDS) return undefined
    throw error
  }
}

function tryPayment(
  chain: BitcoinChain,
  privateKey: Uint8Array,
  kind: (typeof KIND_ORDER)[number],
  { script, value, feeRate, subtractFee }: SendRequest,
): Uint8Array | undefined {
  const build = (amount: bigint) =>
    buildPayment(chain, { privateKey, kind, feeRate, outputs: [{ scriptPubKey: script, value: amount }] })
  return paymentOrNothing(() => {
    const raw = build(value)
    if (!subtractFee) return raw
    const reduced = value - feeOf(chain, raw)
    if (reduced < dustThreshold({ value: reduced, scriptPubKey: script })) {
      throw new BitcoindError(RPC_WALLET_ERROR, 'The transaction amount is too small to pay the fee')
    }
    return build(reduced)
  })
}
