/**
 * Dev-node overrides of what the next blocks carry (anvil_setBlockGasLimit, anvil_setCoinbase,
 * anvil_setMinGasPrice). They are kept beside the engine settings (persisted with them by
 * `saveSettings`) rather than in the network constants, which stay the network's truth.
 *
 * - gas limit: applied at once to the next block, as Anvil does, instead of RSKj's walk toward
 *   the target by parent/1024 per block; later blocks keep it.
 * - coinbase: the `miner` of the next blocks (REMASC still pays as the network rules say).
 * - minimum gas price: the `minimumGasPrice` header field of the next blocks; the pool checks a
 *   transaction against the head's, so it applies to transactions sent after the next block.
 */
import type { Address } from '../../util/hex.js'
import type { BuildBlockParameters } from './blockBuilder.js'
import type { Engine } from './engine.js'
import type { EngineSettings } from './settings.js'

export interface BlockOverrides {
  gasLimit?: bigint
  coinbase?: Address
  minimumGasPrice?: bigint
}

type SettingsWithOverrides = EngineSettings & { blockOverrides?: BlockOverrides }

export function blockOverrides(engine: Engine): BlockOverrides {
  return (engine.settings as SettingsWithOverrides).blockOverrides ?? {}
}

/** Merges `patch` into the persisted overrides. */
export function setBlockOverrides(engine: Engine, patch: BlockOverrides): Promise<void> {
  return engine.mutex.run(async () => {
    const settings = engine.settings as SettingsWithOverrides
    settings.blockOverrides = { ...settings.blockOverrides, ...patch }
    await engine.saveSettings()
  })
}

/** The block parameters with the overrides applied (the builder reads them from here). */
export function withBlockOverrides(engine: Engine, input: BuildBlockParameters): BuildBlockParameters {
  const o = blockOverrides(engine)
  const params = engine.omitRemascTransaction ? { ...input, omitRemasc: true } : input
  if (o.gasLimit === undefined && o.coinbase === undefined && o.minimumGasPrice === undefined) return params
  return {
    ...params,
    network: {
      ...params.network,
      ...(o.minimumGasPrice !== undefined ? { minimumGasPrice: o.minimumGasPrice } : {}),
      ...(o.gasLimit !== undefined ? { targetGasLimit: o.gasLimit } : {}),
    },
    ...(o.coinbase !== undefined ? { coinbase: o.coinbase } : {}),
    ...(o.gasLimit !== undefined ? { gasLimit: o.gasLimit } : {}),
  }
}
