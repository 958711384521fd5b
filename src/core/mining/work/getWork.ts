/**
 * `eth_getWork` / `eth_submitWork` over merged mining. RSKj does not implement them (reference
 * §2.6); the service specification does, so a node can be mined by Ethereum-style tooling:
 * the "header hash" is the template's hashForMergedMining, and the 8-byte nonce is spread over the
 * template's Bitcoin header — low 32 bits into the nonce field, high bits into the version bits that
 * BIP320 frees for miners (bits 13–28), as ASIC miners roll them. Nonces above 2^48 do not fit.
 */
import { bytesToHex, type Hex } from '../../util/hex'
import type { BitcoinHeader } from '../bitcoin/header'
import {
  completeMergedMiningFields,
  type MergedMiningTemplate,
  type MineMergedMiningFieldsReturnType,
} from '../miner'
import { targetToBytes } from '../target'

/** BIP320: the header version bits available to miners. */
export const VERSION_ROLLING_MASK = 0x1fffe000
const VERSION_ROLLING_SHIFT = 13

export class WorkNonceError extends Error {
  static readonly code = -32602 as const
  readonly code = WorkNonceError.code
  override name = 'WorkNonceError'
}

export type EthGetWorkReturnType = [powHash: Hex, seedHash: Hex, boundary: Hex]

/**
 * `[hashForMergedMining, seed hash, boundary]`. The seed hash is the previous Bitcoin header hash
 * the template builds on; the boundary is RSK's target (2^256 / max(difficulty, 3)) — the same
 * value `mnr_getWork` reports, so a nonce meets it exactly when the block is valid.
 */
export function buildEthGetWorkResult(
  template: MergedMiningTemplate,
  hashForMergedMining: Uint8Array,
): EthGetWorkReturnType {
  return [
    bytesToHex(hashForMergedMining),
    bytesToHex(template.header.previousBlockHash),
    bytesToHex(targetToBytes(template.target)),
  ]
}

/** The template's header with an `eth_submitWork` nonce (8 bytes, big-endian) applied. */
export function headerWithWorkNonce(header: BitcoinHeader, nonce: Uint8Array): BitcoinHeader {
  if (nonce.length !== 8) throw new WorkNonceError(`nonce must be 8 bytes, got ${nonce.length}`)
  const view = new DataView(nonce.buffer, nonce.byteOffset, 8)
  const high = view.getUint32(0)
  if (high > VERSION_ROLLING_MASK >>> VERSION_ROLLING_SHIFT) {
    throw new WorkNonceError('nonce does not fit the Bitcoin header: at most 48 bits are used')
  }
  return {
    ...header,
    version: (header.version & ~VERSION_ROLLING_MASK) | (high << VERSION_ROLLING_SHIFT),
    nonce: view.getUint32(4),
  }
}

/**
 * The merged-mining fields a template gets from an `eth_submitWork` nonce. Whether they meet the
 * target is for the checker to say (`verifyMergedMining`), as for every other submission.
 */
export function applyWorkNonce(
  template: MergedMiningTemplate,
  nonce: Uint8Array,
): MineMergedMiningFieldsReturnType {
  return completeMergedMiningFields(template, headerWithWorkNonce(template.header, nonce))
}
