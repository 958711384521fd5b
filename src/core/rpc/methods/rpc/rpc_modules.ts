/** Handler for `rpc_modules`: `{ "<module>": "1.0" }` for every module with at least one served method, as RSKj. */
import { defineMethod } from '../../defineMethod.js'

export const rpc_modules = defineMethod({
  name: 'rpc_modules',
  params: [],
  handler: (context) => context.registry.modules(),
})
