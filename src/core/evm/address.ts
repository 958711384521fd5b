/** Addresses of contracts created by CREATE / CREATE2 and by creation transactions. */
import { RLP } from '@ethereumjs/rlp'
import { keccak256 } from '../crypto/hash.js'
import type { Address } from '../util/hex.js'
import { bigintToBytes, concatBytes } from '../util/hex.js'
import { addressToBytes, bytesToAddress } from './words.js'

/** keccak256(rlp([sender, nonce]))[12:], as RSKj's `HashUtil.calcNewAddr`. */
export function createAddress(sender: Address, nonce: bigint): Address {
  const encoded = RLP.encode([addressToBytes(sender), bigintToBytes(nonce)])
  return bytesToAddress(keccak256(encoded))
}

/** keccak256(0xff ‖ sender ‖ salt ‖ keccak256(initCode))[12:] (EIP-1014, RSKIP125). */
export function create2Address(sender: Address, salt: Uint8Array, initCode: Uint8Array): Address {
  if (salt.length !== 32) throw new Error(`CREATE2 salt must be 32 bytes, got ${salt.length}`)
  const preimage = concatBytes(Uint8Array.of(0xff), addressToBytes(sender), salt, keccak256(initCode))
  return bytesToAddress(keccak256(preimage))
}
