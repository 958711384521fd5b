import * as bitcoin from 'bitcoinjs-lib'
import { ECPairFactory } from 'ecpair'
import * as ecc from 'tiny-secp256k1'
import { beforeAll, describe, expect, it } from 'vitest'
import { loadCurves } from '../crypto/curves'
import { sha256 } from '../crypto/fastSha256'
import {
  type BitcoinTransaction,
  parseTransaction,
  serializeTransactionForBlock,
} from '../mining/bitcoin/transaction'
import { bytesToUnprefixedHex, utf8ToBytes } from '../util/hex'
import { hash160 } from './hash160'
import { compileScript, decompileScript, multisigScript, p2shScript, p2wshScript } from './script'
import { SIGHASH_ALL, SIGHASH_ANYONECANPAY, SIGHASH_SINGLE } from './sighash'
import { parseDerSignature } from './signature'
import { type PrevOutput, signInput, signMultisigInput, verifyInputScript } from './verifyInput'

const ECPair = ECPairFactory(ecc)
const network = bitcoin.networks.regtest
const keyOf = (name: string) => ECPair.fromPrivateKey(sha256(utf8ToBytes(name)), { network })
const hex = bytesToUnprefixedHex

/** A funding transaction paying one key by P2PKH, P2WPKH and P2SH-P2WPKH, and a 2-of-3 multisig by P2SH. */
function fixture() {
  const alice = keyOf('alice')
  const federation = [keyOf('fed1'), keyOf('fed2'), keyOf('fed3')]
  const redeemScript = multisigScript(
    2,
    federation.map((k) => k.publicKey),
  )
  const p2wpkh = bitcoin.payments.p2wpkh({ pubkey: alice.publicKey, network })
  const scripts = [
    bitcoin.payments.p2pkh({ pubkey: alice.publicKey, network }).output,
    p2wpkh.output,
    bitcoin.payments.p2sh({ redeem: p2wpkh, network }).output,
    bitcoin.payments.p2sh({ redeem: { output: redeemScript }, network }).output,
  ] as Uint8Array[]
  const funding = new bitcoin.Transaction()
  funding.addInput(new Uint8Array(32).fill(1), 0)
  for (const [i, script] of scripts.entries()) funding.addOutput(script, 1_000_000n * BigInt(i + 1))
  const prevOutputs: PrevOutput[] = scripts.map((scriptPubKey, i) => ({
    scriptPubKey,
    value: 1_000_000n * BigInt(i + 1),
  }))
  return { alice, federation, redeemScript, p2wpkh, funding, prevOutputs }
}

/** The same 4-input spend signed by bitcoinjs-lib (its PSBT signer and finalizer). */
function signedByBitcoinjs(f: ReturnType<typeof fixture>, p2pkhHashType = SIGHASH_ALL) {
  const psbt = new bitcoin.Psbt({ network })
  const nonWitnessUtxo = f.funding.toBuffer()
  const hash = f.funding.getId()
  psbt.addInput({ hash, index: 0, nonWitnessUtxo, sighashType: p2pkhHashType })
  psbt.addInput({
    hash,
    index: 1,
    witnessUtxo: { script: f.prevOutputs[1]!.scriptPubKey, value: 2_000_000n },
  })
  psbt.addInput({
    hash,
    index: 2,
    witnessUtxo: { script: f.prevOutputs[2]!.scriptPubKey, value: 3_000_000n },
    redeemScript: f.p2wpkh.output,
  })
  psbt.addInput({ hash, index: 3, nonWitnessUtxo, redeemScript: f.redeemScript })
  psbt.addOutput({ script: f.prevOutputs[0]!.scriptPubKey, value: 9_990_000n })
  psbt.signInput(0, f.alice, [p2pkhHashType]).signInput(1, f.alice).signInput(2, f.alice)
  psbt.signInput(3, f.federation[0]!).signInput(3, f.federation[2]!)
  psbt.finalizeAllInputs()
  return psbt.extractTransaction(true)
}

const unsignedFrom = (tx: BitcoinTransaction): BitcoinTransaction => ({
  ...tx,
  inputs: tx.inputs.map((input) => ({ ...input, scriptSig: new Uint8Array(0), witness: [] })),
})

