import { describe, expect, test } from 'vitest'
import { keccak256 } from '../crypto/hash.js'
import { NETWORKS } from '../network/networks.js'
import { bytesToHex, concatBytes, hexToBytes } from '../util/hex.js'
import {
  baseHashForMergedMining,
  blockHash,
  encodeFullHeader,
  encodeHeaderForHash,
  encodeRawHeader,
  forkDetectionDataFromCoinbase,
  hashForMergedMining,
  headerExtensionHash,
  lastIndexOf,
  RSK_TAG,
} from './header.js'
import { decodeFullHeader, headerRulesFor } from './headerDecode.js'
import { rlpDecodeList, rlpEncode } from './rlp.js'
import { RSKJ_GENESIS, rskExampleBlock, rskExampleHeader, sampleHeader } from './testFixtures.js'

const V0_RULES = { ummRoot: true, version: 0, txExecutionSublistsEdges: false } as const

describe('the RSKj documentation block (real block 436)', () => {
  test('blockHash reproduces the hash RSKj computed', () => {
    expect(bytesToHex(blockHash(rskExampleHeader()))).toBe(rskExampleBlock.hash)
  })

  test('hashForMergedMining reproduces the value RSKj computed', () => {
    expect(bytesToHex(hashForMergedMining(rskExampleHeader()))).toBe(rskExampleBlock.hashForMergedMining)
  })

  test('its coinbase carries RSKBLOCK: followed by that hashForMergedMining', () => {
    const header = rskExampleHeader()
    const tag = concatBytes(RSK_TAG, hashForMergedMining(header))
    expect(lastIndexOf(header.bitcoinMergedMiningCoinbaseTransaction, tag)).toBeGreaterThan(0)
  })

  test('the hashed encoding leaves out proof and coinbase after RSKIP92 and keeps them before', () => {
    const header = rskExampleHeader()
    const withRskip92 = rlpDecodeList(encodeHeaderForHash(header))
    const before = rlpDecodeList(encodeHeaderForHash(header, { rskip92: false }))
    expect(withRskip92).toHaveLength(17)
    expect(before).toHaveLength(19)
    expect(bytesToHex(blockHash(header, { rskip92: false }))).not.toBe(rskExampleBlock.hash)
  })

  test('the zero minimum gas price is encoded as the raw byte 0x00, not 0x80', () => {
    const fields = rlpDecodeList(encodeFullHeader(rskExampleHeader()))
    expect(fields[14]).toEqual(Uint8Array.of(0))
    const withNull = { ...rskExampleHeader(), minimumGasPrice: null }
    expect(rlpDecodeList(encodeFullHeader(withNull))[14]).toEqual(new Uint8Array(0))
    expect(bytesToHex(blockHash(withNull))).not.toBe(rskExampleBlock.hash)
  })
})

describe('RSKj genesis blocks', () => {
  for (const [network, genesis] of Object.entries(RSKJ_GENESIS)) {
    test(`the ${network} genesis header hashes to the hash RSKj pins`, () => {
      expect(bytesToHex(blockHash(genesis.header, { rskip92: genesis.rskip92 }))).toBe(genesis.hash)
    })
  }

  test('the genesis quirks matter: the minimal difficulty encoding gives another hash', () => {
    const { header, rskip92, hash } = RSKJ_GENESIS.mainnet
    const minimal = { ...header, genesisDifficultyBytes: undefined }
    expect(bytesToHex(blockHash(minimal, { rskip92 }))).not.toBe(hash)
  })

  test('a genesis header decodes back to itself, raw difficulty included', () => {
    const { header } = RSKJ_GENESIS.testnet
    const decoded = decodeFullHeader(encodeFullHeader(header), headerRulesFor(NETWORKS.testnet, 0n))
    expect(decoded).toEqual(header)
  })
})

describe('RSKj numeric quirks in the header', () => {
  test('difficulty and minimumGasPrice with the top bit set carry a 0x00 sign byte', () => {
    const fields = rlpDecodeList(
      encodeFullHeader(sampleHeader({ difficulty: 0x80n, minimumGasPrice: 0xffn })),
    )
    expect(fields[7]).toEqual(Uint8Array.of(0, 0x80))
    expect(fields[14]).toEqual(Uint8Array.of(0, 0xff))
  })

  test('a zero difficulty is the raw byte 0x00', () => {
    expect(rlpDecodeList(encodeFullHeader(sampleHeader({ difficulty: 0n })))[7]).toEqual(Uint8Array.of(0))
  })

  test('a mined gas limit of 10,000,000 keeps its sign byte, the genesis one does not', () => {
    const mined = rlpDecodeList(encodeFullHeader(sampleHeader({ gasLimit: 10_000_000n })))
    expect(mined[9]).toEqual(hexToBytes('0x00989680'))
    const genesis = rlpDecodeList(encodeFullHeader(sampleHeader({ gasLimit: 10_000_000n, number: 0n })))
    expect(genesis[9]).toEqual(hexToBytes('0x989680'))
  })

  test('the regtest genesis difficulty is encoded as the five bytes of rsk-dev.json', () => {
    const genesis = sampleHeader({
      number: 0n,
      version: 0,
      ummRoot: null,
      txExecutionSublistsEdges: null,
      baseEvent: null,
      genesisDifficultyBytes: hexToBytes('0x0000000001'),
    })
    const encoded = encodeFullHeader(genesis)
    expect(rlpDecodeList(encoded)[7]).toEqual(hexToBytes('0x0000000001'))
    const decoded = decodeFullHeader(encoded, headerRulesFor(NETWORKS.regtest, 0n))
    expect(decoded.genesisDifficultyBytes).toEqual(hexToBytes('0x0000000001'))
    expect(decoded.difficulty).toBe(1n)
    expect(encodeFullHeader(decoded)).toEqual(encoded)
  })
})

