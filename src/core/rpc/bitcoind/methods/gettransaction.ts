import { scriptToAddress } from '../../../bitcoin/address.js'
import type { BitcoinChain } from '../../../bitcoin/chain/bitcoinChain.js'
import { COINBASE_MATURITY } from '../../../bitcoin/chain/coinbase.js'
import { bytesToUnprefixedHex, equalBytes } from '../../../util/hex.js'
import { parseHash } from '../args.js'
import { defineBitcoind } from '../context.js'
import { BitcoindError, RPC_INVALID_ADDRESS_OR_KEY } from '../errors.js'
import { rawTransactionHex } from '../rawTransaction.js'
import { btcAmount, isCoinbase, witnessHash } from '../views.js'
import { walletScripts } from '../wallet/walletKeys.js'
import { confirmationsAt } from './common.js'

function isMine(scripts: Uint8Array[], script: Uint8Array): boolean {
  return scripts.some((mine) => equalBytes(mine, script))
}

function category(
  chain: BitcoinChain,
  coinbase: boolean,
  confirmations: number,
  height: number | undefined,
): string {
  if (!coinbase) return 'receive'
  if (height === chain.genesisHeight) return 'generate'
  return confirmations >= COINBASE_MATURITY ? 'generate' : confirmations > 0 ? 'immature' : 'orphan'
}

/** A wallet transaction: its net amount and fee for the wallet, block fields and per-output details. */
export const gettransaction = defineBitcoind({
  name: 'gettransaction',
  args: [
    { name: 'txid', type: 'string' },
    { name: 'include_watchonly', type: 'boolean', optional: true },
    { name: 'verbose', type: 'boolean', optional: true },
  ],
  run(context, [txidParam]) {
    const chain = context.read()
    const txid = parseHash(txidParam, 'txid')
    const info = chain.transaction(txid)
    const scripts = walletScripts(chain).map((entry) => entry.script)
    const spent = (info?.tx.inputs ?? []).map(
      (input) => chain.transaction(input.previousTxid)?.tx.outputs[input.previousIndex],
    )
    const fromWallet = spent.some((output) => output && isMine(scripts, output.scriptPubKey))
    const toWallet = info?.tx.outputs.some((output) => isMine(scripts, output.scriptPubKey)) ?? false
    if (!info || (!fromWallet && !toWallet)) {
      throw new BitcoindError(RPC_INVALID_ADDRESS_OR_KEY, 'Invalid or non-wallet transaction id')
    }
    const { tx } = info
    const coinbase = isCoinbase(tx)
    const paid = tx.outputs.reduce((sum, output) => sum + output.value, 0n)
    const inputs = spent.reduce((sum, output) => sum + (output?.value ?? 0n), 0n)
    const fee = fromWallet && !coinbase ? inputs - paid : undefined
    const confirmations = confirmationsAt(chain, info.height)
    const details = tx.outputs.flatMap((output, vout) => {
      const address = scriptToAddress(output.scriptPubKey, chain.params)
      const mine = isMine(scripts, output.scriptPubKey)
      const entries: Record<string, unknown>[] = []
      if (fromWallet && !mine) {
        entries.push({
          address,
          category: 'send',
          amount: -btcAmount(output.value),
          vout,
          fee: -btcAmount(fee ?? 0n),
          abandoned: false,
        })
      }
      if (mine)
        entries.push({
          address,
          category: category(chain, coinbase, confirmations, info.height),
          amount: btcAmount(output.value),
          label: '',
          vout,
        })
      return entries
    })
    const received = tx.outputs
      .filter((o) => isMine(scripts, o.scriptPubKey))
      .reduce((sum, o) => sum + o.value, 0n)
    // Sent: what left the wallet, fee apart; received: what came in.
    const net = fromWallet ? received - paid : received
    const stored = info.height === undefined ? undefined : chain.blockByHeight(info.height)
    return {
      amount: btcAmount(net),
      ...(fee === undefined ? {} : { fee: -btcAmount(fee) }),
      confirmations,
      ...(coinbase ? { generated: true } : {}),
      ...(stored
        ? {
            blockhash: bytesToUnprefixedHex(stored.hash),
            blockheight: stored.height,
            blockindex: info.index,
            blocktime: stored.block.header.time,
          }
        : { trusted: true }),
      txid: bytesToUnprefixedHex(txid),
      wtxid: bytesToUnprefixedHex(witnessHash(tx)),
      walletconflicts: [],
      time: stored?.block.header.time ?? 0,
      timereceived: stored?.block.header.time ?? 0,
      'bip125-replaceable':
        confirmations > 0 ? 'no' : tx.inputs.some((i) => i.sequence >>> 0 < 0xfffffffe) ? 'yes' : 'no',
      details,
      hex: rawTransactionHex(tx),
    }
  },
})
