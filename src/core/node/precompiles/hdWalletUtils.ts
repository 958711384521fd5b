/**
 * The HD wallet utils contract at 0x…01000009 (RSKIP106, RSKj `pcc/bto`): Bitcoin address and
 * BIP32 helpers for contracts. Gas per RSKj: toBase58Check 13,000, deriveExtendedPublicKey
 * 107,000, extractPublicKeyFromExtendedPublicKey 11,300, getMultisigScriptHash 20,000 plus 700 per
 * key beyond two. Illegal arguments fail the call without data, with RSKj's texts internally.
 */
import { ripemd160 } from '@noble/hashes/legacy.js'
import { sha256 as nobleSha256 } from '@noble/hashes/sha2.js'
import { createBase58check } from '@scure/base'
import { type Curves, curves } from '../../crypto/curves.js'
import { sha256 } from '../../crypto/hash.js'
import type { Precompile } from '../../evm/types.js'
import { bytesToHex, concatBytes } from '../../util/hex.js'
import { defineNativeContract, encodeOutputs, NativeContractError } from './nativeContract.js'

const base58check = createBase58check(nobleSha256)

/** BIP32 serialization versions bitcoinj accepts here: `xpub` (mainnet) and `tpub` (testnet). */
const XPUB_VERSIONS = { private: 0x0488ade4, public: 0x0488b21e }
const TPUB_VERSIONS = { private: 0x04358394, public: 0x043587cf }

export function hash160(data: Uint8Array): Uint8Array {
  return ripemd160(sha256(data))
}

type HDKey = InstanceType<Curves['HDKey']>

function parseExtendedPublicKey(xpub: string): { key: HDKey; versions: typeof XPUB_VERSIONS } {
  const versions = xpub.startsWith('xpub')
    ? XPUB_VERSIONS
    : xpub.startsWith('tpub')
      ? TPUB_VERSIONS
      : undefined
  if (!versions) throw new NativeContractError(`Invalid extended public key '${xpub.trim()}'`)
  const { HDKey } = curves() // outside the try: a missing load is a bug, not a bad key
  try {
    const key = HDKey.fromExtendedKey(xpub, versions)
    if (key.privateKey) throw new Error('private key')
    return { key, versions }
  } catch {
    throw new NativeContractError('Invalid extended public key')
  }
}

const isDecimal = (s: string) => /^[0-9]+$/.test(s)

function parsePath(path: string): number[] {
  const invalid = () => new NativeContractError(`Invalid path '${path.trim()}'`)
  if (path.length === 0 || !isDecimal(path[0] as string) || !isDecimal(path[path.length - 1] as string))
    throw invalid()
  const chunks = path.split('/')
  if (chunks.length > 10) throw new NativeContractError('Path should contain 10 levels at most')
  if (!chunks.every(isDecimal)) throw invalid()
  return chunks.map((chunk) => {
    const index = Number(chunk)
    // bitcoinj parses each level as a Java int; hardened levels cannot come from a public key.
    if (!Number.isSafeInteger(index) || index >= 2 ** 31) throw invalid()
    return index
  })
}

/** P2SH redeem script `OP_m <keys sorted> OP_n OP_CHECKMULTISIG`, as bitcoinj's createRedeemScript. */
export function multisigRedeemScript(threshold: number, compressedKeys: readonly Uint8Array[]): Uint8Array {
  const sorted = [...compressedKeys].sort((a, b) => compareBytes(a, b))
  const smallInt = (n: number) => Uint8Array.of(n === 0 ? 0x00 : 0x50 + n)
  return concatBytes(
    smallInt(threshold),
    ...sorted.map((key) => concatBytes(Uint8Array.of(key.length), key)),
    smallInt(sorted.length),
    Uint8Array.of(0xae),
  )
}

function compareBytes(a: Uint8Array, b: Uint8Array): number {
  for (let i = 0; i < Math.min(a.length, b.length); i++) {
    if (a[i] !== b[i]) return (a[i] as number) - (b[i] as number)
  }
  return a.length - b.length
}

/** Base58Check of a version byte and a 20-byte hash (a Bitcoin address). */
export function toBase58Check(hash: Uint8Array, version: number): string {
  return base58check.encode(concatBytes(Uint8Array.of(version), hash))
}

export function createHdWalletUtilsContract(): Precompile {
  return defineNativeContract([
    {
      signature: 'toBase58Check(bytes,int256)',
      gas: () => 13_000n,
      run(args) {
        const hash = args.bytes(0)
        if (hash.length !== 20)
          throw new NativeContractError(
            `Invalid hash160 '${bytesToHex(hash)}' (should be 20 bytes and is ${hash.length} bytes)`,
          )
        const version = args.int(1)
        if (version < 0n || version >= 256n)
          throw new NativeContractError('version must be a numeric value between 0 and 255')
        return encodeOutputs([{ type: 'string', value: toBase58Check(hash, Number(version)) }])
      },
    },
    {
      signature: 'deriveExtendedPublicKey(string,string)',
      gas: () => 107_000n,
      run(args) {
        const { key, versions } = parseExtendedPublicKey(args.string(0))
        let derived = key
        for (const index of parsePath(args.string(1))) derived = derived.deriveChild(index)
        const serialized = new (curves().HDKey)({
          versions,
          publicKey: derived.publicKey as Uint8Array,
          chainCode: derived.chainCode as Uint8Array,
          depth: derived.depth,
          index: derived.index,
          parentFingerprint: derived.parentFingerprint,
        }).publicExtendedKey
        return encodeOutputs([{ type: 'string', value: serialized }])
      },
    },
    {
      signature: 'extractPublicKeyFromExtendedPublicKey(string)',
      gas: () => 11_300n,
      run(args) {
        const { key } = parseExtendedPublicKey(args.string(0))
        return encodeOutputs([{ type: 'bytes', value: key.publicKey as Uint8Array }])
      },
    },
    {
      signature: 'getMultisigScriptHash(int256,bytes[])',
      gas(_input, args) {
        const keys = args.bytesArray(1).length
        return keys < 2 ? 20_000n : 20_000n + BigInt(keys - 2) * 700n
      },
      run(args) {
        const threshold = args.int(0)
        const keys = args.bytesArray(1)
        if (threshold <= 0n)
          throw new NativeContractError('Minimum required signatures must be present and greater than zero')
        if (keys.length < 2) throw new NativeContractError('At least 2 public keys are required')
        if (keys.length < threshold)
          throw new NativeContractError(
            `Given public keys (${keys.length}) are less than the minimum required signatures (${threshold})`,
          )
        if (keys.length > 15)
          throw new NativeContractError(
            `Given public keys (${keys.length}) are more than the maximum allowed signatures (15)`,
          )
        const { secp256k1 } = curves()
        const compressed = keys.map((key) => {
          if (key.length !== 33 && key.length !== 65)
            throw new NativeContractError(`Invalid public key length: ${key.length}`)
          try {
            return secp256k1.Point.fromBytes(key).toBytes(true)
          } catch {
            throw new NativeContractError(`Invalid public key format: ${bytesToHex(key)}`)
          }
        })
        const script = multisigRedeemScript(Number(threshold), compressed)
        return encodeOutputs([{ type: 'bytes', value: hash160(script) }])
      },
    },
  ])
}
