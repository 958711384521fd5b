/** rsk_getRaw* and rsk_getTransactionReceiptNodesByHash: exact wire JSON and independent checks. */
import { RLP } from '@ethereumjs/rlp'
import { describe, expect, it } from 'vitest'
import { COW, COW1, createConformanceNode } from './nodeTestChain.js'
import { verifyRskTrieNodes } from './rskTrieVerifier.js'

const UNKNOWN_HASH = `0x${'ab'.repeat(32)}`

function hexToBytes(hex: string): Uint8Array {
  return Uint8Array.from(Buffer.from(hex.slice(2), 'hex'))
}

function toHex(bytes: Uint8Array): string {
  return `0x${Buffer.from(bytes).toString('hex')}`
}

async function chainWithTransfer() {
  const chain = await createConformanceNode('rskj')
  const txHash = await chain.sendRaw({ nonce: 0n, to: COW1.address, value: 1000n, gasLimit: 21_000n })
  const block = await chain.result<{ hash: string; receiptsRoot: string; parentHash: string }>(
    'eth_getBlockByNumber',
    ['0x1', false],
  )
  return { ...chain, txHash, block }
}

describe('rsk_getRawTransactionReceiptByHash', () => {
  it('returns the receipt RLP, which decodes to the JSON receipt fields', async () => {
    const { wire, result, txHash } = await chainWithTransfer()
    expect(await wire('rsk_getRawTransactionReceiptByHash', [txHash])).toMatchInlineSnapshot(
      `"{"jsonrpc":"2.0","id":1,"result":"0xf9010c01825208b9010000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000c082520801"}"`,
    )
    const raw = await result<string>('rsk_getRawTransactionReceiptByHash', [txHash])
    const receipt = await result<{ cumulativeGasUsed: string; logsBloom: string; status: string }>(
      'eth_getTransactionReceipt',
      [txHash],
    )
    const [postState, cumulativeGas, bloom, logs, gasUsed, status] = RLP.decode(
      hexToBytes(raw),
    ) as Uint8Array[]
    expect(toHex(postState!)).toBe('0x01')
    expect(BigInt(toHex(cumulativeGas!))).toBe(BigInt(receipt.cumulativeGasUsed))
    expect(toHex(bloom!)).toBe(receipt.logsBloom)
    expect(logs).toEqual([])
    expect(BigInt(toHex(gasUsed!))).toBe(21_000n)
    expect(toHex(status!)).toBe('0x01')
  })

  it('answers null for an unknown transaction', async () => {
    const { wire } = await chainWithTransfer()
    expect(await wire('rsk_getRawTransactionReceiptByHash', [UNKNOWN_HASH])).toMatchInlineSnapshot(
      `"{"jsonrpc":"2.0","id":1,"result":null}"`,
    )
  })
})

describe('rsk_getRawBlockHeaderByHash / ByNumber', () => {
  it('returns the uncompressed header RLP whose fields match the JSON block', async () => {
    const { wire, result, block } = await chainWithTransfer()
    expect(await wire('rsk_getRawBlockHeaderByNumber', ['0x0'])).toMatchInlineSnapshot(
      `"{"jsonrpc":"2.0","id":1,"result":"0xf901d3a00000000000000000000000000000000000000000000000000000000000000000a01dcc4de8dec75d7aab85b567b6ccd41ad312451b948a7413f0a142fd40d49347943333333333333333333333333333333333333333a023ef6a3aea8a25f59d4d3559f66f758f9426476f7b34d9ad6a1df9b4e3bd26e2a056e81f171bcc55a6ff8345e692c0f86e5b48e01b996cadc001622fb5e363b421a056e81f171bcc55a6ff8345e692c0f86e5b48e01b996cadc001622fb5e363b421b90100000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000008500000000018083989680808085686f727365800080"}"`,
    )
    const byHash = await result<string>('rsk_getRawBlockHeaderByHash', [block.hash])
    expect(await result('rsk_getRawBlockHeaderByNumber', ['latest'])).toBe(byHash)
    const fields = RLP.decode(hexToBytes(byHash)) as Uint8Array[]
    expect(toHex(fields[0]!)).toBe(block.parentHash)
    expect(toHex(fields[5]!)).toBe(block.receiptsRoot)
    expect(toHex(fields[8]!)).toBe('0x01')
    // Uncompressed: the full 256-byte bloom in slot 6.
    expect(fields[6]!.length).toBe(256)
  })

  it('answers null for an unknown hash, a number above the head and pending', async () => {
    const { wire } = await chainWithTransfer()
    expect(await wire('rsk_getRawBlockHeaderByHash', [UNKNOWN_HASH])).toMatchInlineSnapshot(
      `"{"jsonrpc":"2.0","id":1,"result":null}"`,
    )
    expect(await wire('rsk_getRawBlockHeaderByNumber', ['0x64'])).toMatchInlineSnapshot(
      `"{"jsonrpc":"2.0","id":1,"result":null}"`,
    )
    expect(await wire('rsk_getRawBlockHeaderByNumber', ['pending'])).toMatchInlineSnapshot(
      `"{"jsonrpc":"2.0","id":1,"result":null}"`,
    )
  })
})

