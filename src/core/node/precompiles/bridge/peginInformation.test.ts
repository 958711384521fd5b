import * as bitcoin from 'bitcoinjs-lib'
import { ECPairFactory } from 'ecpair'
import * as ecc from 'tiny-secp256k1'
import { beforeAll, describe, expect, it } from 'vitest'
import { loadCurves } from '../../../crypto/curves.js'
import { parseTransaction } from '../../../mining/bitcoin/transaction.js'
import { concatBytes, utf8ToBytes } from '../../../util/hex.js'
import { parsePeginInformation, partialInformation } from './peginInformation.js'

beforeAll(() => loadCurves())

const ECPair = ECPairFactory(ecc)
const key = ECPair.fromPrivateKey(new Uint8Array(32).fill(0x21))
const senderScript = bitcoin.payments.p2pkh({ pubkey: key.publicKey }).output as Uint8Array
const opReturn = (payload: Uint8Array) =>
  bitcoin.script.compile([bitcoin.opcodes.OP_RETURN as number, payload])
const rskt = (...bytes: Uint8Array[]) => concatBytes(utf8ToBytes('RSKT'), ...bytes)

function tx(scriptSig: Uint8Array, outputs: Uint8Array[], witness?: Uint8Array[]) {
  const t = new bitcoin.Transaction()
  t.addInput(new Uint8Array(32).fill(1), 0)
  t.setInputScript(0, scriptSig)
  if (witness) t.setWitness(0, witness)
  for (const script of outputs) t.addOutput(script, 1_000_000n)
  return parseTransaction(t.toBuffer())
}

const p2pkhScriptSig = () => bitcoin.script.compile([new Uint8Array(71).fill(0x30), key.publicKey])

describe('peg-in information (RSKj PeginInformation)', () => {
  it("takes a P2PKH sender's key for the destination and refund address", () => {
    const info = parsePeginInformation(tx(p2pkhScriptSig(), [Uint8Array.of(0x51)]))
    expect(info.senderType).toBe('P2PKH')
    expect(info.protocolVersion).toBe(0)
    expect(info.refundScript).toEqual(senderScript)
  })

  it('lets RSKIP170 instructions override the destination and, when given, the refund address', () => {
    const destination = new Uint8Array(20).fill(0x42)
    const shortForm = parsePeginInformation(
      tx(p2pkhScriptSig(), [opReturn(rskt(Uint8Array.of(1), destination))]),
    )
    expect(shortForm).toMatchObject({
      protocolVersion: 1,
      rskDestination: destination,
      refundScript: senderScript,
    })
    const hash = new Uint8Array(20).fill(0x77)
    const withRefund = parsePeginInformation(
      tx(p2pkhScriptSig(), [opReturn(rskt(Uint8Array.of(1), destination, Uint8Array.of(2), hash))]),
    )
    expect(withRefund.refundScript).toEqual(bitcoin.payments.p2sh({ hash }).output)
  })

  it('refuses two RSKT outputs, other versions, lengths and refund types, keeping what the sender gave', () => {
    const destination = new Uint8Array(20)
    const payloads = [
      [opReturn(rskt(Uint8Array.of(1), destination)), opReturn(rskt(Uint8Array.of(1), destination))],
      [opReturn(rskt(Uint8Array.of(2), destination))],
      [opReturn(rskt(Uint8Array.of(1), destination, Uint8Array.of(1)))],
      [opReturn(rskt(Uint8Array.of(1), destination, Uint8Array.of(3), new Uint8Array(20)))],
    ]
    for (const outputs of payloads) {
      let error: unknown
      try {
        parsePeginInformation(tx(p2pkhScriptSig(), outputs))
      } catch (e) {
        error = e
      }
      expect(partialInformation(error)).toMatchObject({ protocolVersion: 0, refundScript: senderScript })
    }
  })

  it('recognizes P2SH-P2WPKH, P2SH multisig and P2SH-P2WSH senders, and nothing else', () => {
    const p2wpkh = bitcoin.payments.p2wpkh({ pubkey: key.publicKey })
    const nested = parsePeginInformation(
      tx(
        bitcoin.script.compile([p2wpkh.output as Uint8Array]),
        [Uint8Array.of(0x51)],
        [new Uint8Array(71), key.publicKey],
      ),
    )
    expect(nested.senderType).toBe('P2SHP2WPKH')
    expect(nested.refundScript).toEqual(bitcoin.payments.p2sh({ redeem: p2wpkh }).output)
    const multisig = bitcoin.payments.p2ms({ m: 1, pubkeys: [key.publicKey] }).output as Uint8Array
    const legacy = parsePeginInformation(
      tx(bitcoin.script.compile([0, new Uint8Array(71), multisig]), [Uint8Array.of(0x51)]),
    )
    expect(legacy.senderType).toBe('P2SHMULTISIG')
    expect(legacy.rskDestination).toBeUndefined()
    const p2wsh = bitcoin.payments.p2wsh({ redeem: { output: multisig } })
    const segwit = parsePeginInformation(
      tx(
        bitcoin.script.compile([p2wsh.output as Uint8Array]),
        [Uint8Array.of(0x51)],
        [new Uint8Array(0), new Uint8Array(71), multisig],
      ),
    )
    expect(segwit.senderType).toBe('P2SHP2WSH')
    expect(segwit.refundScript).toEqual(bitcoin.payments.p2sh({ redeem: p2wsh }).output)
    const native = parsePeginInformation(
      tx(new Uint8Array(0), [Uint8Array.of(0x51)], [new Uint8Array(71), key.publicKey]),
    )
    expect(native.senderType).toBe('UNKNOWN')
  })
})