describe('header versions', () => {
  test('V1/V2 hash a byte string holding rlp([version, extensionHash]) in place of the bloom', () => {
    for (const version of [1, 2] as const) {
      const header = sampleHeader({ version })
      const field6 = rlpDecodeList(encodeHeaderForHash(header))[6] as Uint8Array
      expect(field6).toEqual(rlpEncode([Uint8Array.of(version), headerExtensionHash(header)]))
      expect(rlpDecodeList(encodeFullHeader(header))[6]).toEqual(header.logsBloom)
    }
  })

  test('the V1 extension hash commits to the bloom hash and edges; V2 also to the base event', () => {
    const edges = [3, 7]
    const v1 = sampleHeader({ version: 1, txExecutionSublistsEdges: edges, baseEvent: null })
    const v2 = sampleHeader({ version: 2, txExecutionSublistsEdges: edges, baseEvent: hexToBytes('0xbeef') })
    const edgesLE = hexToBytes('0x03000700')
    expect(headerExtensionHash(v1)).toEqual(keccak256(rlpEncode([keccak256(v1.logsBloom), edgesLE])))
    expect(headerExtensionHash(v2)).toEqual(
      keccak256(rlpEncode([keccak256(v2.logsBloom), hexToBytes('0xbeef'), edgesLE])),
    )
  })

  test('changing the bloom, edges or base event of a V2 header changes its hash', () => {
    const base = blockHash(sampleHeader())
    const bloom = new Uint8Array(256)
    bloom[0] = 1
    expect(blockHash(sampleHeader({ logsBloom: bloom }))).not.toEqual(base)
    expect(blockHash(sampleHeader({ txExecutionSublistsEdges: [1] }))).not.toEqual(base)
    expect(blockHash(sampleHeader({ baseEvent: Uint8Array.of(1) }))).not.toEqual(base)
  })

  test('the full V2 encoding appends version, edges and base event after ummRoot; the hashed one does not', () => {
    const header = sampleHeader({ txExecutionSublistsEdges: [2], baseEvent: hexToBytes('0xaa') })
    const full = rlpDecodeList(encodeFullHeader(header))
    expect(full.slice(16, 20)).toEqual([
      new Uint8Array(0),
      Uint8Array.of(2),
      hexToBytes('0x0200'),
      hexToBytes('0xaa'),
    ])
    expect(full).toHaveLength(23)
    const hashed = rlpDecodeList(encodeHeaderForHash(header))
    expect(hashed).toHaveLength(18)
    expect(hashed[17]).toEqual(header.bitcoinMergedMiningHeader)
  })

  test('a V2 header without base event is written with an empty one, as RSKj builds and decodes it', () => {
    const withNull = sampleHeader({ baseEvent: null })
    expect(encodeFullHeader(withNull)).toEqual(
      encodeFullHeader(sampleHeader({ baseEvent: new Uint8Array(0) })),
    )
    expect(blockHash(withNull)).toEqual(blockHash(sampleHeader()))
    expect(
      decodeFullHeader(encodeFullHeader(withNull), headerRulesFor(NETWORKS.regtest, 5n)).baseEvent,
    ).toEqual(new Uint8Array(0))
  })

  test('a V0 header writes edges and base event in both forms', () => {
    const header = sampleHeader({ version: 0, txExecutionSublistsEdges: [1], baseEvent: null })
    expect(rlpDecodeList(encodeHeaderForHash(header))[17]).toEqual(hexToBytes('0x0100'))
    expect(rlpDecodeList(encodeFullHeader(header))[17]).toEqual(hexToBytes('0x0100'))
  })

  test('a base event longer than 128 bytes is refused', () => {
    expect(() => encodeFullHeader(sampleHeader({ baseEvent: new Uint8Array(129) }))).toThrow(
      /cannot exceed 128/,
    )
  })
})

describe('encodings used on the wire', () => {
  test('the raw header of rsk_getRawBlockHeaderByHash keeps the bloom and Bitcoin header, drops proof and coinbase', () => {
    const header = sampleHeader()
    const raw = rlpDecodeList(encodeRawHeader(header))
    expect(raw[6]).toEqual(header.logsBloom)
    expect(raw[raw.length - 1]).toEqual(header.bitcoinMergedMiningHeader)
    expect(raw).toHaveLength(rlpDecodeList(encodeFullHeader(header)).length - 2)
  })

  test('a header without merged-mining fields (pending block) encodes none of them', () => {
    const empty = new Uint8Array(0)
    const pending = sampleHeader({
      bitcoinMergedMiningHeader: empty,
      bitcoinMergedMiningMerkleProof: empty,
      bitcoinMergedMiningCoinbaseTransaction: empty,
    })
    expect(rlpDecodeList(encodeFullHeader(pending))).toHaveLength(20)
  })
})

