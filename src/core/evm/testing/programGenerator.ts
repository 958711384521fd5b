/**
 * Seeded generator of random, mostly valid EVM programs for the differential tests against
 * `@ethereumjs/evm`. Programs are sequences of stack-balanced snippets (arithmetic, memory,
 * storage, transient storage, environment, control flow, logs, calls, creates) that write their
 * results to storage, memory or logs so that any divergence becomes visible.
 *
 * The generator avoids the places where Rootstock and the oracle's Petersburg rules differ on
 * purpose (covered by hand-written tests instead): value-carrying calls (RSK charges the stipend),
 * calls asking for more gas than 63/64 of what is left (RSK has no EIP-150 cap), calls to missing
 * accounts (RSK charges NEW_ACCT_CALL without value), failing or colliding creates (RSK gives them
 * all the gas), init code clearing storage (RSK drops those refunds), code starting with 0xEF,
 * CHAINID, SELFBALANCE, BASEFEE, MCOPY and BLOCKHASH.
 */
import type { Address } from '../../util/hex.js'

export const LEAF_ADDRESSES: readonly Address[] = [
  `0x${'1e'.repeat(20)}` as Address,
  `0x${'2e'.repeat(20)}` as Address,
]
export const EOA_ADDRESSES: readonly Address[] = [
  `0x${'e1'.repeat(20)}` as Address,
  `0x${'e2'.repeat(20)}` as Address,
]
/** Precompiles priced identically by RSK and the oracle (ecrecover, sha256, ripemd160, identity). */
export const SHARED_PRECOMPILES: readonly Address[] = [1, 2, 3, 4].map(
  (n) => `0x${n.toString(16).padStart(40, '0')}` as Address,
)

export interface GeneratedCase {
  program: Uint8Array
  leaves: Uint8Array[]
  calldata: Uint8Array
}

/** mulberry32: small, fast, good enough for test generation. */
export function createRandom(seed: number): () => number {
  let a = seed >>> 0
  return () => {
    a = (a + 0x6d2b79f5) >>> 0
    let t = a
    t = Math.imul(t ^ (t >>> 15), t | 1)
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61)
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296
  }
}

const BINARY_OPS = [
  0x01, 0x02, 0x03, 0x04, 0x05, 0x06, 0x07, 0x0a, 0x0b, 0x10, 0x11, 0x12, 0x13, 0x14, 0x16, 0x17, 0x18, 0x1a,
  0x1b, 0x1c, 0x1d,
]
const ENV_OPS = [0x30, 0x32, 0x33, 0x34, 0x36, 0x38, 0x3a, 0x3d, 0x41, 0x42, 0x43, 0x44, 0x45, 0x58, 0x59]

class Builder {
  readonly bytes: number[] = []
  constructor(readonly random: () => number) {}

  int(max: number): number {
    return Math.floor(this.random() * max)
  }

  chance(p: number): boolean {
    return this.random() < p
  }

  op(...ops: number[]): this {
    this.bytes.push(...ops)
    return this
  }

  push(value: bigint): this {
    if (value === 0n && this.chance(0.5)) return this.op(0x5f)
    let hex = value.toString(16)
    if (hex.length % 2) hex = `0${hex}`
    const length = value === 0n ? 1 : hex.length / 2
    this.bytes.push(0x5f + length)
    for (let i = 0; i < length; i++)
      this.bytes.push(value === 0n ? 0 : Number.parseInt(hex.slice(2 * i, 2 * i + 2), 16))
    return this
  }

  word(): bigint {
    const pick = this.int(12)
    if (pick === 0) return 0n
    if (pick === 1) return 1n
    if (pick === 2) return (1n << 256n) - 1n
    if (pick === 3) return 1n << 255n
    if (pick === 4) return (1n << 255n) - 1n
    if (pick === 5) return BigInt(this.int(256))
    if (pick === 6) return BigInt(this.int(40))
    if (pick === 7) return BigInt(this.int(2 ** 31)) * BigInt(this.int(2 ** 31))
    let v = 0n
    const bytes = 1 + this.int(32)
    for (let i = 0; i < bytes; i++) v = (v << 8n) | BigInt(this.int(256))
    return v
  }

  offset(): bigint {
    const r = this.random()
    if (r < 0.85) return BigInt(this.int(512))
    if (r < 0.99) return BigInt(this.int(8192))
    return 1n << BigInt(33 + this.int(20))
  }

  size(): bigint {
    return this.chance(0.1) ? 0n : BigInt(this.int(100))
  }