const verifyAll = (tx: BitcoinTransaction, prevOutputs: PrevOutput[]) =>
  prevOutputs.map((prev, i) => verifyInputScript(tx, i, prev))

beforeAll(async () => {
  await loadCurves()
})

describe('spends signed by bitcoinjs-lib', () => {
  it('verify for P2PKH, P2WPKH, P2SH-P2WPKH and P2SH 2-of-3 multisig', () => {
    const f = fixture()
    const tx = parseTransaction(signedByBitcoinjs(f).toBuffer())
    expect(verifyAll(tx, f.prevOutputs)).toEqual([{ ok: true }, { ok: true }, { ok: true }, { ok: true }])
  })

  it('verify with another hash type (SIGHASH_SINGLE | ANYONECANPAY)', () => {
    const f = fixture()
    const tx = parseTransaction(signedByBitcoinjs(f, SIGHASH_SINGLE | SIGHASH_ANYONECANPAY).toBuffer())
    expect(verifyInputScript(tx, 0, f.prevOutputs[0]!)).toEqual({ ok: true })
  })
})

describe('spends we sign', () => {
  function signedByUs(f: ReturnType<typeof fixture>, federators = [0, 2]) {
    const theirs = signedByBitcoinjs(f)
    let tx = unsignedFrom(parseTransaction(theirs.toBuffer()))
    for (let i = 0; i < 3; i++) tx = signInput(tx, i, f.prevOutputs[i]!, f.alice.privateKey!)
    const keys = federators.map((k) => f.federation[k]!.privateKey!)
    return { tx: signMultisigInput(tx, 3, f.redeemScript, keys), theirs }
  }

  it('are byte for byte what bitcoinjs-lib signs (deterministic nonces) and verify', () => {
    const f = fixture()
    const { tx, theirs } = signedByUs(f)
    expect(hex(serializeTransactionForBlock(tx))).toBe(theirs.toHex())
    expect(verifyAll(tx, f.prevOutputs).every((r) => r.ok)).toBe(true)
  })

  it('verify with bitcoinjs-lib: its signature hash, the pushed key, tiny-secp256k1', () => {
    const f = fixture()
    for (const federators of [
      [0, 1],
      [1, 2],
      [2, 0],
    ]) {
      const { tx } = signedByUs(f, federators)
      const theirs = bitcoin.Transaction.fromHex(hex(serializeTransactionForBlock(tx)))
      const chunks = bitcoin.script.decompile(theirs.ins[3]!.script)!
      expect(chunks[0]).toBe(bitcoin.opcodes.OP_0)
      const digest = theirs.hashForSignature(3, f.redeemScript, SIGHASH_ALL)
      const signers = [...federators].sort()
      signers.forEach((k, i) => {
        const { signature } = bitcoin.script.signature.decode(chunks[1 + i] as Uint8Array)
        expect(ecc.verify(digest, f.federation[k]!.publicKey, signature)).toBe(true)
      })
      const [sig, key] = theirs.ins[1]!.witness as [Uint8Array, Uint8Array]
      const witnessDigest = theirs.hashForWitnessV0(
        1,
        bitcoin.payments.p2pkh({ pubkey: key }).output!,
        2_000_000n,
        1,
      )
      expect(ecc.verify(witnessDigest, key, bitcoin.script.signature.decode(sig).signature)).toBe(true)
      expect(verifyInputScript(tx, 3, f.prevOutputs[3]!)).toEqual({ ok: true })
    }
  })

  it('refuse to sign an output of another key', () => {
    const f = fixture()
    const tx = unsignedFrom(parseTransaction(signedByBitcoinjs(f).toBuffer()))
    expect(() => signInput(tx, 0, f.prevOutputs[0]!, f.federation[0]!.privateKey!)).toThrow(
      /not a P2PKH, P2WPKH/,
    )
    expect(() => signMultisigInput(tx, 3, f.redeemScript, [f.alice.privateKey!])).toThrow(/2 needed/)
  })
})

