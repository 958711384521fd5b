/**
 * Handler for `btc_setFederation`: how the simulated federation behaves. `autoRegisterPegins`
 * (default true) registers peg-ins by itself as RSKj's PowPeg nodes do; turn it off to register a
 * peg-in by hand with `registerBtcTransaction`. `null`.
 */
import { setFederationSettings } from '../../../node/bitcoin/chainEdits.js'
import { defineMethod } from '../../defineMethod.js'
import { InvalidParamsError } from '../../errors/rpc.js'
import { describeValue, object } from '../../params.js'

export const btc_setFederation = defineMethod({
  name: 'btc_setFederation',
  params: [object('settings')],
  handler: async (context, [settings]) => {
    const unknown = Object.keys(settings).filter((key) => key !== 'autoRegisterPegins')
    if (unknown.length > 0)
      throw new InvalidParamsError(
        `invalid settings: unknown member ${unknown[0]} (known: autoRegisterPegins)`,
      )
    if (typeof settings.autoRegisterPegins !== 'boolean')
      throw new InvalidParamsError(
        `invalid settings.autoRegisterPegins: expected a boolean, got ${describeValue(settings.autoRegisterPegins)}`,
      )
    await setFederationSettings(context.engine, { autoRegisterPegins: settings.autoRegisterPegins })
    return null
  },
})
