/** Handler for `sco_bannedAddresses`: banned addresses, then banned blocks (`a.b.c.d/n`). */
import { defineMethod } from '../../defineMethod.js'
import { bannedAddresses } from '../scoBans.js'

export const sco_bannedAddresses = defineMethod({
  name: 'sco_bannedAddresses',
  params: [],
  handler: (context) => bannedAddresses(context.engine),
})
