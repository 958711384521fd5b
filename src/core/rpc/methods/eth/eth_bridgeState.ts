/**
 * Handler for `eth_bridgeState`: RSKj's `BridgeState.stateToMap` of the Bridge's stored state at
 * the head, `{"rskTxsWaitingForSignatures":[…],"btcBlockchainBestChainHeight":<number>}`.
 */
import { bridgeStateAt, bridgeStateToJson } from '../../../node/bridgeState.js'
import { defineMethod } from '../../defineMethod.js'

export const eth_bridgeState = defineMethod({
  name: 'eth_bridgeState',
  params: [],
  handler: (context) => bridgeStateToJson(bridgeStateAt(context.engine.network, context.engine.latestState)),
})
