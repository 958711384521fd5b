/**
 * Handler for `web3_clientVersion`: `anvil/rsk-devnode/<version>/<os>/<runtime>/<build>` by default,
 * or `rsk-devnode/<version>/<os>/<runtime>/<build>` (like RSKj's `RskJ/9.0.3/Linux/Java17/…`) with
 * the `rskj` client-version style (`clientVersion.ts` says why).
 */
import { defineMethod } from '../../defineMethod.js'

export const web3_clientVersion = defineMethod({
  name: 'web3_clientVersion',
  params: [],
  handler: (context) => context.client.clientVersion,
})