  slot(): bigint {
    return BigInt(this.int(8))
  }
}

/** The value on top of the stack goes to storage, memory or a log, or is dropped. */
function consume(b: Builder): void {
  const r = b.random()
  if (r < 0.4) b.push(b.slot()).op(0x55)
  else if (r < 0.7) b.push(BigInt(b.int(16) * 32)).op(0x52)
  else if (r < 0.8) b.push(b.slot()).op(0x5d)
  else b.op(0x50)
}

function arithmetic(b: Builder): void {
  const r = b.random()
  if (r < 0.15) {
    b.push(b.word()).push(b.word()).push(b.word())
    b.op(b.chance(0.5) ? 0x08 : 0x09)
  } else if (r < 0.25) {
    b.push(b.word()).op(b.chance(0.5) ? 0x15 : 0x19)
  } else {
    b.push(b.word()).push(b.word()).op(BINARY_OPS[b.int(BINARY_OPS.length)]!)
  }
  if (b.chance(0.2)) b.op(0x80, 0x01) // DUP1 ADD
  consume(b)
}

function stackShuffle(b: Builder): void {
  const depth = 2 + b.int(6)
  for (let i = 0; i < depth; i++) b.push(b.word())
  b.op(0x80 + b.int(depth)) // DUPn
  b.op(0x90 + b.int(depth)) // SWAPn
  b.op(0x01) // fold two of them
  for (let i = 0; i < depth - 1; i++) consume(b)
}

function memoryOps(b: Builder, hasCode: boolean): void {
  const r = b.random()
  if (r < 0.3)
    b.push(b.word())
      .push(b.offset())
      .op(b.chance(0.8) ? 0x52 : 0x53)
  else if (r < 0.45) {
    b.push(b.offset()).op(0x51)
    consume(b)
  } else if (r < 0.6)
    b.push(b.size())
      .push(BigInt(b.int(64)))
      .push(b.offset())
      .op(0x37)
  else if (r < 0.7 && hasCode)
    b.push(b.size())
      .push(BigInt(b.int(200)))
      .push(b.offset())
      .op(0x39)
  else if (r < 0.8) {
    // RETURNDATACOPY within bounds most of the time
    b.push(b.chance(0.9) ? 0n : 1n)
      .push(0n)
      .push(b.offset())
      .op(0x3e)
  } else {
    b.push(b.size()).push(b.offset()).op(0x20)
    consume(b)
  }
}

function storageOps(b: Builder): void {
  const r = b.random()
  const value = b.chance(0.4) ? 0n : b.word()
  if (r < 0.4) b.push(value).push(b.slot()).op(0x55)
  else if (r < 0.6) {
    b.push(b.slot()).op(0x54)
    consume(b)
  } else if (r < 0.8) b.push(value).push(b.slot()).op(0x5d)
  else {
    b.push(b.slot()).op(0x5c)
    consume(b)
  }
}

function environment(b: Builder): void {
  const r = b.random()
  if (r < 0.5) b.op(ENV_OPS[b.int(ENV_OPS.length)]!)
  else if (r < 0.6) b.push(BigInt(b.int(80))).op(0x35)
  else if (r < 0.75) b.push(BigInt(pickAccount(b))).op([0x31, 0x3b, 0x3f][b.int(3)]!)
  else if (r < 0.85)
    b.op(0x5a) // GAS (never in init code, where RSK hands over all the gas)
  else b.op(0x5f)
  consume(b)
}

function pickAccount(b: Builder): string {
  const all = [...LEAF_ADDRESSES, ...EOA_ADDRESSES]
  return all[b.int(all.length)]!
}

function controlFlow(b: Builder): void {
  // a forward jump over junk bytes (which would fail if run); the target is patched once known
  const r = b.random()
  const taken = r < 0.85
  if (r >= 0.3) b.push(taken ? 1n + BigInt(b.int(1000)) : 0n)
  const pushAt = b.bytes.length
  b.op(0x61, 0, 0, r < 0.3 ? 0x56 : 0x57)
  const junk = 1 + b.int(4)
  for (let i = 0; i < junk; i++) b.op(taken ? (b.chance(0.5) ? 0xfe : 0x01) : 0x58, taken ? 0x00 : 0x50)
  const target = b.bytes.length
  b.op(0x5b)
  b.bytes[pushAt + 1] = target >> 8
  b.bytes[pushAt + 2] = target & 0xff
}

function logOps(b: Builder): void {
  const topics = b.int(5)
  for (let i = 0; i < topics; i++) b.push(b.word())
  b.push(b.size())
    .push(b.offset())
    .op(0xa0 + topics)
}

