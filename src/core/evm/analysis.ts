/**
 * Jump-destination analysis, cached per code so that hot contracts are scanned once.
 *
 * RSKj quirk kept here: code that starts with the legacy HEADER opcode (0xfc) and is at least four
 * bytes long is executed from after its header (`4 + code[3]` bytes), and only that part is scanned
 * for JUMPDESTs (`Program.processAndSkipCodeHeader`).
 */
import { bytesToHex } from '../util/hex.js'

export interface CodeAnalysis {
  /** 1 where a JUMPDEST opcode (not push data) sits. */
  jumpdests: Uint8Array
  /** First executed byte. */
  start: number
  /** Values of PUSH1..PUSH32 by pc, filled as the code runs (decoding them is the costly part). */
  pushValues: (bigint | undefined)[]
}

const HEADER_OPCODE = 0xfc
const byCode = new WeakMap<Uint8Array, CodeAnalysis>()
const byHash = new Map<string, CodeAnalysis>()
const MAX_HASH_ENTRIES = 4096

export function analyzeCode(code: Uint8Array): CodeAnalysis {
  const start = code.length >= 4 && code[0] === HEADER_OPCODE ? 4 + code[3]! : 0
  const jumpdests = new Uint8Array(code.length)
  for (let i = start; i < code.length; i++) {
    const op = code[i]!
    if (op === 0x5b) jumpdests[i] = 1
    else if (op >= 0x60 && op <= 0x7f) i += op - 0x5f
  }
  return { jumpdests, start, pushValues: [] }
}

/**
 * The analysis of `code`, from the cache when the same bytes (by identity) or the same code hash
 * were seen before; the hash path serves state readers that hand out fresh arrays per read.
 */
export function getCodeAnalysis(code: Uint8Array, codeHash?: Uint8Array): CodeAnalysis {
  let analysis = byCode.get(code)
  if (analysis !== undefined) return analysis
  const key = codeHash === undefined ? undefined : bytesToHex(codeHash)
  if (key !== undefined) analysis = byHash.get(key)
  if (analysis === undefined) {
    analysis = analyzeCode(code)
    if (key !== undefined) {
      if (byHash.size >= MAX_HASH_ENTRIES) byHash.clear()
      byHash.set(key, analysis)
    }
  }
  byCode.set(code, analysis)
  return analysis
}