describe('decoding the full encoding', () => {
  const cases = {
    'regtest V2 with merged mining': [sampleHeader(), headerRulesFor(NETWORKS.regtest, 5n)],
    'V2 without merged mining': [
      sampleHeader({
        bitcoinMergedMiningHeader: new Uint8Array(0),
        bitcoinMergedMiningMerkleProof: new Uint8Array(0),
        bitcoinMergedMiningCoinbaseTransaction: new Uint8Array(0),
      }),
      headerRulesFor(NETWORKS.testnet, 5n),
    ],
    'V2 with base event and edges': [
      sampleHeader({ baseEvent: hexToBytes('0x0102'), txExecutionSublistsEdges: [1, 300] }),
      headerRulesFor(NETWORKS.regtest, 5n),
    ],
    'V1 with edges': [
      sampleHeader({ version: 1, baseEvent: null, txExecutionSublistsEdges: [4] }),
      { ummRoot: true, version: 1, txExecutionSublistsEdges: true },
    ],
    'mainnet V0 with a UMM root': [
      sampleHeader({
        version: 0,
        ummRoot: new Uint8Array(20).fill(9),
        baseEvent: null,
        txExecutionSublistsEdges: null,
      }),
      headerRulesFor(NETWORKS.mainnet, 5n),
    ],
    'pre-UMM V0 (the documentation block)': [rskExampleHeader(), { ...V0_RULES, ummRoot: false }],
  } as const
  for (const [name, [header, rules]] of Object.entries(cases)) {
    test(`${name} round-trips`, () => {
      const encoded = encodeFullHeader(header)
      const decoded = decodeFullHeader(encoded, rules)
      expect(decoded).toEqual(header)
      expect(encodeFullHeader(decoded)).toEqual(encoded)
      expect(blockHash(decoded)).toEqual(blockHash(header))
    })
  }

  test('a header whose merged-mining fields are incomplete is refused', () => {
    const fields = rlpDecodeList(encodeFullHeader(sampleHeader())) as Uint8Array[]
    // 23 fields minus 2: after the base event only the Bitcoin header is left.
    const broken = rlpEncode(fields.slice(0, fields.length - 2))
    expect(() => decodeFullHeader(broken, headerRulesFor(NETWORKS.regtest, 5n))).toThrow(
      /Invalid block header size/,
    )
  })
})

describe('hashForMergedMining', () => {
  test('without UMM root and fork data it is keccak of the compressed header without merged-mining fields', () => {
    const header = sampleHeader()
    const fields = rlpDecodeList(encodeHeaderForHash(header)) as Uint8Array[]
    const expected = keccak256(rlpEncode(fields.slice(0, fields.length - 1)))
    expect(hashForMergedMining(header)).toEqual(expected)
    expect(hashForMergedMining(header)).toEqual(baseHashForMergedMining(header))
  })

  test('a UMM block hashes the first 20 bytes with the UMM root', () => {
    const ummRoot = new Uint8Array(20).fill(0xab)
    const header = sampleHeader({ ummRoot })
    const plain = keccak256(
      rlpEncode((rlpDecodeList(encodeHeaderForHash(header)) as Uint8Array[]).slice(0, -1)),
    )
    expect(hashForMergedMining(header)).toEqual(keccak256(concatBytes(plain.subarray(0, 20), ummRoot)))
  })

  test('a UMM root that is neither empty nor 20 bytes is an error with RSKj text', () => {
    expect(() => hashForMergedMining(sampleHeader({ ummRoot: new Uint8Array(5) }))).toThrow(
      'UMM Root length must be either 0 or 20. Found: 5',
    )
  })

  test('fork detection data replaces bytes 20 to 32 and leaves the first 20 untouched', () => {
    const header = sampleHeader()
    const data = hexToBytes('0x0102030405060708090a0b0c')
    const hash = hashForMergedMining(header, data)
    expect(hash.subarray(0, 20)).toEqual(baseHashForMergedMining(header).subarray(0, 20))
    expect(hash.subarray(20)).toEqual(data)
  })

  test('a mined header gives back the fork detection data its coinbase carries', () => {
    const header = sampleHeader()
    const data = hexToBytes('0xa1a2a3a4a5a6a7a8a9aaabac')
    const coinbaseTail = concatBytes(
      new Uint8Array(40).fill(7),
      RSK_TAG,
      baseHashForMergedMining(header).subarray(0, 20),
      data,
      new Uint8Array(4),
    )
    const mined = { ...header, bitcoinMergedMiningCoinbaseTransaction: coinbaseTail }
    expect(forkDetectionDataFromCoinbase(mined)).toEqual(data)
    expect(() => forkDetectionDataFromCoinbase(header)).toThrow(/could not be found/)
  })
})
