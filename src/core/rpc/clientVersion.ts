/** The client identity behind `web3_clientVersion`. Keep `CLIENT_VERSION` equal to package.json's version (a test checks). */
import type { ClientInfo, Platform } from './context.js'

export const CLIENT_NAME = 'rsk-devnode'
export const CLIENT_VERSION = '0.1.0'

/** Used when the host does not say where it runs. */
export const UNKNOWN_PLATFORM: Platform = { os: 'unknown', runtime: 'unknown' }

/** `rsk-devnode/0.1.0/<os>/<runtime>/<build>`, shaped like RSKj's `RskJ/<version>/<os>/<runtime>/<build>`. */
export function createClientInfo(platform: Platform = UNKNOWN_PLATFORM): ClientInfo {
  const build = platform.build ?? 'dev'
  return {
    name: CLIENT_NAME,
    version: CLIENT_VERSION,
    platform: { ...platform, build },
    clientVersion: `${CLIENT_NAME}/${CLIENT_VERSION}/${platform.os}/${platform.runtime}/${build}`,
  }
}
