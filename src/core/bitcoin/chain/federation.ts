/**
 * The simulated federation of each network: deterministic keys, so every run has the same
 * federation address and the Bridge's genesis UTXOs are always spendable by it. Regtest's is RSKj's
 * regtest genesis federation (`FederationRegTestConstants`: private keys keccak256("federator1") to
 * keccak256("federator3"), 2 of 3, address 2N5muMepJizJE1gR7FbHJU6CD18V3BpNF9p); testnet's and
 * mainnet's are stand-ins of the same sizes as the Bridge's defaults for them. The redeem script is
 * a standard m-of-n multisig behind P2SH (not RSKj's current P2SH-P2WSH emergency script).
 */
import { curves } from '../../crypto/curves.js'
import { keccak256, sha256 } from '../../crypto/hash.js'
import type { NetworkName } from '../../network/networks.js'
import { bytesToUnprefixedHex, utf8ToBytes } from '../../util/hex.js'
import { scriptToAddress } from '../address.js'
import { hash160 } from '../hash160.js'
import { BTC_PARAMS } from '../params.js'
import { multisigScript, p2shScript } from '../script.js'

export interface BtcFederation {
  /** Compressed public keys, sorted by their bytes as RSKj sorts federators. */
  publicKeys: Uint8Array[]
  /** The private key of each entry of `publicKeys`, same order. */
  privateKeys: Uint8Array[]
  /** Signatures needed (m of n). */
  threshold: number
  redeemScript: Uint8Array
  /** P2SH output script of the redeem script. */
  scriptPubKey: Uint8Array
  /** P2SH address, Base58Check with the network's prefix. */
  address: string
}

/** Federators per network, as the Bridge's defaults count them. */
const FEDERATION_SIZE: Readonly<Record<NetworkName, number>> = { regtest: 3, testnet: 5, mainnet: 9 }

function federatorPrivateKey(network: NetworkName, i: number): Uint8Array {
  return network === 'regtest'
    ? keccak256(utf8ToBytes(`federator${i + 1}`))
    : sha256(utf8ToBytes(`rsk-devnode ${network} federator ${i}`))
}

const cache = new Map<NetworkName, BtcFederation>()

/** The network's federation (needs the curves loaded: `loadCurves()`). */
export function federationOf(network: NetworkName): BtcFederation {
  const cached = cache.get(network)
  if (cached) return cached
  const { secp256k1 } = curves()
  const size = FEDERATION_SIZE[network]
  const members = Array.from({ length: size }, (_, i) => {
    const privateKey = federatorPrivateKey(network, i)
    return { privateKey, publicKey: secp256k1.getPublicKey(privateKey, true) }
  }).sort((a, b) => bytesToUnprefixedHex(a.publicKey).localeCompare(bytesToUnprefixedHex(b.publicKey)))
  const threshold = Math.floor(size / 2) + 1
  const publicKeys = members.map((m) => m.publicKey)
  const redeemScript = multisigScript(threshold, publicKeys)
  const scriptPubKey = p2shScript(hash160(redeemScript))
  const address = scriptToAddress(scriptPubKey, BTC_PARAMS[network])
  if (address === undefined) throw new Error('a P2SH script always has an address')
  const federation: BtcFederation = {
    publicKeys,
    privateKeys: members.map((m) => m.privateKey),
    threshold,
    redeemScript,
    scriptPubKey,
    address,
  }
  cache.set(network, federation)
  return federation
}
