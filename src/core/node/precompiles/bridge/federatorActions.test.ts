import { beforeAll, describe, expect, test } from 'vitest'
import { BitcoinChain } from '../../../bitcoin/chain/bitcoinChain.js'
import { bitcoinGenesis } from '../../../bitcoin/chain/genesis.js'
import { slotBtcStore } from '../../../bitcoin/chain/store.js'
import { parsePartialMerkleTree } from '../../../bitcoin/partialMerkleTree.js'
import { loadCurves } from '../../../crypto/curves.js'
import { BITCOIN_CHAIN_ADDRESS } from '../../../network/networks.js'
import type { SlotWriter } from '../../../state/slotBlobs.js'
import type { Address } from '../../../util/hex.js'
import { bytesToHex, bytesToUnprefixedHex } from '../../../util/hex.js'
import { AbiReader, selectorOf } from '../abi.js'
import {
  encodeReceiveHeadersCall,
  headersToSendFromStorage,
  peginsToRegister,
  pegoutsToRegister,
  signaturesToAdd,
  updateCollectionsCall,
} from './federatorActions.js'
import { readReleasedPegouts } from './pegoutStorage.js'
import { COW, federators, NETWORK, PegoutWorld, RBTC, type Sender } from './pegoutTestHarness.js'
import {
  BRIDGE_STORAGE_ADDRESS,
  BridgeStorage,
  markProcessed,
  writeBestHash,
  writeHashAtHeight,
  writeStoredHeader,
} from './storage.js'

beforeAll(async () => {
  await loadCurves()
})

/** An account's slots as of `world`, with writes kept aside. */
function overlay(world: PegoutWorld, address: Address): SlotWriter {
  const writes = new Map<bigint, bigint>()
  return {
    getStorage: (slot) => writes.get(slot) ?? world.state.getStorage(address, slot),
    setStorage: (slot, value) => {
      writes.set(slot, value)
    },
  }
}

/** A peg-out through release, with a writable view of the Bitcoin chain and the Bridge after it. */
function releasedPegout() {
  const world = new PegoutWorld()
  world.send(COW, new Uint8Array(0), RBTC / 2n)
  const byAddress = new Map(federators().map((f) => [f.address, f]))
  const federator = federators()[0] as Sender
  world.blockNumber = 2n
  world.send(federator, updateCollectionsCall())
  world.blockNumber = 5n
  world.send(federator, updateCollectionsCall())
  for (const call of signaturesToAdd(world.storage(), NETWORK))
    world.send(byAddress.get(call.from) as Sender, call.data)
  const chain = new BitcoinChain(slotBtcStore(overlay(world, BITCOIN_CHAIN_ADDRESS)), NETWORK)
  const slots = overlay(world, BRIDGE_STORAGE_ADDRESS)
  const genesis = bitcoinGenesis(NETWORK)
  const storage = new BridgeStorage(NETWORK, slots, slots, () => ({
    header: genesis.raw.slice(0, 80),
    hash: genesis.hash,
    height: genesis.height,
    federationUtxos: genesis.federationUtxos,
  }))
  return { world, chain, storage }
}

/** Gives the light client every block of the chain. */
function feedLightClient(chain: BitcoinChain, storage: BridgeStorage): void {
  for (let h = 1; h <= chain.bestHeight(); h++) {
    const block = chain.blockByHeight(h)
    if (!block) throw new Error(`no block ${h}`)
    writeStoredHeader(storage, { header: block.raw.slice(0, 80), hash: block.hash, height: h, chainWork: 0n })
    writeHashAtHeight(storage, h, block.hash)
    writeBestHash(storage, block.hash)
  }
}

describe('what the federation does before a block', () => {
  test('sends the headers the light client lacks, oldest first', () => {
    const { chain, storage } = releasedPegout()
    chain.mine(3)
    const headers = headersToSendFromStorage(chain, storage)
    expect(headers.map((h) => bytesToHex(h))).toEqual(
      [1, 2, 3].map((h) => bytesToHex(chain.blockByHeight(h)?.raw.slice(0, 80) ?? new Uint8Array())),
    )
    const decoded = new AbiReader(encodeReceiveHeadersCall(headers)).bytesArray(0)
    expect(decoded.map((h) => bytesToHex(h))).toEqual(headers.map((h) => bytesToHex(h)))
    feedLightClient(chain, storage)
    expect(headersToSendFromStorage(chain, storage)).toEqual([])
  })

  test('registers its released peg-out once mined with 3 confirmations in the light client', () => {
    const { chain, storage } = releasedPegout()
    const [released] = readReleasedPegouts(storage)
    if (!released) throw new Error('nothing released')
    chain.mine(2)
    feedLightClient(chain, storage)
    expect(pegoutsToRegister(storage, NETWORK, chain)).toEqual([])
    chain.mine(1)
    feedLightClient(chain, storage)
    const [registration] = pegoutsToRegister(storage, NETWORK, chain)
    expect(bytesToUnprefixedHex(registration?.txid ?? new Uint8Array())).toBe(
      bytesToUnprefixedHex(released.btcTxid),
    )
    expect(registration?.height).toBe(1)
    const data = registration?.data ?? new Uint8Array()
    expect(bytesToHex(data.subarray(0, 4))).toBe(
      bytesToHex(selectorOf('registerBtcTransaction(bytes,int256,bytes)')),
    )
    const args = new AbiReader(data)
    expect(args.int(1)).toBe(1n)
    const tree = parsePartialMerkleTree(args.bytes(2))
    expect(bytesToUnprefixedHex(tree.matched[0] ?? new Uint8Array())).toBe(
      bytesToUnprefixedHex(released.btcTxid),
    )
    // A released peg-out is not offered again as a peg-in, and nothing is once processed.
    expect(peginsToRegister(storage, NETWORK, chain)).toEqual([])
    markProcessed(storage, released.btcTxid, 9n)
    expect(pegoutsToRegister(storage, NETWORK, chain)).toEqual([])
  })
})
