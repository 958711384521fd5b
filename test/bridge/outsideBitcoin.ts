/**
 * What a peg-in tool built on a standard Bitcoin library does, written here with bitcoinjs-lib and
 * ecpair only (nothing of the node's Bitcoin code): sign a payment from a dev key, build the
 * partial merkle tree of a block (Bitcoin Core's CPartialMerkleTree), check a peg-out's signatures.
 */
import * as bitcoin from 'bitcoinjs-lib'
import { ECPairFactory } from 'ecpair'
import * as ecc from 'tiny-secp256k1'

export const ECPair = ECPairFactory(ecc)
export const regtest = bitcoin.networks.regtest

export function keyOf(privateKeyHex: string) {
  return ECPair.fromPrivateKey(Buffer.from(privateKeyHex.replace(/^0x/, ''), 'hex'), { network: regtest })
}

export function p2pkhOf(privateKeyHex: string): string {
  return bitcoin.payments.p2pkh({ pubkey: Buffer.from(keyOf(privateKeyHex).publicKey), network: regtest })
    .address as string
}

/** A signed P2PKH payment of `value` to `to`, change back to the key, 10 sat/vB. */
export function signedPayment(
  privateKeyHex: string,
  spend: { txid: string; vout: number; value: bigint },
  to: string,
  value: bigint,
): bitcoin.Transaction {
  const key = keyOf(privateKeyHex)
  const from = p2pkhOf(privateKeyHex)
  const tx = new bitcoin.Transaction()
  tx.version = 2
  tx.addInput(Buffer.from(spend.txid, 'hex').reverse(), spend.vout)
  tx.addOutput(bitcoin.address.toOutputScript(to, regtest), value)
  tx.addOutput(bitcoin.address.toOutputScript(from, regtest), spend.value - value - 3_000n)
  const prevScript = bitcoin.address.toOutputScript(from, regtest)
  const hash = tx.hashForSignature(0, prevScript, bitcoin.Transaction.SIGHASH_ALL)
  const signature = bitcoin.script.signature.encode(
    Buffer.from(key.sign(hash)),
    bitcoin.Transaction.SIGHASH_ALL,
  )
  tx.setInputScript(0, bitcoin.script.compile([signature, Buffer.from(key.publicKey)]))
  return tx
}

const sha256d = (data: Buffer) => bitcoin.crypto.hash256(data)

/**
 * Bitcoin Core's partial merkle tree of a block's txids (internal byte order) matching `index`:
 * total, hashes and flag bits, depth first.
 */
export function partialMerkleTree(txidsInternal: Buffer[], index: number): Buffer {
  const total = txidsInternal.length
  let height = 0
  while (widthAt(total, height) > 1) height++
  const hashes: Buffer[] = []
  const bits: boolean[] = []
  const hashAt = (h: number, pos: number): Buffer => {
    if (h === 0) return txidsInternal[pos] as Buffer
    const left = hashAt(h - 1, pos * 2)
    const right = pos * 2 + 1 < widthAt(total, h - 1) ? hashAt(h - 1, pos * 2 + 1) : left
    return Buffer.from(sha256d(Buffer.concat([left, right])))
  }
  const walk = (h: number, pos: number) => {
    let parentOfMatch = false
    for (let p = pos << h; p < (pos + 1) << h && p < total; p++) if (p === index) parentOfMatch = true
    bits.push(parentOfMatch)
    if (h === 0 || !parentOfMatch) hashes.push(hashAt(h, pos))
    else {
      walk(h - 1, pos * 2)
      if (pos * 2 + 1 < widthAt(total, h - 1)) walk(h - 1, pos * 2 + 1)
    }
  }
  walk(height, 0)
  const flags = Buffer.alloc(Math.ceil(bits.length / 8))
  bits.forEach((bit, i) => {
    if (bit) flags[i >> 3] = (flags[i >> 3] as number) | (1 << (i & 7))
  })
  const totalBytes = Buffer.alloc(4)
  totalBytes.writeUInt32LE(total)
  return Buffer.concat([totalBytes, varInt(hashes.length), ...hashes, varInt(flags.length), flags])
}

function widthAt(total: number, height: number): number {
  return (total + (1 << height) - 1) >> height
}

function varInt(n: number): Buffer {
  if (n < 0xfd) return Buffer.from([n])
  const out = Buffer.alloc(3)
  out[0] = 0xfd
  out.writeUInt16LE(n, 1)
  return out
}

/** Whether every input of `tx` carries `threshold` valid signatures of `publicKeys` over its redeem script. */
export function multisigInputsVerify(
  tx: bitcoin.Transaction,
  publicKeys: Buffer[],
  threshold: number,
): boolean {
  return tx.ins.every((input, index) => {
    const chunks = bitcoin.script.decompile(input.script) ?? []
    const redeemScript = chunks[chunks.length - 1] as Buffer
    const signatures = chunks.slice(1, -1) as Buffer[]
    if (chunks[0] !== bitcoin.opcodes.OP_0 || signatures.length < threshold) return false
    const hash = tx.hashForSignature(index, redeemScript, bitcoin.Transaction.SIGHASH_ALL)
    let key = 0
    let valid = 0
    for (const encoded of signatures) {
      const { signature } = bitcoin.script.signature.decode(encoded)
      while (key < publicKeys.length && !ecc.verify(hash, publicKeys[key] as Buffer, signature)) key++
      if (key === publicKeys.length) return false
      valid++
      key++
    }
    return valid >= threshold
  })
}
