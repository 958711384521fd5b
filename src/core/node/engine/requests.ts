/**
 * What the engine is asked about, in domain types: which block, and a call to simulate. `rpc`
 * parses the JSON-RPC parameters into these (`blockParams.ts`, `objectParams.ts`).
 */
import type { Address } from '../../util/hex.js'

/** The spec's tags. `safe` / `finalized` are not Rootstock's (RSKj rejects them too). */
export type BlockTag = 'latest' | 'earliest' | 'pending'

export type BlockSpecifier = { kind: 'tag'; tag: BlockTag } | { kind: 'number'; number: bigint }

export type BlockExtSpecifier = BlockSpecifier | { kind: 'hash'; hash: Uint8Array; requireCanonical: boolean }

/** Any of the above; `requireCanonical` is optional for callers inside the node. */
export type BlockRef =
  | { kind: 'tag'; tag: BlockTag }
  | { kind: 'number'; number: bigint }
  | { kind: 'hash'; hash: Uint8Array; requireCanonical?: boolean }

export interface CallRequest {
  from?: Address
  /** `null` = contract creation (explicit), `undefined` = not given. */
  to?: Address | null
  gas?: bigint
  gasPrice?: bigint
  value?: bigint
  data?: Uint8Array
  nonce?: bigint
  chainId?: bigint
}
