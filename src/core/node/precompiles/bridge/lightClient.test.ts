import { beforeAll, describe, expect, it } from 'vitest'
import { bitcoinGenesis } from '../../../bitcoin/chain/genesis.js'
import { meetsTarget } from '../../../bitcoin/pow.js'
import { loadCurves } from '../../../crypto/curves.js'
import { loadFastSha256 } from '../../../crypto/fastSha256.js'
import { bytesToBigint, bytesToHex } from '../../../util/hex.js'
import { bridgeStateAt } from '../../bridgeState.js'
import { bridgeFederation } from './federation.js'
import { block, bridgeOnMemoryState, callData, mineBlocks, type TestBlock, USER } from './testing/harness.js'

beforeAll(() => Promise.all([loadCurves(), loadFastSha256()]))

/** getBtcTransactionConfirmations(bytes32,bytes32,uint256,bytes32[]) call data. */
function confirmationsCall(
  txid: Uint8Array,
  blockHash: Uint8Array,
  path: bigint,
  branch: Uint8Array[],
): Uint8Array {
  const head = callData('getBtcTransactionConfirmations(bytes32,bytes32,uint256,bytes32[])').subarray(0, 4)
  const parts = [head, txid, blockHash, word(path), word(128n), word(BigInt(branch.length)), ...branch]
  return Uint8Array.from(parts.flatMap((p) => [...p]))
}

const int = (data: Uint8Array) => BigInt.asIntN(256, bytesToBigint(data))
const bytesOut = (data: Uint8Array) => data.slice(64, 64 + Number(bytesToBigint(data.subarray(32, 64))))
/** receiveHeaders(bytes[]) call data, each header padded to 96 bytes. */
function headersCall(blocks: TestBlock[]): Uint8Array {
  const words: bigint[] = [32n, BigInt(blocks.length)]
  blocks.forEach((_, i) => {
    words.push(BigInt(blocks.length * 32 + i * 128))
  })
  const head = callData('receiveHeaders(bytes[])').subarray(0, 4)
  const parts = [head, ...words.map(word)]
  for (const b of blocks)
    parts.push(word(BigInt(b.header.length)), b.header, new Uint8Array(96 - b.header.length))
  return Uint8Array.from(parts.flatMap((p) => [...p]))
}

function word(value: bigint): Uint8Array {
  return Uint8Array.from({ length: 32 }, (_, i) => Number((value >> BigInt(8 * (31 - i))) & 0xffn))
}

function setup() {
  const federator = bridgeFederation('regtest').rskAddresses[0] as `0x${string}`
  const bridge = bridgeOnMemoryState([USER, federator])
  const read = (signature: string, ...args: Parameters<typeof callData>[1][]) =>
    bridge.call(callData(signature, ...args)).returnData
  const feed = (blocks: TestBlock[]) => bridge.send(federator, headersCall(blocks))
  return { bridge, federator, read, feed }
}

