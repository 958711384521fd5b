import { describe, expect, it } from 'vitest'
import { createManualClock } from '../../clock/clock.js'
import { createNode } from '../../createNode.js'
import { FLAT_ACCOUNT_PREFIX } from '../../state/keys.js'
import { createMemoryStore } from '../../storage/memoryStore.js'
import type { KeyValueStore } from '../../storage/types.js'

const FUNDED = '0x0000000000000000000000000000000000001234'

/** `kv` whose reads of the flat accounts wait until `release()`: a slow state under a fast head. */
function withHeldFlatState(kv: KeyValueStore): { store: KeyValueStore; release: () => void } {
  let release = () => {}
  const held = new Promise<void>((done) => {
    release = done
  })
  const store: KeyValueStore = {
    ...kv,
    get: (key) => kv.get(key),
    put: (key, value) => kv.put(key, value),
    delete: (key) => kv.delete(key),
    batch: (ops) => kv.batch(ops),
    close: () => kv.close(),
    range: async (range) => {
      if (range.gte?.startsWith(FLAT_ACCOUNT_PREFIX)) await held
      return kv.range(range)
    },
  }
  return { store, release }
}

const call = async (node: Awaited<ReturnType<typeof createNode>>, method: string, params: unknown[] = []) =>
  (await node.request({ jsonrpc: '2.0', id: 1, method, params })) as { result?: unknown; error?: unknown }

/**
 * A chain with FUNDED given 0x2a and one block mined, reopened by a second node over a store whose
 * flat-state reads wait for `release()`.
 */
async function reopenedWithHeldState() {
  const kv = createMemoryStore()
  const clock = createManualClock(1_700_000_000_000)
  const first = await createNode({ network: 'regtest', storage: kv, clock })
  await call(first, 'anvil_setBalance', [FUNDED, '0x2a'])
  await call(first, 'evm_mine')
  const { store, release } = withHeldFlatState(kv)
  const reopened = await createNode({ network: 'regtest', storage: store, clock })
  return { reopened, release }
}

describe('opening a chain on its head before its state', () => {
  it('answers eth_blockNumber while the state loads and holds eth_getBalance until it has', async () => {
    const { reopened, release } = await reopenedWithHeldState()
    expect((await call(reopened, 'eth_blockNumber')).result).toBe('0x1')
    let balance: unknown
    const asked = call(reopened, 'eth_getBalance', [FUNDED, 'latest']).then((answer) => {
      balance = answer.result
    })
    // Many turns of the (in-memory, promise-only) node pass: the answer still waits for the state.
    for (let turn = 0; turn < 100; turn++) await Promise.resolve()
    expect(balance).toBeUndefined()
    release()
    await asked
    expect(balance).toBe('0x2a')
  })

  it('mines on the loaded state: a block asked for while it loads waits for it', async () => {
    const { reopened, release } = await reopenedWithHeldState()
    const mined = call(reopened, 'evm_mine')
    for (let turn = 0; turn < 100; turn++) await Promise.resolve()
    release()
    expect((await mined).error).toBeUndefined()
    expect((await call(reopened, 'eth_blockNumber')).result).toBe('0x2')
    expect((await call(reopened, 'eth_getBalance', [FUNDED, 'latest'])).result).toBe('0x2a')
  })
})
