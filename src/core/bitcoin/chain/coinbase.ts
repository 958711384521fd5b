/** Coinbase transactions as Bitcoin Core's miner builds them: BIP34 height, subsidy plus fees. */
import type { BitcoinTransaction, BitcoinTxOutput } from '../../mining/bitcoin/transaction.js'
import { compileScript, type ScriptChunk } from '../script.js'

/** Blocks between halvings, regtest's `nSubsidyHalvingInterval`. */
export const HALVING_INTERVAL = 150
export const INITIAL_SUBSIDY = 5_000_000_000n
/** Blocks a coinbase output waits before it can be spent (`COINBASE_MATURITY`). */
export const COINBASE_MATURITY = 100

/**
 * The block subsidy `blocksSinceGenesis` blocks after the simulated chain's genesis. Halvings count
 * from that genesis rather than from height 0: testnet's and mainnet's simulated chains start at
 * their Bridge checkpoint heights, where regtest's schedule would already pay nothing.
 */
export function blockSubsidy(blocksSinceGenesis: number): bigint {
  const halvings = Math.floor(blocksSinceGenesis / HALVING_INTERVAL)
  return halvings >= 64 ? 0n : INITIAL_SUBSIDY >> BigInt(halvings)
}

/** `CScript() << height`: OP_0, OP_1…OP_16, or the minimal little-endian script number. */
export function heightChunk(height: number): ScriptChunk {
  if (height === 0) return 0x00
  if (height <= 16) return 0x50 + height
  const bytes: number[] = []
  for (let n = height; n > 0; n = Math.floor(n / 256)) bytes.push(n % 256)
  if ((bytes[bytes.length - 1] as number) & 0x80) bytes.push(0)
  return Uint8Array.from(bytes)
}

/** A coinbase at `height` paying `outputs`; `tag` makes the scriptSig at least 2 bytes, as required. */
export function coinbaseTransaction(
  height: number,
  outputs: BitcoinTxOutput[],
  tag: Uint8Array,
  witnessReserved?: Uint8Array,
): BitcoinTransaction {
  return {
    version: 2,
    inputs: [
      {
        previousTxid: new Uint8Array(32),
        previousIndex: 0xffffffff,
        scriptSig: compileScript([heightChunk(height), tag]),
        sequence: 0xffffffff,
        ...(witnessReserved ? { witness: [witnessReserved] } : {}),
      },
    ],
    outputs,
    lockTime: 0,
  }
}