describe('tampered spends are refused with a reason', () => {
  const setup = () => {
    const f = fixture()
    return { f, tx: parseTransaction(signedByBitcoinjs(f).toBuffer()) }
  }
  const withInput = (tx: BitcoinTransaction, i: number, change: object): BitcoinTransaction => ({
    ...tx,
    inputs: tx.inputs.map((input, j) => (j === i ? { ...input, ...change } : input)),
  })

  it('a changed output breaks every signature', () => {
    const { f, tx } = setup()
    const changed = { ...tx, outputs: [{ ...tx.outputs[0]!, value: tx.outputs[0]!.value + 1n }] }
    for (const result of verifyAll(changed, f.prevOutputs)) {
      expect(result).toEqual({
        ok: false,
        reason: expect.stringMatching(/does not match|matches no remaining key/),
      })
    }
  })

  it('P2PKH: another key, a high-S signature, an undefined hash type, a witness, a non-push', () => {
    const { f, tx } = setup()
    const [sig, key] = decompileScript(tx.inputs[0]!.scriptSig) as [Uint8Array, Uint8Array]
    const spend = (script: Uint8Array, extra: object = {}) =>
      verifyInputScript(withInput(tx, 0, { scriptSig: script, ...extra }), 0, f.prevOutputs[0]!)
    expect(spend(compileScript([sig, f.federation[0]!.publicKey]))).toMatchObject({ reason: /key hash/ })
    const { r, s } = parseDerSignature(sig.slice(0, -1))
    const high = bitcoin.script.signature.encode(
      Uint8Array.from([
        ...toBytes32(r),
        ...toBytes32(0xfffffffffffffffffffffffffffffffebaaedce6af48a03bbfd25e8cd0364141n - s),
      ]),
      1,
    )
    expect(spend(compileScript([high, key]))).toMatchObject({ reason: /S is not low/ })
    expect(spend(compileScript([Uint8Array.of(...sig.slice(0, -1), 0x05), key]))).toMatchObject({
      reason: /sighash type 0x5/,
    })
    expect(spend(tx.inputs[0]!.scriptSig, { witness: [key] })).toMatchObject({
      reason: /witness on a non-witness/,
    })
    expect(spend(compileScript([sig, key, 0x76]))).toMatchObject({ reason: /not push-only/ })
    expect(spend(compileScript([sig]))).toMatchObject({ reason: /has 1 items/ })
    expect(spend(compileScript([sig, key, 0x50]))).toMatchObject({ reason: /OP_RESERVED/ })
    const viaPushData1 = Uint8Array.of(0x4c, sig.length, ...sig, ...compileScript([key]))
    expect(spend(viaPushData1)).toMatchObject({ reason: /non-minimal push \(MINIMALDATA\)/ })
    expect(spend(compileScript([sig, key, Uint8Array.of(5)]))).toMatchObject({ reason: /MINIMALDATA/ })
  })

  it('P2WPKH and P2SH-P2WPKH: a scriptSig, an uncompressed key, a wrong redeem script', () => {
    const { f, tx } = setup()
    const p2wpkh = withInput(tx, 1, { scriptSig: compileScript([Uint8Array.of(1)]) })
    expect(verifyInputScript(p2wpkh, 1, f.prevOutputs[1]!)).toMatchObject({ reason: /non-empty scriptSig/ })
    const [sig] = tx.inputs[1]!.witness as [Uint8Array]
    const uncompressed = ecc.pointCompress(f.alice.publicKey, false)
    const withLongKey = withInput(tx, 1, { witness: [sig, uncompressed] })
    expect(verifyInputScript(withLongKey, 1, f.prevOutputs[1]!)).toMatchObject({
      reason: /must be compressed/,
    })
    const wrongRedeem = withInput(tx, 2, { scriptSig: compileScript([f.redeemScript]) })
    expect(verifyInputScript(wrongRedeem, 2, f.prevOutputs[2]!)).toMatchObject({
      reason: /does not match the P2SH hash/,
    })
    const redeem = decompileScript(tx.inputs[2]!.scriptSig)[0] as Uint8Array
    const longPush = withInput(tx, 2, { scriptSig: Uint8Array.of(0x4c, redeem.length, ...redeem) })
    expect(verifyInputScript(longPush, 2, f.prevOutputs[2]!)).toMatchObject({ reason: /MINIMALDATA/ })
    const noWitness = withInput(tx, 2, { witness: [] })
    expect(verifyInputScript(noWitness, 2, f.prevOutputs[2]!)).toMatchObject({ reason: /has 0 items/ })
  })

  it('multisig: signatures out of key order, a non-empty dummy, an extra or missing element', () => {
    const { f, tx } = setup()
    const [dummy, sig1, sig3, redeem] = decompileScript(tx.inputs[3]!.scriptSig) as Uint8Array[]
    const spend = (chunks: (number | Uint8Array)[]) =>
      verifyInputScript(withInput(tx, 3, { scriptSig: compileScript(chunks) }), 3, f.prevOutputs[3]!)
    expect(dummy).toBe(0)
    expect(spend([0, sig1!, sig3!, redeem!])).toEqual({ ok: true })
    expect(spend([0, sig3!, sig1!, redeem!])).toMatchObject({
      reason: /signature 2 matches no remaining key/,
    })
    expect(spend([0x51, sig1!, sig3!, redeem!])).toMatchObject({ reason: /NULLDUMMY/ })
    expect(spend([0, 0, sig1!, sig3!, redeem!])).toMatchObject({ reason: /has 4 items/ })
    expect(spend([0, sig1!, redeem!])).toMatchObject({ reason: /has 2 items/ })
    expect(spend([0, sig1!, sig1!, redeem!])).toMatchObject({
      reason: /signature 2 matches no remaining key/,
    })
    expect(spend([])).toMatchObject({ reason: /no redeem script/ })
    // 16 keys make a 547-byte redeem script: more than a stack element may hold.
    const keys = Array.from({ length: 16 }, (_, i) => keyOf(`key${i}`).publicKey)
    const big = multisigScript(1, keys)
    const bigOutput = { value: 1n, scriptPubKey: p2shScript(hash160(big)) }
    const bigSpend = withInput(tx, 3, { scriptSig: compileScript([0, sig1!, big]) })
    expect(verifyInputScript(bigSpend, 3, bigOutput)).toMatchObject({ reason: /element over 520 bytes/ })
  })

  it('a multisig whose script drops a hash first (RSKIP176 Flyover) verifies, signed by bitcoinjs-lib', () => {
    const { f } = setup()
    const flyover = compileScript([
      sha256(utf8ToBytes('derivation')),
      0x75,
      ...decompileScript(f.redeemScript),
    ])
    const output = { value: 5_000_000n, scriptPubKey: p2shScript(hash160(flyover)) }
    const spend = new bitcoin.Transaction()
    spend.addInput(new Uint8Array(32).fill(7), 0)
    spend.addOutput(f.prevOutputs[0]!.scriptPubKey, 4_000_000n)
    const digest = spend.hashForSignature(0, flyover, SIGHASH_ALL)
    const sign = (k: (typeof f.federation)[number]) =>
      bitcoin.script.signature.encode(k.sign(digest), SIGHASH_ALL)
    // The federation's keys in the redeem script's order: the first and the second.
    const [first, second] = f.federation
    spend.setInputScript(0, compileScript([0, sign(first!), sign(second!), flyover]))
    const parsed = parseTransaction(spend.toBuffer())
    expect(verifyInputScript(parsed, 0, output)).toEqual({ ok: true })
    const oneSignature = withInput(parsed, 0, { scriptSig: compileScript([0, sign(first!), flyover]) })
    expect(verifyInputScript(oneSignature, 0, output)).toMatchObject({ reason: /has 2 items/ })
  })

  it('outputs other than the four standard spends are non-standard, a missing input is named', () => {
    const { f, tx } = setup()
    const p2wsh = { value: 1n, scriptPubKey: p2wshScript(new Uint8Array(32)) }
    expect(verifyInputScript(tx, 1, p2wsh)).toMatchObject({ reason: /non-standard: spending a p2wsh output/ })
    const bare = { value: 1n, scriptPubKey: f.redeemScript }
    expect(verifyInputScript(tx, 3, bare)).toMatchObject({ reason: /non-standard/ })
    expect(verifyInputScript(tx, 9, f.prevOutputs[0]!)).toMatchObject({ reason: /input 9 does not exist/ })
  })
})

function toBytes32(n: bigint): Uint8Array {
  const out = new Uint8Array(32)
  for (let i = 31; i >= 0; i--, n >>= 8n) out[i] = Number(n & 0xffn)
  return out
}
