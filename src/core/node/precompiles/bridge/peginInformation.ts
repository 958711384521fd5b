/**
 * Who sent a peg-in and where it goes (RSKj `PeginInformation`, `BtcLockSenderProvider`,
 * `PeginInstructionsProvider`/`Version1`, RSKIP170): the sender from the first input (P2PKH,
 * P2SH-P2WPKH, P2SH multisig, P2SH-P2WSH), then an `RSKT` OP_RETURN's destination and refund
 * address override it. A key-bearing sender's key gives the RSK destination and the refund address.
 */
import { hash160 } from '../../../bitcoin/hash160.js'
import { OP_RETURN } from '../../../bitcoin/opcodes.js'
import {
  classifyScript,
  decompileScript,
  p2pkhScript,
  p2shScript,
  type ScriptChunk,
} from '../../../bitcoin/script.js'
import { publicKeyToAddress } from '../../../chain/secp256k1.js'
import { curves } from '../../../crypto/curves.js'
import { sha256 } from '../../../crypto/hash.js'
import type { BitcoinTransaction } from '../../../mining/bitcoin/transaction.js'
import { concatBytes, equalBytes, hexToBytes } from '../../../util/hex.js'

export type SenderType = 'P2PKH' | 'P2SHP2WPKH' | 'P2SHMULTISIG' | 'P2SHP2WSH' | 'UNKNOWN'

export interface PeginInformation {
  /** 0: legacy (the sender's key decides), 1: RSKIP170 instructions. */
  protocolVersion: number
  /** The RSK address credited, 20 bytes. */
  rskDestination?: Uint8Array
  /** Output script of the refund address. */
  refundScript?: Uint8Array
  senderType: SenderType
}

/** RSKj `PeginInstructionsException`: the OP_RETURN payload is there but unusable. */
export class PeginInstructionsError extends Error {
  override name = 'PeginInstructionsError'
}

const RSKT = hexToBytes('52534b54')

function chunksOf(script: Uint8Array): ScriptChunk[] | undefined {
  try {
    return decompileScript(script)
  } catch {
    return undefined
  }
}

/** The RSK address of a public key (any encoding bitcoinj accepts), or undefined if not a key. */
function rskAddressOf(publicKey: Uint8Array): Uint8Array | undefined {
  try {
    const point = curves().secp256k1.Point.fromBytes(publicKey)
    return hexToBytes(publicKeyToAddress(point.toBytes(false)))
  } catch {
    return undefined
  }
}

function isMultisig(script: Uint8Array): boolean {
  return classifyScript(script).kind === 'multisig'
}

function hasWitness(tx: BitcoinTransaction): boolean {
  return tx.inputs.some((input) => (input.witness?.length ?? 0) > 0)
}

/** RSKj `BtcLockSenderProvider.tryGetBtcLockSender`. */
function lockSender(tx: BitcoinTransaction): Omit<PeginInformation, 'protocolVersion'> | undefined {
  const input = tx.inputs[0]
  if (!input) return undefined
  const chunks = chunksOf(input.scriptSig)
  if (!chunks) return undefined
  const key = chunks[1]
  if (chunks.length === 2 && key instanceof Uint8Array) {
    const rskDestination = rskAddressOf(key)
    if (rskDestination)
      return { senderType: 'P2PKH', rskDestination, refundScript: p2pkhScript(hash160(key)) }
  }
  const witness = input.witness ?? []
  if (hasWitness(tx) && chunks.length === 1 && witness.length === 2) {
    const publicKey = witness[1] as Uint8Array
    const rskDestination = publicKey.length === 33 ? rskAddressOf(publicKey) : undefined
    if (rskDestination) {
      const redeemScript = concatBytes(Uint8Array.of(0x00, 0x14), hash160(publicKey))
      return { senderType: 'P2SHP2WPKH', rskDestination, refundScript: p2shScript(hash160(redeemScript)) }
    }
  }
  const last = chunks[chunks.length - 1]
  if (chunks.length >= 3 && last instanceof Uint8Array && isMultisig(last))
    return { senderType: 'P2SHMULTISIG', refundScript: p2shScript(hash160(last)) }
  const witnessScript = witness[witness.length - 1]
  if (
    hasWitness(tx) &&
    chunks.length === 1 &&
    witness.length >= 3 &&
    witnessScript &&
    isMultisig(witnessScript)
  ) {
    const redeemScript = concatBytes(Uint8Array.of(0x00, 0x20), sha256(witnessScript))
    return { senderType: 'P2SHP2WSH', refundScript: p2shScript(hash160(redeemScript)) }
  }
  return undefined
}

/** The data of the one `RSKT` OP_RETURN output, or undefined when there is none. */
function rskOpReturnData(tx: BitcoinTransaction): Uint8Array | undefined {
  const found: Uint8Array[] = []
  for (const output of tx.outputs) {
    const chunks = chunksOf(output.scriptPubKey)
    if (!chunks) throw new PeginInstructionsError('the transaction has an invalid OP_RETURN structure')
    const data = chunks[1]
    if (
      chunks[0] === OP_RETURN &&
      data instanceof Uint8Array &&
      data.length >= 4 &&
      equalBytes(data.subarray(0, 4), RSKT)
    )
      found.push(data)
  }
  if (found.length > 1)
    throw new PeginInstructionsError(
      `Only one output with OP_RETURN for RSK is allowed. Found ${found.length}`,
    )
  return found[0]
}

/**
 * RSKj `PeginInformation.parse`. On bad instructions it throws, leaving what the sender gave in
 * `partial` (RSKj then refunds to the sender's address if there is one).
 */
export function parsePeginInformation(tx: BitcoinTransaction): PeginInformation {
  const info: PeginInformation = { protocolVersion: 0, senderType: 'UNKNOWN', ...lockSender(tx) }
  let data: Uint8Array | undefined
  try {
    data = rskOpReturnData(tx)
  } catch (error) {
    throw Object.assign(error as Error, { partial: info })
  }
  if (!data) return info
  const fail = (message: string) => Object.assign(new PeginInstructionsError(message), { partial: info })
  if (data.length < 5) throw fail(`Invalid data given. Expected at least 5 bytes, received ${data.length}`)
  if (data[4] !== 1) throw fail('Invalid protocol version')
  if (data.length !== 25 && data.length !== 46)
    throw fail(`Invalid data length. Expected 22 or 43 bytes, received ${data.length}`)
  let refundScript = info.refundScript
  if (data.length === 46) {
    const type = data[25]
    const hash = data.slice(26)
    if (type === 1) refundScript = p2pkhScript(hash)
    else if (type === 2) refundScript = p2shScript(hash)
    else throw fail(`Invalid btc address type: ${type}`)
  }
  return { ...info, protocolVersion: 1, rskDestination: data.slice(5, 25), refundScript }
}

export function partialInformation(error: unknown): PeginInformation | undefined {
  return (error as { partial?: PeginInformation }).partial
}
