/**
 * The methods that change the chain every app of the server shares (time, mining, state edits,
 * snapshots, node-held keys): an app whose `chainMethods` setting is off is refused them, so a
 * key handed to a front end cannot rewind or mint on everybody's chain.
 */

const PREFIXES = ['evm_', 'anvil_', 'hardhat_', 'personal_', 'miner_', 'mnr_submit'] as const
/** Mining control outside those namespaces. */
const EXACT: ReadonlySet<string> = new Set(['eth_submitWork', 'eth_submitHashrate'])

export function isChainChangingMethod(method: string): boolean {
  if (EXACT.has(method)) return true
  for (const prefix of PREFIXES) if (method.startsWith(prefix)) return true
  return false
}

/** Human wording of the namespaces, for the dashboard and the CLI's help. */
export const CHAIN_METHODS_SUMMARY =
  'evm_*, anvil_*, hardhat_*, personal_*, miner_*, mnr_submit*, eth_submitWork, eth_submitHashrate'
