import { describe, expect, it } from 'vitest'
import { rlpDecode, rlpEncode } from '../../chain/rlp.js'
import { createManualClock } from '../../clock/clock.js'
import { createNode } from '../../createNode.js'
import { createMemoryStore } from '../../storage/memoryStore.js'
import { decodeBlockRecord, encodeBlockRecord, packBloom, unpackBloom } from './blockCodec.js'
import type { StoredBlock } from './blockRecord.js'
import type { Engine } from './engine.js'

async function minedBlock(): Promise<StoredBlock> {
  const node = await createNode({
    network: 'regtest',
    storage: createMemoryStore(),
    clock: createManualClock(1_700_000_000_000),
  })
  const engine = node.engine as Engine
  await engine.mineBlocks(1)
  const block = (await engine.reader.blockByNumber(1n))!
  await node.close()
  return block
}

describe('block records', () => {
  it('store a zero bloom as an empty string and read it back as 256 zero bytes', async () => {
    const block = await minedBlock()
    expect(block.header.logsBloom).toEqual(new Uint8Array(256))
    const raw = encodeBlockRecord(block)
    const fields = rlpDecode(raw) as unknown[]
    const header = fields[0] as Uint8Array[]
    expect(header[7]).toEqual(new Uint8Array(0))
    const decoded = decodeBlockRecord(raw)
    expect(decoded.header.logsBloom).toEqual(new Uint8Array(256))
    expect(decoded.receipts.map((r) => r.bloom)).toEqual(block.receipts.map(() => new Uint8Array(256)))
    expect(decoded).toEqual(block)
  })

  it('keep a bloom with bits set, and read records written with full zero blooms', async () => {
    const block = await minedBlock()
    const bloom = new Uint8Array(256)
    bloom[17] = 0x40
    const withBits: StoredBlock = { ...block, header: { ...block.header, logsBloom: bloom } }
    expect(decodeBlockRecord(encodeBlockRecord(withBits)).header.logsBloom).toEqual(bloom)
    // A record from before blooms were packed: the 256 zero bytes written out.
    const fields = rlpDecode(encodeBlockRecord(block)) as Parameters<typeof rlpEncode>[0] & unknown[][]
    ;(fields[0] as Uint8Array[])[7] = new Uint8Array(256)
    expect(decodeBlockRecord(rlpEncode(fields)).header.logsBloom).toEqual(new Uint8Array(256))
  })

  it('keep where the state root and the base state root lie, and read older records as under t:', async () => {
    const block = await minedBlock()
    const located: StoredBlock = {
      ...block,
      stateAt: 300,
      baseStateRoot: new Uint8Array(32).fill(7),
      baseStateAt: 299,
    }
    const decoded = decodeBlockRecord(encodeBlockRecord(located))
    expect(decoded.stateAt).toBe(300)
    expect(decoded.baseStateAt).toBe(299)
    expect(decoded).toEqual(located)
    // Records from before the locations were kept end at the base state root (9 fields).
    const fields = rlpDecode(encodeBlockRecord(located)) as Parameters<typeof rlpEncode>[0] & unknown[]
    const older = decodeBlockRecord(rlpEncode(fields.slice(0, 9)))
    expect(older.stateAt).toBeUndefined()
    expect(older.baseStateAt).toBeUndefined()
    expect(older.baseStateRoot).toEqual(located.baseStateRoot)
  })

  it('pack only all-zero blooms', () => {
    const bits = new Uint8Array(256)
    bits[255] = 1
    expect(packBloom(bits)).toBe(bits)
    expect(packBloom(new Uint8Array(256))).toHaveLength(0)
    expect(unpackBloom(bits)).toBe(bits)
  })
})
