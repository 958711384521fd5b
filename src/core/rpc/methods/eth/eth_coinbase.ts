/**
 * Handler for `eth_coinbase`: the coinbase of the blocks this node mines, as RSKj's
 * `Web3Impl.eth_coinbase` answers `minerServer.getCoinbaseAddress()` (on regtest the account of
 * `miner.coinbase.secret`), or the address set by `anvil_setCoinbase`.
 */
import { blockOverrides } from '../../../node/engine/blockOverrides.js'
import { defineMethod } from '../../defineMethod.js'

export const eth_coinbase = defineMethod({
  name: 'eth_coinbase',
  params: [],
  handler: (context) => blockOverrides(context.engine).coinbase ?? context.engine.network.minerCoinbase,
})
