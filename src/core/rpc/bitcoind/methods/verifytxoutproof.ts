import { PartialMerkleTreeError, parsePartialMerkleTree } from '../../../bitcoin/partialMerkleTree.js'
import { BitcoinDecodeError, ByteReader } from '../../../mining/bitcoin/byteIo.js'
import { bitcoinHeaderHash, decodeBitcoinHeader } from '../../../mining/bitcoin/header.js'
import { bytesToUnprefixedHex, equalBytes } from '../../../util/hex.js'
import { parseHex } from '../args.js'
import { defineBitcoind } from '../context.js'
import { BitcoindError, RPC_INVALID_ADDRESS_OR_KEY, RPC_MISC_ERROR } from '../errors.js'

/** The merkle block's header and the bytes of its tree; bytes after the tree are ignored, as bitcoind does. */
function readMerkleBlock(bytes: Uint8Array): { header: Uint8Array; pmt: Uint8Array } {
  try {
    const reader = new ByteReader(bytes)
    const header = reader.bytes(80, 'block header')
    reader.uint32le('transaction count')
    const hashes = reader.varInt('hash count')
    for (let i = 0; i < hashes; i++) reader.bytes(32, 'hash')
    reader.varBytes('flag bits')
    return { header, pmt: bytes.slice(80, bytes.length - reader.remaining) }
  } catch (error) {
    if (error instanceof BitcoinDecodeError) {
      throw new BitcoindError(
        RPC_MISC_ERROR,
        `DataStream::read(): end of data: iostream error (${error.message})`,
      )
    }
    throw error
  }
}

/**
 * The txids the proof commits to: [] when its tree is malformed or does not lead to its header's
 * merkle root; -5 when the block is not in the chain.
 */
export const verifytxoutproof = defineBitcoind({
  name: 'verifytxoutproof',
  args: [{ name: 'proof', type: 'string' }],
  run(context, [proofParam]) {
    const { header, pmt } = readMerkleBlock(parseHex(proofParam, 'proof'))
    let tree: ReturnType<typeof parsePartialMerkleTree>
    try {
      tree = parsePartialMerkleTree(pmt)
    } catch (error) {
      if (error instanceof PartialMerkleTreeError) return []
      throw error
    }
    if (!equalBytes(tree.root, decodeBitcoinHeader(header).merkleRoot)) return []
    const chain = context.read()
    const stored = chain.blockByHash(bitcoinHeaderHash(header))
    const inBestChain = stored && equalBytes(chain.hashAt(stored.height) ?? new Uint8Array(0), stored.hash)
    if (!stored || !inBestChain)
      throw new BitcoindError(RPC_INVALID_ADDRESS_OR_KEY, 'Block not found in chain')
    const count = stored.block.transactions.length
    return tree.matched.filter((_, i) => (tree.indexes[i] ?? count) < count).map(bytesToUnprefixedHex)
  },
})
