// What a scale chain is made of, decided by its size alone so every store gets the same chain.
//
// A developer's interval-mined chain: mostly empty blocks (each sealed, merged-mined and closed by
// its REMASC transaction like every block), with a steady share of blocks that carry one value
// transfer, one ERC-20 transfer or one `Counted` log of the bench emitter. The emitter's logs
// (2,000, fewer on chains too short for them) are spread evenly over the whole chain: they are what
// the address query of the suite finds.

/**
 * Bumped when the plan (or what the engine writes per block) changes: a kept chain built by another
 * plan is built again. 2: log sections stored with the chain. 3: sections list their parts with logs.
 */
export const PLAN_VERSION = 3

/** One block in `TRANSFER_EVERY` carries a value transfer, one in `TOKEN_EVERY` an ERC-20 transfer. */
export const TRANSFER_EVERY = 100
export const TOKEN_EVERY = 200
export const SPREAD_LOGS = 2000

/** Blocks 1 and 2 deploy the token and the emitter; the plan's transactions start after them. */
export const FIRST_PLANNED_BLOCK = 3

export function logsFor(size) {
  return Math.min(SPREAD_LOGS, Math.floor(size / 4))
}

/**
 * The transaction block `n` carries: 'log', 'transfer', 'token' or undefined for an empty block.
 * A log wins over a transfer that would fall on the same block.
 */
export function planOf(size) {
  const logs = logsFor(size)
  const logEvery = Math.floor((size - FIRST_PLANNED_BLOCK) / logs)
  return (n) => {
    if (n < FIRST_PLANNED_BLOCK || n > size) return undefined
    const sinceFirst = n - FIRST_PLANNED_BLOCK
    if (sinceFirst % logEvery === 0 && sinceFirst / logEvery < logs) return 'log'
    if (n % TRANSFER_EVERY === TRANSFER_EVERY / 2) return 'transfer'
    if (n % TOKEN_EVERY === TOKEN_EVERY / 8) return 'token'
    return undefined
  }
}

/** The next block at or after `from` (up to `size`) that carries a transaction, or undefined. */
export function nextPlanned(plan, from, size) {
  for (let n = from; n <= size; n++) if (plan(n)) return n
  return undefined
}
