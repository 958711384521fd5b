/**
 * The one registry of JSON-RPC methods: every method of the specification and the dev methods,
 * each with its status and parameter specs. To implement a method, add
 * `methods/<namespace>/<method>.ts` exporting `defineMethod({...})` and list it in `IMPLEMENTED`
 * below; its status becomes `implemented` and the dispatcher starts serving it.
 */
import type { MethodDefinition } from './defineMethod.js'
import { DEV_METHODS } from './devMethodTable.js'
import { BTC_METHODS } from './methods/btcMethods.js'
import { CHAIN_METHODS } from './methods/chainMethods.js'
import { CONTROL_METHODS } from './methods/controlMethods.js'
import { DEV_METHODS_IMPLEMENTED } from './methods/devMethods.js'
import { eth_accounts } from './methods/eth/eth_accounts.js'
import { eth_chainId } from './methods/eth/eth_chainId.js'
import { eth_protocolVersion } from './methods/eth/eth_protocolVersion.js'
import { eth_syncing } from './methods/eth/eth_syncing.js'
import { MINING_METHODS } from './methods/miningMethods.js'
import { net_listening } from './methods/net/net_listening.js'
import { net_peerCount } from './methods/net/net_peerCount.js'
import { net_peerList } from './methods/net/net_peerList.js'
import { net_version } from './methods/net/net_version.js'
import { NODE_METHODS } from './methods/nodeMethods.js'
import { rpc_modules } from './methods/rpc/rpc_modules.js'
import { rsk_protocolVersion } from './methods/rsk/rsk_protocolVersion.js'
import { TRACE_METHODS } from './methods/traceMethods.js'
import { web3_clientVersion } from './methods/web3/web3_clientVersion.js'
import { web3_sha3 } from './methods/web3/web3_sha3.js'
import { type MethodGroup, type MethodRow, SPEC_METHODS } from './methodTable.js'
import type { AnyParamSpec } from './params.js'

/**
 * `implemented`: served. `pending`: known, not implemented yet — answers -32601
 * `the method <name> does not exist/is not available` until its issue lands.
 * `unsupported` / `deprecated`: refused for good with the same -32601 text.
 */
export type MethodStatus = 'implemented' | 'pending' | 'unsupported' | 'deprecated'

export interface MethodEntry {
  name: string
  /** `eth`, `net`, `anvil`…: the part before the first underscore. */
  namespace: string
  group: MethodGroup
  status: MethodStatus
  params: readonly AnyParamSpec[]
  aliasOf?: string
  /** Present exactly when `status` is `implemented`. */
  definition?: MethodDefinition
}

export interface MethodRegistry {
  get(name: string): MethodEntry | undefined
  entries(): readonly MethodEntry[]
  /** RSKj's `rpc_modules` answer: every namespace with a served method, version `1.0`. */
  modules(): Record<string, string>
}

/** The methods served today. Aliases need no entry: they follow their canonical method. */
export const IMPLEMENTED: readonly MethodDefinition[] = [
  web3_clientVersion,
  web3_sha3,
  net_version,
  net_listening,
  net_peerCount,
  net_peerList,
  eth_chainId,
  eth_protocolVersion,
  eth_accounts,
  eth_syncing,
  rsk_protocolVersion,
  rpc_modules,
  ...CHAIN_METHODS,
  ...CONTROL_METHODS,
  ...DEV_METHODS_IMPLEMENTED,
  ...NODE_METHODS,
  ...MINING_METHODS,
  ...TRACE_METHODS,
  ...BTC_METHODS,
]

/** The same work, answered as Hardhat does (`MethodRow.answers`). */
function answeringAs(answers: 'true' | 'whetherFound', definition: MethodDefinition): MethodDefinition {
  const answer = (result: unknown) => answers === 'true' || (result !== null && result !== undefined)
  return {
    ...definition,
    handler(context, params) {
      const result = definition.handler(context, params)
      return isPromise(result) ? result.then(answer) : answer(result)
    },
  }
}

function isPromise(value: unknown): value is Promise<unknown> {
  return typeof (value as { then?: unknown } | null)?.then === 'function'
}

export function namespaceOf(method: string): string {
  const i = method.indexOf('_')
  return i < 0 ? method : method.slice(0, i)
}

export interface CreateRegistryParameters {
  rows?: Readonly<Record<string, MethodRow>>
  implemented?: readonly MethodDefinition[]
}

export function createRegistry({
  rows = { ...SPEC_METHODS, ...DEV_METHODS },
  implemented = IMPLEMENTED,
}: CreateRegistryParameters = {}): MethodRegistry {
  const definitions = new Map(implemented.map((d) => [d.name, d]))
  const byName = new Map<string, MethodEntry>()
  for (const [name, row] of Object.entries(rows)) {
    const canonical = definitions.get(row.aliasOf ?? name)
    const definition = canonical && row.answers ? answeringAs(row.answers, canonical) : canonical
    if (definition && row.refused) throw new Error(`${name} is ${row.refused} but has a definition`)
    const entry: MethodEntry = {
      name,
      namespace: namespaceOf(name),
      group: row.group,
      status: row.refused ?? (definition ? 'implemented' : 'pending'),
      params: definition ? definition.params : row.params,
      ...(row.aliasOf ? { aliasOf: row.aliasOf } : {}),
      ...(definition ? { definition } : {}),
    }
    byName.set(name, entry)
  }
  for (const name of definitions.keys()) {
    if (!byName.has(name))
      throw new Error(`method ${name} is implemented but not listed in the method tables`)
  }
  const entries = [...byName.values()]
  return {
    get: (name) => byName.get(name),
    entries: () => entries,
    modules() {
      const out: Record<string, string> = {}
      for (const e of entries) if (e.status === 'implemented') out[e.namespace] = '1.0'
      return out
    },
  }
}
