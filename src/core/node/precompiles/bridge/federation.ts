/**
 * The Bridge's active federation: the simulated chain's deterministic federators (regtest's are
 * RSKj's regtest genesis federation), a standard m-of-n multisig behind P2SH. Each federator's RSK
 * account is the same key as its BTC key (RSKj regtest builds its members that way), so the
 * federation's transactions come from `rskAddresses`.
 */
import { type BtcFederation, federationOf } from '../../../bitcoin/chain/federation.js'
import { publicKeyToAddress } from '../../../chain/secp256k1.js'
import { curves } from '../../../crypto/curves.js'
import type { NetworkName } from '../../../network/networks.js'
import type { Address } from '../../../util/hex.js'

export interface BridgeFederation extends BtcFederation {
  /** The federators' RSK addresses, lowercase. */
  rskAddresses: Address[]
}

const cache = new Map<NetworkName, BridgeFederation>()

export function bridgeFederation(network: NetworkName): BridgeFederation {
  let federation = cache.get(network)
  if (!federation) {
    const btc = federationOf(network)
    const { secp256k1 } = curves()
    const rskAddresses = btc.privateKeys.map(
      (key) => publicKeyToAddress(secp256k1.getPublicKey(key, false)).toLowerCase() as Address,
    )
    federation = { ...btc, rskAddresses }
    cache.set(network, federation)
  }
  return federation
}

/** RSKj `BridgeUtils.isFromFederateMember`: the transaction's sender is one of the federators. */
export function isFederator(federation: BridgeFederation, sender: Address | undefined): boolean {
  return sender !== undefined && federation.rskAddresses.includes(sender.toLowerCase() as Address)
}