describe('rsk_getTransactionReceiptNodesByHash', () => {
  it('returns the receipt trie path of a small block', async () => {
    const { wire, block, txHash } = await chainWithTransfer()
    expect(await wire('rsk_getTransactionReceiptNodesByHash', [block.hash, txHash])).toMatchInlineSnapshot(
      `"{"jsonrpc":"2.0","id":1,"result":["0x70060048ee76b19fc451dba9dbee8b3e73084f79ea540d3940b3b36b128e8024e9302500010f","0x4f267006027a47da2c10aabc686f09b057c53829ddde8bdcb937f97a0aa5e7960bb852909d00010d2670060048ee76b19fc451dba9dbee8b3e73084f79ea540d3940b3b36b128e8024e9302500010ffd6802"]}"`,
    )
  })

  it('proves every receipt of a 30-transaction block against the header receiptsRoot', async () => {
    const { result, sendRaw } = await createConformanceNode('rskj')
    await result('evm_stopMining')
    const hashes: string[] = []
    for (let i = 0; i < 30; i++) {
      // Two senders, since the pool holds at most 16 pending nonces per account.
      const creation = i % 7 === 3
      const sender = i % 2 === 0 ? COW : COW1
      hashes.push(
        await sendRaw(
          {
            nonce: BigInt(i >> 1),
            to: creation ? undefined : COW1.address,
            value: BigInt(i),
            data: creation ? Uint8Array.of(0x60, 0x00, 0x60, 0x00) : new Uint8Array(0),
          },
          sender.privateKey,
        ),
      )
    }
    await result('evm_mine')
    const block = await result<{ hash: string; receiptsRoot: string; transactions: string[] }>(
      'eth_getBlockByNumber',
      ['latest', false],
    )
    expect(block.transactions).toHaveLength(31)
    expect(block.transactions.slice(0, 30).sort()).toEqual([...hashes].sort())
    for (const [index, hash] of block.transactions.entries()) {
      const nodes = await result<string[]>('rsk_getTransactionReceiptNodesByHash', [block.hash, hash])
      const receipt = await result<string>('rsk_getRawTransactionReceiptByHash', [hash])
      const key = RLP.encode(index)
      const ok = verifyRskTrieNodes(
        hexToBytes(block.receiptsRoot),
        key,
        hexToBytes(receipt),
        nodes.map(hexToBytes),
      )
      expect(ok, `receipt ${index}`).toBe(true)
    }
  })

  it('answers null for a transaction of another block and for an unknown block', async () => {
    const { wire, result, sendRaw, block } = await chainWithTransfer()
    const other = await sendRaw({ nonce: 1n, to: COW1.address, gasLimit: 21_000n })
    expect(await result('rsk_getTransactionReceiptNodesByHash', [block.hash, other])).toBeNull()
    expect(await wire('rsk_getTransactionReceiptNodesByHash', [UNKNOWN_HASH, other])).toMatchInlineSnapshot(
      `"{"jsonrpc":"2.0","id":1,"result":null}"`,
    )
  })
})
