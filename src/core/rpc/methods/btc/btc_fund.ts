/**
 * Handler for `btc_fund`: pays `value` satoshis (default 1 BTC) to `address` from the simulated
 * chain's faucet and mines the block holding it; `{ txid, blockhash }`.
 */
import { FAUCET_PRIVATE_KEY } from '../../../bitcoin/chain/genesis.js'
import { buildPayment } from '../../../bitcoin/chain/wallet.js'
import { editBitcoinChain } from '../../../node/bitcoin/chainEdits.js'
import { afterBitcoinBlocks } from '../../btc/afterBitcoinBlocks.js'
import { btcHex } from '../../btc/bitcoinOfNode.js'
import { btcAddressScript, satoshis } from '../../btc/btcArguments.js'
import { defineMethod } from '../../defineMethod.js'
import { anyJson, optional, string } from '../../params.js'

const ONE_BTC = 100_000_000n

export const btc_fund = defineMethod({
  name: 'btc_fund',
  params: [string('address'), optional(anyJson('value'))],
  handler: async (context, [address, value]) => {
    const script = btcAddressScript(context.network, address, 'argument 0')
    const amount = value === undefined ? ONE_BTC : satoshis(value, 'argument 1')
    const { txid, block } = await editBitcoinChain(context.engine, (chain) => {
      const raw = buildPayment(chain, {
        privateKey: FAUCET_PRIVATE_KEY,
        outputs: [{ value: amount, scriptPubKey: script }],
      })
      const submitted = chain.submit(raw)
      return { txid: submitted, block: chain.mine(1)[0]! }
    })
    await afterBitcoinBlocks(context.engine)
    return { txid: btcHex(txid), blockhash: btcHex(block.hash) }
  },
})
