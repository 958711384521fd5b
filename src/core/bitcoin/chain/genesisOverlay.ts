/**
 * The genesis without writing it: until the chain first changes, its store holds nothing and reads
 * are answered from the genesis as it would be stored; the first write stores the genesis, then
 * the change. So a node that never touches Bitcoin spends no storage on it, and a read-only view
 * of a fresh chain works.
 */
import type { NetworkName } from '../../network/networks.js'
import { connectBlock } from './connect.js'
import { bitcoinGenesis } from './genesis.js'
import { TIP_KEY } from './layout.js'
import { type BtcStore, mapBtcStore } from './store.js'

const genesisEntries = new Map<NetworkName, Map<string, Uint8Array>>()

function entriesOf(network: NetworkName): Map<string, Uint8Array> {
  let entries = genesisEntries.get(network)
  if (!entries) {
    const genesis = bitcoinGenesis(network)
    const store = mapBtcStore()
    connectBlock(store, genesis.block, genesis.height, genesis.hash)
    entries = store.entries
    genesisEntries.set(network, entries)
  }
  return entries
}

export function genesisOverlay(inner: BtcStore, network: NetworkName): BtcStore {
  // Once written, a chain stays written for the life of this view (a revert opens a new one).
  let wasWritten = false
  const written = () => {
    wasWritten ||= inner.get(TIP_KEY) !== undefined
    return wasWritten
  }
  return {
    get: (key) => (written() ? inner.get(key) : entriesOf(network).get(key)?.slice()),
    getPrefix: (key, length) =>
      written()
        ? (inner.getPrefix?.(key, length) ?? inner.get(key)?.slice(0, length))
        : entriesOf(network).get(key)?.slice(0, length),
    put: (key, value) => {
      if (!written()) for (const [k, v] of entriesOf(network)) inner.put(k, v)
      inner.put(key, value)
    },
  }
}
