import { defineBitcoind } from '../context.js'

export const getblockcount = defineBitcoind({
  name: 'getblockcount',
  args: [],
  run: (context) => context.read().bestHeight(),
})
