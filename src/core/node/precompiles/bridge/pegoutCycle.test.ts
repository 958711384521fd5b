import { beforeAll, describe, expect, test } from 'vitest'
import { BitcoinChain } from '../../../bitcoin/chain/bitcoinChain.js'
import { slotBtcStore } from '../../../bitcoin/chain/store.js'
import { loadCurves } from '../../../crypto/curves.js'
import { KECCAK256_EMPTY } from '../../../crypto/hash.js'
import { BITCOIN_CHAIN_ADDRESS } from '../../../network/networks.js'
import type { SlotWriter } from '../../../state/slotBlobs.js'
import { bytesToUnprefixedHex } from '../../../util/hex.js'
import {
  encodeReceiveHeadersCall,
  headersToSendFromStorage,
  needsUpdateCollections,
  pegoutsToRegister,
  signaturesToAdd,
  updateCollectionsCall,
} from './federatorActions.js'
import { createBridgeContract } from './index.js'
import { readReleasedPegouts } from './pegoutStorage.js'
import { COW, federators, NETWORK, PegoutWorld, RBTC, type Sender } from './pegoutTestHarness.js'
import { readFederationUtxos, readProcessedHeight } from './storage.js'

beforeAll(async () => {
  await loadCurves()
})

/** Mines `count` Bitcoin blocks in the world's simulated chain (a dev edit, outside any block). */
function mineBitcoin(world: PegoutWorld, count: number): void {
  const writes = new Map<bigint, bigint>()
  const slots: SlotWriter = {
    getStorage: (slot) => writes.get(slot) ?? world.state.getStorage(BITCOIN_CHAIN_ADDRESS, slot),
    setStorage: (slot, value) => {
      writes.set(slot, value)
    },
  }
  new BitcoinChain(slotBtcStore(slots), NETWORK).mine(count)
  const account = world.state.getAccount(BITCOIN_CHAIN_ADDRESS) ?? {
    nonce: 0n,
    balance: 0n,
    codeHash: KECCAK256_EMPTY,
  }
  world.state.applyDiff(new Map([[BITCOIN_CHAIN_ADDRESS, { account, storage: writes }]]))
}

function chainOf(world: PegoutWorld): BitcoinChain {
  const slots: SlotWriter = {
    getStorage: (slot) => world.state.getStorage(BITCOIN_CHAIN_ADDRESS, slot),
    setStorage: () => {
      throw new Error('read-only')
    },
  }
  return new BitcoinChain(slotBtcStore(slots), NETWORK)
}

describe('a peg-out’s whole cycle through the Bridge', () => {
  test('released, mined, its headers received and registered: the change is the federation’s again', () => {
    const world = new PegoutWorld(createBridgeContract({ name: NETWORK }))
    const federator = federators()[0] as Sender
    const byAddress = new Map(federators().map((f) => [f.address, f]))
    world.send(COW, new Uint8Array(0), RBTC / 2n)
    for (let block = 2n; block <= 6n; block++) {
      world.blockNumber = block
      if (needsUpdateCollections(world.storage(), NETWORK, block))
        world.send(federator, updateCollectionsCall())
      for (const call of signaturesToAdd(world.storage(), NETWORK))
        world.send(byAddress.get(call.from) as Sender, call.data)
    }
    const [released] = readReleasedPegouts(world.storage())
    if (!released) throw new Error('the peg-out was not released')
    expect(readFederationUtxos(world.storage())).toHaveLength(19)

    mineBitcoin(world, 3)
    world.blockNumber = 7n
    const headers = headersToSendFromStorage(chainOf(world), world.storage())
    expect(headers).toHaveLength(3)
    const received = world.send(federator, encodeReceiveHeadersCall(headers))
    expect(received.success).toBe(true)
    expect(headersToSendFromStorage(chainOf(world), world.storage())).toEqual([])

    const [registration] = pegoutsToRegister(world.storage(), NETWORK, chainOf(world))
    if (!registration) throw new Error('nothing to register')
    world.blockNumber = 8n
    const registered = world.send(byAddress.get(registration.from) as Sender, registration.data)
    expect(registered.success).toBe(true)
    expect(readProcessedHeight(world.storage(), released.btcTxid)).toBe(8n)
    const change = readFederationUtxos(world.storage()).filter(
      (u) => bytesToUnprefixedHex(u.txid) === bytesToUnprefixedHex(released.btcTxid),
    )
    expect(change.map((u) => u.value)).toEqual([5_000_000_000n - 50_000_000n])
    expect(pegoutsToRegister(world.storage(), NETWORK, chainOf(world))).toEqual([])
  })
})
