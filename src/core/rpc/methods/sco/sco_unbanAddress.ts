/** Handler for `sco_unbanAddress(address | cidr)`: removes it from the ban list; `null`. */
import { defineMethod } from '../../defineMethod.js'
import { updateBans } from '../scoBans.js'
import { banTarget } from '../scoParams.js'

export const sco_unbanAddress = defineMethod({
  name: 'sco_unbanAddress',
  params: [banTarget('address')],
  handler: async (context, [entry]) => {
    await updateBans(context.engine, (list) => list.filter((e) => e !== entry))
    return null
  },
})
