/** The client identity behind `web3_clientVersion`. Keep `CLIENT_VERSION` equal to package.json's version (a test checks). */
import type { ClientInfo, Platform } from './context.js'

export const CLIENT_NAME = 'rsk-devnode'
export const CLIENT_VERSION = '0.1.0'

/** Used when the host does not say where it runs. */
export const UNKNOWN_PLATFORM: Platform = { os: 'unknown', runtime: 'unknown' }

/**
 * How `web3_clientVersion` reads:
 * - `anvil` (default): `anvil/rsk-devnode/0.1.0/<os>/<runtime>/<build>`. Test tooling decides
 *   whether a node is a dev node from this prefix (Hardhat's network helpers accept only
 *   `hardhat…`, `anvil…` or `zksync…`); the node serves Anvil's dev methods under their Anvil
 *   names and answers, so it says `anvil`, not `HardhatNetwork`, and names itself after it.
 * - `rskj`: `rsk-devnode/0.1.0/<os>/<runtime>/<build>`, shaped like RSKj's
 *   `RskJ/<version>/<os>/<runtime>/<build>`, for clients that expect a Rootstock node's string.
 */
export type ClientVersionStyle = 'anvil' | 'rskj'

export const DEFAULT_CLIENT_VERSION_STYLE: ClientVersionStyle = 'anvil'

export function isClientVersionStyle(value: unknown): value is ClientVersionStyle {
  return value === 'anvil' || value === 'rskj'
}

export function createClientInfo(
  platform: Platform = UNKNOWN_PLATFORM,
  style: ClientVersionStyle = DEFAULT_CLIENT_VERSION_STYLE,
): ClientInfo {
  const build = platform.build ?? 'dev'
  const own = `${CLIENT_NAME}/${CLIENT_VERSION}/${platform.os}/${platform.runtime}/${build}`
  return {
    name: CLIENT_NAME,
    version: CLIENT_VERSION,
    platform: { ...platform, build },
    clientVersion: style === 'anvil' ? `anvil/${own}` : own,
  }
}
