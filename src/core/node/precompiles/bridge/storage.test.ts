import { describe, expect, it } from 'vitest'
import type { SlotWriter } from '../../../state/slotBlobs.js'
import {
  type BridgeGenesis,
  BridgeStorage,
  type BridgeUtxo,
  markProcessed,
  readBestHash,
  readFederationUtxos,
  readHashAtHeight,
  readProcessedHeight,
  readStoredHeader,
  writeFederationUtxos,
  writeStoredHeader,
} from './storage.js'

function memorySlots(): SlotWriter {
  const slots = new Map<bigint, bigint>()
  return { getStorage: (s) => slots.get(s) ?? 0n, setStorage: (s, v) => void slots.set(s, v) }
}

const utxo = (i: number): BridgeUtxo => ({
  txid: new Uint8Array(32).fill(i),
  index: i,
  value: 5_000_000_000n + BigInt(i),
  scriptPubKey: Uint8Array.of(0xa9, 0x14, ...new Uint8Array(20).fill(i), 0x87),
  height: i * 3,
  coinbase: i === 0,
})

const genesis: BridgeGenesis = {
  header: new Uint8Array(80).fill(7),
  hash: new Uint8Array(32).fill(9),
  height: 0,
  federationUtxos: [utxo(0), utxo(1)],
}

function storage(writable = true) {
  const slots = memorySlots()
  return new BridgeStorage('regtest', slots, writable ? slots : undefined, () => genesis)
}

describe('Bridge storage', () => {
  it('answers the genesis before anything is written', () => {
    const s = storage()
    expect(readBestHash(s)).toEqual(genesis.hash)
    expect(readHashAtHeight(s, 0)).toEqual(genesis.hash)
    expect(readHashAtHeight(s, 1)).toBeUndefined()
    expect(readStoredHeader(s, genesis.hash)?.height).toBe(0)
    expect(readFederationUtxos(s)).toEqual(genesis.federationUtxos)
  })

  it('reads back headers, processed heights and UTXO lists', () => {
    const s = storage()
    const stored = {
      header: new Uint8Array(80).fill(1),
      hash: new Uint8Array(32).fill(2),
      height: 5,
      chainWork: 2n ** 70n + 3n,
    }
    writeStoredHeader(s, stored)
    expect(readStoredHeader(s, stored.hash)).toEqual(stored)
    markProcessed(s, stored.hash, 1234n)
    expect(readProcessedHeight(s, stored.hash)).toBe(1234n)
    expect(readProcessedHeight(s, genesis.hash)).toBeUndefined()
    const utxos = [utxo(3), utxo(4), utxo(5)]
    writeFederationUtxos(s, utxos)
    expect(readFederationUtxos(s)).toEqual(utxos)
    writeFederationUtxos(s, [])
    expect(readFederationUtxos(s)).toEqual([])
  })

  it('refuses to write in a static call', () => {
    expect(() => markProcessed(storage(false), genesis.hash, 1n)).toThrow(/static call/)
  })
})
