/** Handler for `sco_banAddress(address | cidr)`: adds it to the ban list; `null` (RSKj returns void). */
import { defineMethod } from '../../defineMethod.js'
import { updateBans } from '../scoBans.js'
import { banTarget } from '../scoParams.js'

export const sco_banAddress = defineMethod({
  name: 'sco_banAddress',
  params: [banTarget('address')],
  handler: async (context, [entry]) => {
    await updateBans(context.engine, (list) => (list.includes(entry) ? list : [...list, entry]))
    return null
  },
})
