import { defineBitcoind } from '../context.js'

export const ping = defineBitcoind({ name: 'ping', args: [], run: () => null })
