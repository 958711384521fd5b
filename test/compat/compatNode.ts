/** An in-process node behind the EIP-1193 adapter, as the client libraries see it. */
import { COW_ACCOUNTS } from '../../src/core/accounts/devAccounts.js'
import { createNode } from '../../src/core/createNode.js'
import { createMemoryStore } from '../../src/core/storage/memoryStore.js'
import { createProvider } from '../../src/provider/createProvider.js'

/** Dev keys the tests sign with locally (the node keeps no wallet for them). */
export const DEV_KEYS = COW_ACCOUNTS.map((a) => a.privateKey as `0x${string}`)

export async function createCompatNode() {
  // Regtest: chain id 33, minimum gas price 0, real wall clock (clients poll on timers).
  const node = await createNode({ network: 'regtest', storage: createMemoryStore() })
  const provider = createProvider(node)
  return { node, provider }
}

export function waitFor<T>(check: () => T | undefined, timeoutMs = 10_000): Promise<T> {
  return new Promise((resolve, reject) => {
    const started = Date.now()
    const poll = () => {
      const value = check()
      if (value !== undefined) return resolve(value)
      if (Date.now() - started > timeoutMs) return reject(new Error('timed out waiting'))
      setTimeout(poll, 20)
    }
    poll()
  })
}
