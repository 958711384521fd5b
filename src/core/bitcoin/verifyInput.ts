/**
 * Script validation of the standard spends the simulated chain accepts: P2PKH, P2SH m-of-n
 * multisig, P2WPKH and P2SH-P2WPKH. Rather than a general interpreter, each template is checked as
 * Bitcoin Core's interpreter with its standard flags (P2SH, STRICTENC, DERSIG, LOW_S, NULLDUMMY,
 * MINIMALDATA, SIGPUSHONLY, CLEANSTACK, WITNESS, WITNESS_PUBKEYTYPE) would decide it; anything else
 * is "non-standard".
 */
import type { BitcoinTransaction } from '../mining/bitcoin/transaction'
import { equalBytes } from '../util/hex'
import { hash160 } from './hash160'
import { OP_0, OP_DROP } from './opcodes'
import {
  classifyScript,
  compileScript,
  decompileScript,
  isPushOnly,
  p2pkhScript,
  type ScriptChunk,
} from './script'
import { legacySighash, SIGHASH_ANYONECANPAY, witnessV0Sighash } from './sighash'
import { signatureProblem } from './signature'

export { multisigScriptSig, signInput, signMultisigInput } from './signInput'

export type PrevOutput = { value: bigint; scriptPubKey: Uint8Array }
export type VerifyResult = { ok: true } | { ok: false; reason: string }

const OK: VerifyResult = { ok: true }
const fail = (reason: string): VerifyResult => ({ ok: false, reason })

/** Why a signature with its trailing hash-type byte is unusable before any curve work, or undefined. */
function hashTypeProblem(sig: Uint8Array): string | undefined {
  if (sig.length === 0) return 'empty signature'
  const base = (sig[sig.length - 1] as number) & ~SIGHASH_ANYONECANPAY
  return base >= 1 && base <= 3
    ? undefined
    : `undefined sighash type 0x${(sig[sig.length - 1] as number).toString(16)}`
}

function checkSignature(sig: Uint8Array, publicKey: Uint8Array, digestFor: (hashType: number) => Uint8Array) {
  const typeProblem = hashTypeProblem(sig)
  if (typeProblem) return typeProblem
  const hashType = sig[sig.length - 1] as number
  return signatureProblem(digestFor(hashType), sig.subarray(0, sig.length - 1), publicKey)
}

function isPublicKey(key: Uint8Array): boolean {
  if (key.length === 33) return key[0] === 0x02 || key[0] === 0x03
  return key.length === 65 && key[0] === 0x04
}

function pushes(script: Uint8Array, what: string): Uint8Array[] | string {
  let chunks: ScriptChunk[]
  try {
    chunks = decompileScript(script)
  } catch (error) {
    return `${what} does not parse: ${(error as Error).message}`
  }
  if (!isPushOnly(chunks)) return `${what} is not push-only`
  // MAX_SCRIPT_ELEMENT_SIZE: no stack element, a P2SH redeem script included, exceeds 520 bytes.
  if (chunks.some((chunk) => typeof chunk !== 'number' && chunk.length > 520)) {
    return `${what} pushes an element over 520 bytes`
  }
  // OP_RESERVED counts as a push for IsPushOnly but fails the script when executed.
  if (chunks.includes(0x50)) return `${what} executes OP_RESERVED`
  if (!isMinimal(script, chunks)) return `${what} has a non-minimal push (MINIMALDATA)`
  return chunks.map((chunk) => (typeof chunk === 'number' ? smallIntBytes(chunk) : chunk))
}

/**
 * MINIMALDATA: each push uses its shortest form, and one byte 1–16 or 0x81 is pushed by its
 * small-integer opcode. compileScript writes the shortest push, so a re-encoding differs otherwise.
 */
function isMinimal(script: Uint8Array, chunks: ScriptChunk[]): boolean {
  const smallByte = (chunk: ScriptChunk) =>
    typeof chunk !== 'number' &&
    chunk.length === 1 &&
    (((chunk[0] as number) >= 1 && (chunk[0] as number) <= 16) || chunk[0] === 0x81)
  return !chunks.some(smallByte) && equalBytes(compileScript(chunks), script)
}

/** Computes each hash type's digest once, however many keys a signature is tried against. */
function cached(digestFor: (hashType: number) => Uint8Array): (hashType: number) => Uint8Array {
  const digests = new Map<number, Uint8Array>()
  return (hashType) => {
    let digest = digests.get(hashType)
    if (digest === undefined) {
      digest = digestFor(hashType)
      digests.set(hashType, digest)
    }
    return digest
  }
}

/** The stack element a push opcode leaves (OP_0 → empty, OP_1..16 → one byte). */
function smallIntBytes(opcode: number): Uint8Array {
  if (opcode === OP_0) return new Uint8Array(0)
  if (opcode === 0x4f) return Uint8Array.of(0x81)
  return Uint8Array.of(opcode - 0x50)
}

/** Checks input `inputIndex` of `tx` against the output it spends; never throws on bad input. */
export function verifyInputScript(
  tx: BitcoinTransaction,
  inputIndex: number,
  prevOutput: PrevOutput,
): VerifyResult {
  const input = tx.inputs[inputIndex]
  if (input === undefined) return fail(`input ${inputIndex} does not exist`)
  const witness = input.witness ?? []
  const template = classifyScript(prevOutput.scriptPubKey)
  switch (template.kind) {
    case 'p2pkh': {
      if (witness.length > 0) return fail('witness on a non-witness input')
      const stack = pushes(input.scriptSig, 'scriptSig')
      if (typeof stack === 'string') return fail(stack)
      if (stack.length !== 2)
        return fail(`P2PKH scriptSig needs a signature and a key, has ${stack.length} items`)
      const [sig, key] = stack as [Uint8Array, Uint8Array]
      return verifyP2pkh(sig, key, template.hash, (t) =>
        legacySighash(tx, inputIndex, prevOutput.scriptPubKey, t),
      )
    }
    case 'p2wpkh':
      if (input.scriptSig.length > 0) return fail('native witness input has a non-empty scriptSig')
      return verifyWitnessKeyHash(tx, inputIndex, witness, template.hash, prevOutput.value)
    case 'p2sh':
      return verifyP2sh(tx, inputIndex, prevOutput, template.hash)
    default:
      return fail(`non-standard: spending a ${template.kind} output is not supported`)
  }
}

