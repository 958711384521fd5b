/**
 * The peg-ins the simulated federation registers by itself, as RSKj's PowPeg nodes do: Bitcoin
 * transactions paying the federation's address, in a block of the best chain that the Bridge's
 * light client holds with `btc2RskMinimumAcceptableConfirmations`, not yet processed by the Bridge
 * and not one of the federation's own peg-outs (those are registered by `pegoutsToRegister`).
 */

import type { BitcoinChain } from '../../bitcoin/chain/bitcoinChain.js'
import { federationOf } from '../../bitcoin/chain/federation.js'
import { decodeMerkleBlock } from '../../bitcoin/partialMerkleTree.js'
import type { NetworkName } from '../../network/networks.js'
import { bytesToUnprefixedHex, concatBytes } from '../../util/hex.js'
import { encodeOutputs, selectorOf } from '../precompiles/abi.js'
import { bridgeConstants } from '../precompiles/bridge/constants.js'
import { bridgeEnv } from '../precompiles/bridge/env.js'
import type { FederatorCall } from '../precompiles/bridge/federatorActions.js'
import { evaluatePegin } from '../precompiles/bridge/pegin.js'
import { federatorAddress } from '../precompiles/bridge/pegout.js'
import { readReleasedPegouts } from '../precompiles/bridge/pegoutStorage.js'
import {
  type BridgeStorage,
  readBestHash,
  readFederationUtxos,
  readProcessedHeight,
  readStoredHeader,
} from '../precompiles/bridge/storage.js'

/** At most this many peg-ins in one block: the rest follow in the next ones. */
const MAX_PEGINS_PER_BLOCK = 20

export function peginsToRegister(
  storage: BridgeStorage,
  network: NetworkName,
  chain: BitcoinChain,
): FederatorCall[] {
  const federation = federationOf(network)
  const first = federation.publicKeys[0]
  const best = readStoredHeader(storage, readBestHash(storage))
  if (!first || !best) return []
  const known = new Set(readFederationUtxos(storage).map((u) => bytesToUnprefixedHex(u.txid)))
  for (const released of readReleasedPegouts(storage)) known.add(bytesToUnprefixedHex(released.btcTxid))
  const minimum = bridgeConstants(network).btc2RskMinimumConfirmations
  const env = bridgeEnv(network)
  const calls: FederatorCall[] = []
  const seen = new Set<string>()
  for (const outpoint of chain.outpointsOf(federation.scriptPubKey)) {
    if (calls.length >= MAX_PEGINS_PER_BLOCK) break
    const key = bytesToUnprefixedHex(outpoint.txid)
    // The federation's own outputs (genesis, registered peg-ins, peg-out change) need no reading.
    if (seen.has(key) || known.has(key)) continue
    seen.add(key)
    const utxo = chain.utxo(outpoint.txid, outpoint.index)
    if (!utxo || utxo.height === chain.genesisHeight || readProcessedHeight(storage, utxo.txid) !== undefined)
      continue
    const info = chain.transaction(utxo.txid)
    if (!info?.blockHash || info.height === undefined) continue
    // The Bridge leaves a peg-in it cannot refund unprocessed (below the minimum, an undetermined
    // sender: RSKIP551), so registering it would only send it again every block. Those are left to
    // the developer; refundable rejections are registered (they end processed and refunded).
    if (evaluatePegin(env, info.tx).action === 'NO_REFUND') continue
    if (best.height - info.height + 1 < minimum) continue
    const { pmt } = decodeMerkleBlock(chain.proof([utxo.txid], info.blockHash))
    calls.push({
      from: federatorAddress(first),
      data: concatBytes(
        selectorOf('registerBtcTransaction(bytes,int256,bytes)'),
        encodeOutputs([
          { type: 'bytes', value: info.raw },
          { type: 'int', value: BigInt(info.height) },
          { type: 'bytes', value: pmt },
        ]),
      ),
    })
  }
  return calls
}