describe('Bridge light client', () => {
  it('starts at the simulated chain genesis before any header arrives', () => {
    const { read } = setup()
    const genesis = bitcoinGenesis('regtest')
    expect(int(read('getBtcBlockchainBestChainHeight()'))).toBe(0n)
    expect(int(read('getBtcBlockchainInitialBlockHeight()'))).toBe(0n)
    expect(
      bytesToHex(bytesOut(read('getBtcBlockchainBlockHashAtDepth(int256)', { type: 'int', value: 0n }))),
    ).toBe(bytesToHex(genesis.hash))
    expect(bytesOut(read('getBtcBlockchainBestBlockHeader()'))).toHaveLength(80)
  })

  it('takes headers from the federation only, and answers the chain it built', () => {
    const { bridge, read, feed } = setup()
    const blocks = mineBlocks(5)
    expect(bridge.send(USER, headersCall(blocks)).success).toBe(false)
    expect(feed(blocks).success).toBe(true)
    expect(int(read('getBtcBlockchainBestChainHeight()'))).toBe(5n)
    expect(bridgeStateAt({ name: 'regtest' }, bridge.state).btcBlockchainBestChainHeight).toBe(5)
    const third = blocks[2] as TestBlock
    expect(
      bytesOut(
        read('getBtcBlockchainBlockHeaderByHash(bytes32)', {
          type: 'uint',
          value: bytesToBigint(third.hash),
        }),
      ),
    ).toEqual(third.header)
    expect(
      bytesOut(read('getBtcBlockchainBlockHeaderByHeight(uint256)', { type: 'uint', value: 3n })),
    ).toEqual(third.header)
    expect(
      bytesOut(
        read('getBtcBlockchainParentBlockHeaderByHash(bytes32)', {
          type: 'uint',
          value: bytesToBigint(third.hash),
        }),
      ),
    ).toEqual(blocks[1]?.header)
    expect(bytesOut(read('getBtcBlockchainBlockHashAtDepth(int256)', { type: 'int', value: 2n }))).toEqual(
      third.hash,
    )
    expect(
      bridge.call(callData('getBtcBlockchainBlockHashAtDepth(int256)', { type: 'int', value: 6n })).success,
    ).toBe(false)
    expect(
      bytesOut(read('getBtcBlockchainBlockHeaderByHeight(uint256)', { type: 'uint', value: 6n })),
    ).toHaveLength(0)
    expect(
      bytesOut(read('getBtcBlockchainBlockHeaderByHash(bytes32)', { type: 'uint', value: 7n })),
    ).toHaveLength(0)
  })

  it('skips orphans and headers without proof of work; a wrong size fails the call', () => {
    const { bridge, read, feed, federator } = setup()
    const blocks = mineBlocks(3)
    const bad = { ...(blocks[0] as TestBlock), header: (blocks[0] as TestBlock).header.slice() }
    // A nonce whose hash misses the target (half of them do at regtest difficulty).
    for (let n = 0; meetsTarget(bad.header); n++) bad.header[76] = n
    expect(feed([bad, blocks[2] as TestBlock]).success).toBe(true)
    expect(int(read('getBtcBlockchainBestChainHeight()'))).toBe(0n)
    const short = { ...(blocks[0] as TestBlock), header: (blocks[0] as TestBlock).header.subarray(0, 79) }
    expect(bridge.send(federator, headersCall([short])).success).toBe(false)
  })

  it('follows the chain with the most work, re-indexing heights', () => {
    const { read, feed } = setup()
    const main = mineBlocks(3)
    feed(main)
    const fork = mineBlocks(3, main[0])
    feed(fork)
    expect(int(read('getBtcBlockchainBestChainHeight()'))).toBe(4n)
    expect(
      bytesOut(read('getBtcBlockchainBlockHeaderByHeight(uint256)', { type: 'uint', value: 2n })),
    ).toEqual(fork[0]?.header)
  })

  it('counts confirmations of a transaction proven by a merkle branch, with RSKj codes otherwise', () => {
    const { bridge, feed } = setup()
    const txid = Uint8Array.from({ length: 32 }, (_, i) => i + 1)
    const blocks = mineBlocks(5, undefined, [[], [txid]])
    feed(blocks)
    const second = blocks[1] as TestBlock
    const confirmations = (blockHash: Uint8Array, branch: Uint8Array[], path: bigint) =>
      int(bridge.call(confirmationsCall(txid, blockHash, path, branch)).returnData)
    expect(confirmations(second.hash, [second.txids[0] as Uint8Array], 1n)).toBe(4n)
    expect(confirmations(new Uint8Array(32).fill(3), [second.txids[0] as Uint8Array], 1n)).toBe(-1n)
    expect(confirmations(second.hash, [second.txids[0] as Uint8Array], 0n)).toBe(-5n)
    const fork = mineBlocks(1, blocks[0])
    feed(fork)
    expect(confirmations((fork[0] as TestBlock).hash, [], 0n)).toBe(-2n)
  })

  it('receives a single header from anyone, at most one per five minutes', () => {
    const { bridge } = setup()
    const [first, second] = mineBlocks(2) as [TestBlock, TestBlock]
    const receive = (b: TestBlock, time: bigint, header = b.header) =>
      int(
        bridge.send(USER, callData('receiveHeader(bytes)', { type: 'bytes', value: header }), {
          block: block(1n, time),
        }).returnData,
      )
    expect(receive(second, 1000n)).toBe(-3n)
    expect(receive(first, 1000n)).toBe(0n)
    expect(receive(first, 2000n)).toBe(-4n)
    expect(receive(second, 1100n)).toBe(-1n)
    expect(receive(second, 1300n)).toBe(0n)
    expect(receive(second, 2000n, second.header.subarray(0, 79))).toBe(-20n)
  })

  it("finds blocks by height below regtest's block index (10) only within 5 of the tip, as RSKj's store", () => {
    const { bridge, read, feed } = setup()
    const txid = new Uint8Array(32).fill(4)
    const blocks = mineBlocks(20, undefined, [[], [], [], [], [txid]])
    feed(blocks)
    const fifth = blocks[4] as TestBlock
    expect(
      bytesOut(read('getBtcBlockchainBlockHeaderByHeight(uint256)', { type: 'uint', value: 5n })),
    ).toHaveLength(0)
    expect(
      bytesOut(read('getBtcBlockchainBlockHeaderByHeight(uint256)', { type: 'uint', value: 10n })),
    ).toEqual(blocks[9]?.header)
    const branch = [fifth.txids[0] as Uint8Array]
    expect(int(bridge.call(confirmationsCall(txid, fifth.hash, 1n, branch)).returnData)).toBe(-3n)
  })
})
