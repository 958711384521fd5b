/**
 * Sender recovery throughput per backend: `npx vitest bench --run src/core/chain/secp256k1.bench.ts`.
 * Each iteration decodes one raw transaction and recovers its sender (distinct signatures).
 */
import * as tinySecp256k1 from 'tiny-secp256k1'
import { bench, describe } from 'vitest'
import { loadCurves } from '../crypto/curves.js'
import { keccak256 } from '../crypto/hash.js'
import { utf8ToBytes } from '../util/hex.js'
import { nobleBackend, type RecoveryBackend, setRecoveryBackend, tinySecp256k1Backend } from './secp256k1.js'
import { decodeTransaction, signTransaction, transactionSender } from './transaction.js'

// Signing below uses the curves, which load on first need (curves.ts).
await loadCurves()

const raws = Array.from(
  { length: 256 },
  (_, i) =>
    signTransaction(
      {
        nonce: BigInt(i),
        gasPrice: 60_000_000n,
        gasLimit: 21_000n,
        to: '0x7986b3df570230288501eea3d890bd66948c9b79',
        value: 1n,
        data: new Uint8Array(0),
      },
      keccak256(utf8ToBytes(`sender-${i % 32}`)),
      33,
    ).raw,
)

function recoverAll(backend: RecoveryBackend): void {
  setRecoveryBackend(backend)
  for (const raw of raws) transactionSender(decodeTransaction(raw))
}

describe('decode + recover 256 transactions', () => {
  bench('noble (@noble/curves)', () => recoverAll(nobleBackend))
  bench('libsecp256k1-wasm (tiny-secp256k1)', () => recoverAll(tinySecp256k1Backend(tinySecp256k1)))
})