function verifyP2pkh(
  sig: Uint8Array,
  key: Uint8Array,
  hash: Uint8Array,
  digestFor: (hashType: number) => Uint8Array,
): VerifyResult {
  if (!isPublicKey(key)) return fail('public key is not a valid encoding')
  if (!equalBytes(hash160(key), hash)) return fail('public key does not match the output’s key hash')
  const problem = checkSignature(sig, key, digestFor)
  return problem ? fail(problem) : OK
}

function verifyWitnessKeyHash(
  tx: BitcoinTransaction,
  inputIndex: number,
  witness: Uint8Array[],
  hash: Uint8Array,
  value: bigint,
): VerifyResult {
  if (witness.length !== 2)
    return fail(`P2WPKH witness needs a signature and a key, has ${witness.length} items`)
  const [sig, key] = witness as [Uint8Array, Uint8Array]
  if (key.length !== 33 || (key[0] !== 0x02 && key[0] !== 0x03)) {
    return fail('witness public key must be compressed')
  }
  const scriptCode = p2pkhScript(hash)
  return verifyP2pkh(sig, key, hash, (t) => witnessV0Sighash(tx, inputIndex, scriptCode, value, t))
}

function verifyP2sh(tx: BitcoinTransaction, inputIndex: number, prevOutput: PrevOutput, hash: Uint8Array) {
  const input = tx.inputs[inputIndex]
  if (input === undefined) return fail(`input ${inputIndex} does not exist`)
  const stack = pushes(input.scriptSig, 'scriptSig')
  if (typeof stack === 'string') return fail(stack)
  const redeemScript = stack[stack.length - 1]
  if (redeemScript === undefined) return fail('P2SH scriptSig is empty (no redeem script)')
  if (!equalBytes(hash160(redeemScript), hash)) return fail('redeem script does not match the P2SH hash')
  const redeem = classifyScript(redeemScript)
  const witness = input.witness ?? []
  if (redeem.kind === 'p2wpkh') {
    // Core wants exactly `<push redeemScript>`, or the witness is "malleated".
    if (stack.length !== 1 || !equalBytes(input.scriptSig, compileScript([redeemScript]))) {
      return fail('P2SH-P2WPKH scriptSig must hold only the redeem script')
    }
    return verifyWitnessKeyHash(tx, inputIndex, witness, redeem.hash, prevOutput.value)
  }
  if (witness.length > 0) return fail('witness on a non-witness input')
  const multisig = redeem.kind === 'multisig' ? redeem : dataDroppedMultisig(redeemScript)
  if (!multisig) return fail(`non-standard: P2SH redeem script is ${redeem.kind}`)
  return verifyMultisig(
    stack.slice(0, -1),
    multisig.m,
    multisig.publicKeys,
    cached((t) => legacySighash(tx, inputIndex, redeemScript, t)),
  )
}

/**
 * `<data> OP_DROP <m-of-n multisig>`: a multisig whose script commits to extra data, as RSKIP176's
 * Flyover addresses do (a derivation hash before the federation's redeem script). Bitcoin Core
 * relays any P2SH whose scriptSig is push-only; the data changes the address, not the signing.
 */
function dataDroppedMultisig(redeemScript: Uint8Array) {
  let chunks: ScriptChunk[]
  try {
    chunks = decompileScript(redeemScript)
  } catch {
    return undefined
  }
  if (chunks.length < 3 || typeof chunks[0] === 'number' || chunks[1] !== OP_DROP) return undefined
  const inner = classifyScript(compileScript(chunks.slice(2)))
  return inner.kind === 'multisig' ? inner : undefined
}

/**
 * OP_CHECKMULTISIG: signatures are matched to keys in script order, each key tried at most once,
 * so signatures must come in the order of their keys. The first element is the dummy the opcode
 * pops by mistake; NULLDUMMY requires it empty, CLEANSTACK that nothing else is left.
 */
function verifyMultisig(
  stack: Uint8Array[],
  m: number,
  publicKeys: Uint8Array[],
  digestFor: (hashType: number) => Uint8Array,
): VerifyResult {
  if (stack.length !== m + 1)
    return fail(`multisig needs the dummy and ${m} signatures, has ${stack.length} items`)
  if ((stack[0] as Uint8Array).length !== 0) return fail('multisig dummy element is not empty (NULLDUMMY)')
  const sigs = stack.slice(1)
  let key = 0
  for (let s = 0; s < sigs.length; s++) {
    const sig = sigs[s] as Uint8Array
    const typeProblem = hashTypeProblem(sig)
    if (typeProblem) return fail(`signature ${s + 1}: ${typeProblem}`)
    let matched = false
    while (!matched && sigs.length - s <= publicKeys.length - key) {
      const publicKey = publicKeys[key++] as Uint8Array
      const problem = checkSignature(sig, publicKey, digestFor)
      if (problem === undefined) matched = true
      else if (!problem.startsWith('signature does not match') && !problem.startsWith('public key')) {
        return fail(`signature ${s + 1}: ${problem}`)
      }
    }
    if (!matched) return fail(`signature ${s + 1} matches no remaining key (wrong key or out of order)`)
  }
  return OK
}
