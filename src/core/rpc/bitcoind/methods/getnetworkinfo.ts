import { defineBitcoind } from '../context.js'

/** A node with no peers: the simulated chain is mined locally. */
export const getnetworkinfo = defineBitcoind({
  name: 'getnetworkinfo',
  args: [],
  run: () => ({
    version: 270000,
    subversion: '/Satoshi:27.0.0(rsk-devnode)/',
    protocolversion: 70016,
    localservices: '0000000000000409',
    localservicesnames: ['NETWORK', 'WITNESS', 'NETWORK_LIMITED'],
    localrelay: true,
    timeoffset: 0,
    networkactive: true,
    connections: 0,
    connections_in: 0,
    connections_out: 0,
    networks: [],
    relayfee: 0.00001,
    incrementalfee: 0.00001,
    localaddresses: [],
    warnings: '',
  }),
})
