/**
 * What the `btc_*` methods read of the node: the Bitcoin chain and the Bridge's light client as of
 * the latest state (dev edits included), and the federation.
 */
import type { BitcoinChain } from '../../bitcoin/chain/bitcoinChain.js'
import { federationOf } from '../../bitcoin/chain/federation.js'
import { readBitcoinChain } from '../../node/bitcoin/bitcoinState.js'
import { bridgeStorageIn } from '../../node/precompiles/bridge/genesis.js'
import { bestHeader } from '../../node/precompiles/bridge/lightClient.js'
import { bytesToUnprefixedHex } from '../../util/hex.js'
import type { MethodContext } from '../context.js'

export function latestBitcoinChain(context: MethodContext): BitcoinChain {
  return readBitcoinChain(context.network.name, context.engine.state)
}

/** Display-order hash as bitcoind prints it (hex, no 0x). */
export const btcHex = bytesToUnprefixedHex

export function lightClientOf(context: MethodContext): { bestHeight: number; bestBlockHash: string } {
  const best = bestHeader(bridgeStorageIn(context.engine.state, context.network.name))
  return { bestHeight: best.height, bestBlockHash: btcHex(best.hash) }
}

export function federationOfNode(context: MethodContext) {
  return federationOf(context.network.name)
}