function callOps(b: Builder): void {
  const kind = [0xf1, 0xf2, 0xf4, 0xfa][b.int(4)]!
  const targets = [...LEAF_ADDRESSES, ...LEAF_ADDRESSES, ...EOA_ADDRESSES, ...SHARED_PRECOMPILES]
  const target = targets[b.int(targets.length)]!
  b.push(b.size())
    .push(BigInt(b.int(256)))
    .push(b.size())
    .push(BigInt(b.int(256)))
  if (kind === 0xf1 || kind === 0xf2) b.push(0n)
  b.push(BigInt(target))
    .push(BigInt(b.chance(0.2) ? b.int(3000) : b.int(60000)))
    .op(kind)
  consume(b)
}

/** Init code that cannot fail exceptionally: returns a small runtime, maybe after SSTOREs and a log. */
function initCode(b: Builder): number[] {
  const init = new Builder(() => b.random())
  if (b.chance(0.15)) return init.op(0x5f, 0x5f, 0xfd).bytes // REVERT with empty data
  if (b.chance(0.4))
    init
      .push(1n + BigInt(b.int(1000)))
      .push(b.slot())
      .op(0x55)
  if (b.chance(0.2)) init.push(b.word()).push(0n).push(0n).op(0xa1)
  const runtimeLength = b.int(33)
  let runtime = 0n
  for (let i = 0; i < runtimeLength; i++)
    runtime = (runtime << 8n) | BigInt(i === 0 ? b.int(0xef) : b.int(256))
  init.push(runtime).push(0n).op(0x52)
  init
    .push(BigInt(runtimeLength))
    .push(BigInt(32 - runtimeLength))
    .op(0xf3)
  return init.bytes
}

function createOps(b: Builder, salts: Set<bigint>): void {
  const code = initCode(b)
  const padded = [...code, ...new Array<number>((32 - (code.length % 32)) % 32).fill(0)]
  const base = 1024 + 64 * b.int(4)
  for (let i = 0; i < padded.length; i += 32) {
    let chunk = 0n
    for (let j = 0; j < 32; j++) chunk = (chunk << 8n) | BigInt(padded[i + j]!)
    b.push(chunk)
      .push(BigInt(base + i))
      .op(0x52)
  }
  const isCreate2 = b.chance(0.5)
  if (isCreate2) {
    let salt = b.word()
    while (salts.has(salt)) salt += 1n
    salts.add(salt)
    b.push(salt)
  }
  b.push(BigInt(code.length))
    .push(BigInt(base))
    .push(BigInt(b.int(3)))
  b.op(isCreate2 ? 0xf5 : 0xf0)
  consume(b)
}

function terminator(b: Builder): void {
  const r = b.random()
  if (r < 0.35)
    b.push(b.size())
      .push(BigInt(b.int(512)))
      .op(0xf3)
  else if (r < 0.5)
    b.push(b.size())
      .push(BigInt(b.int(512)))
      .op(0xfd)
  else if (r < 0.55) b.op(0xfe)
  else if (r < 0.6) b.push(BigInt(EOA_ADDRESSES[b.int(2)]!)).op(0xff)
  else if (r < 0.8) b.op(0x00)
}

function body(b: Builder, snippets: number, options: { calls: boolean }): void {
  const salts = new Set<bigint>()
  for (let i = 0; i < snippets; i++) {
    const r = b.random()
    if (r < 0.22) arithmetic(b)
    else if (r < 0.3) stackShuffle(b)
    else if (r < 0.45) memoryOps(b, true)
    else if (r < 0.6) storageOps(b)
    else if (r < 0.7) environment(b)
    else if (r < 0.77) controlFlow(b)
    else if (r < 0.83) logOps(b)
    else if (options.calls && r < 0.95) callOps(b)
    else if (options.calls) createOps(b, salts)
    else arithmetic(b)
  }
  terminator(b)
}

export function generateCase(seed: number): GeneratedCase {
  const random = createRandom(seed)
  const top = new Builder(random)
  body(top, 4 + top.int(20), { calls: true })
  const leaves = LEAF_ADDRESSES.map(() => {
    const leaf = new Builder(random)
    body(leaf, 2 + leaf.int(10), { calls: false })
    return Uint8Array.from(leaf.bytes)
  })
  const calldata = Uint8Array.from({ length: top.int(70) }, () => top.int(256))
  return { program: Uint8Array.from(top.bytes), leaves, calldata }
}
