/** Block, transaction and uncle lookups by block and index, per profile, exact wire JSON. */
import { describe, expect, it } from 'vitest'
import { COW1, createConformanceNode } from './nodeTestChain.js'

const UNKNOWN_HASH = `0x${'ab'.repeat(32)}`

async function chainWithOneTransfer(profile: 'rskj' | 'rpc-api' = 'rskj') {
  const chain = await createConformanceNode(profile)
  const txHash = await chain.sendRaw({ nonce: 0n, to: COW1.address, value: 1000n, gasLimit: 21_000n })
  const block = await chain.result<{ hash: string }>('eth_getBlockByNumber', ['0x1', false])
  return { ...chain, txHash, blockHash: block.hash }
}

describe('eth_getBlockTransactionCountByHash / ByNumber', () => {
  it('counts the transactions of a block, REMASC included', async () => {
    const { wire, blockHash } = await chainWithOneTransfer()
    expect(await wire('eth_getBlockTransactionCountByHash', [blockHash])).toMatchInlineSnapshot(
      `"{"jsonrpc":"2.0","id":1,"result":"0x2"}"`,
    )
    expect(await wire('eth_getBlockTransactionCountByNumber', ['0x1'])).toMatchInlineSnapshot(
      `"{"jsonrpc":"2.0","id":1,"result":"0x2"}"`,
    )
    expect(await wire('eth_getBlockTransactionCountByNumber', ['earliest'])).toMatchInlineSnapshot(
      `"{"jsonrpc":"2.0","id":1,"result":"0x0"}"`,
    )
  })

  it('answers null for an unknown hash and RSKj -32600 for a number above the head', async () => {
    const { wire } = await chainWithOneTransfer()
    expect(await wire('eth_getBlockTransactionCountByHash', [UNKNOWN_HASH])).toMatchInlineSnapshot(
      `"{"jsonrpc":"2.0","id":1,"result":null}"`,
    )
    expect(await wire('eth_getBlockTransactionCountByNumber', ['0x64'])).toMatchInlineSnapshot(
      `"{"jsonrpc":"2.0","id":1,"error":{"code":-32600,"message":"Block 0x64 not found"}}"`,
    )
  })

  it('counts the pool pending transactions for pending', async () => {
    const { wire, result, sendRaw } = await chainWithOneTransfer()
    await result('evm_stopMining')
    await sendRaw({ nonce: 1n, to: COW1.address, gasLimit: 21_000n })
    await sendRaw({ nonce: 2n, to: COW1.address, gasLimit: 21_000n })
    expect(await wire('eth_getBlockTransactionCountByNumber', ['pending'])).toMatchInlineSnapshot(
      `"{"jsonrpc":"2.0","id":1,"result":"0x2"}"`,
    )
  })

  it('refuses malformed parameters with -32602', async () => {
    const { wire } = await chainWithOneTransfer()
    expect(await wire('eth_getBlockTransactionCountByHash', ['0x1234'])).toMatchInlineSnapshot(
      `"{"jsonrpc":"2.0","id":1,"error":{"code":-32602,"message":"invalid argument 0: hex string has length 4, want 64 for block hash"}}"`,
    )
    expect(await wire('eth_getBlockTransactionCountByNumber', ['safe'])).toMatchInlineSnapshot(
      `"{"jsonrpc":"2.0","id":1,"error":{"code":-32602,"message":"invalid argument 0: Invalid block identifier 'safe'"}}"`,
    )
  })
})

describe('eth_getTransactionByBlockHashAndIndex / ByBlockNumberAndIndex', () => {
  it('returns the mined transaction with its block fields', async () => {
    const { wire, blockHash } = await chainWithOneTransfer()
    expect(await wire('eth_getTransactionByBlockHashAndIndex', [blockHash, '0x0'])).toMatchInlineSnapshot(
      `"{"jsonrpc":"2.0","id":1,"result":{"hash":"0xc52bbf2c0be7dfbe0073646dc1bb44c4d5a739f14bcc816a680450e7ce5d7bfb","nonce":"0x0","blockHash":"0x97bca3901fa12c43f5e671fff55759c984ca539f83ef864de70b35c7eb790eba","blockNumber":"0x1","transactionIndex":"0x0","from":"0xcd2a3d9f938e13cd947ec05abc7fe734df8dd826","to":"0x7986b3df570230288501eea3d890bd66948c9b79","gas":"0x5208","gasPrice":"0x0","value":"0x3e8","input":"0x","v":"0x66","r":"0x3b1928f0a181310e63b5377868978830e23018377165cfcc5b33b330b41f1d51","s":"0x13dd19a8bbebdcedada36b0e4804f62dfa34f4d41f99a3e9ddbb1ea270bf5fe5","type":"0x0"}}"`,
    )
    expect(await wire('eth_getTransactionByBlockNumberAndIndex', ['latest', '0x0'])).toMatchInlineSnapshot(
      `"{"jsonrpc":"2.0","id":1,"result":{"hash":"0xc52bbf2c0be7dfbe0073646dc1bb44c4d5a739f14bcc816a680450e7ce5d7bfb","nonce":"0x0","blockHash":"0x97bca3901fa12c43f5e671fff55759c984ca539f83ef864de70b35c7eb790eba","blockNumber":"0x1","transactionIndex":"0x0","from":"0xcd2a3d9f938e13cd947ec05abc7fe734df8dd826","to":"0x7986b3df570230288501eea3d890bd66948c9b79","gas":"0x5208","gasPrice":"0x0","value":"0x3e8","input":"0x","v":"0x66","r":"0x3b1928f0a181310e63b5377868978830e23018377165cfcc5b33b330b41f1d51","s":"0x13dd19a8bbebdcedada36b0e4804f62dfa34f4d41f99a3e9ddbb1ea270bf5fe5","type":"0x0"}}"`,
    )
  })

  it('returns the REMASC transaction as the last of the block', async () => {
    const { wire } = await chainWithOneTransfer()
    expect(await wire('eth_getTransactionByBlockNumberAndIndex', ['0x1', '0x1'])).toMatchInlineSnapshot(
      `"{"jsonrpc":"2.0","id":1,"result":{"hash":"0x4aa0649fdc1a4b0e07b64c26e43138400c84d6a127d0242027226b7ade17a53e","nonce":"0x0","blockHash":"0x97bca3901fa12c43f5e671fff55759c984ca539f83ef864de70b35c7eb790eba","blockNumber":"0x1","transactionIndex":"0x1","from":"0x0000000000000000000000000000000000000000","to":"0x0000000000000000000000000000000001000008","gas":"0x0","gasPrice":"0x0","value":"0x0","input":"0x","v":"0x0","r":"0x0","s":"0x0","type":"0x0"}}"`,
    )
  })

  it('answers null past the transactions, for an unknown block and above the head', async () => {
    const { wire, blockHash } = await chainWithOneTransfer()
    expect(await wire('eth_getTransactionByBlockHashAndIndex', [blockHash, '0x2'])).toMatchInlineSnapshot(
      `"{"jsonrpc":"2.0","id":1,"result":null}"`,
    )
    expect(await wire('eth_getTransactionByBlockHashAndIndex', [UNKNOWN_HASH, '0x0'])).toMatchInlineSnapshot(
      `"{"jsonrpc":"2.0","id":1,"result":null}"`,
    )
    expect(await wire('eth_getTransactionByBlockNumberAndIndex', ['0x64', '0x0'])).toMatchInlineSnapshot(
      `"{"jsonrpc":"2.0","id":1,"result":null}"`,
    )
  })

  it('indexes the pool pending transactions for pending in the rskj profile', async () => {
    const { wire, result, sendRaw } = await chainWithOneTransfer()
    await result('evm_stopMining')
    await sendRaw({ nonce: 1n, to: COW1.address, value: 5n, gasLimit: 21_000n })
    expect(await wire('eth_getTransactionByBlockNumberAndIndex', ['pending', '0x0'])).toMatchInlineSnapshot(
      `"{"jsonrpc":"2.0","id":1,"result":{"hash":"0x3805a7c91fdf5c671a4b028cb34d70f1f589d315eab05b2afa400cac2fc135c0","nonce":"0x1","blockHash":null,"blockNumber":null,"transactionIndex":null,"from":"0xcd2a3d9f938e13cd947ec05abc7fe734df8dd826","to":"0x7986b3df570230288501eea3d890bd66948c9b79","gas":"0x5208","gasPrice":"0x0","value":"0x5","input":"0x","v":"0x66","r":"0xf933b64bcca9ff58ff4be86e527d61cbaf3c89a8f74347ca902b42e315add079","s":"0x14d4ed25ff85a3df3168b934a971837cda54630c774c85b7ff7350dcabc3b9db","type":"0x0"}}"`,
    )
    expect(await wire('eth_getTransactionByBlockNumberAndIndex', ['pending', '0x1'])).toMatchInlineSnapshot(
      `"{"jsonrpc":"2.0","id":1,"result":null}"`,
    )
  })

  it('refuses pending in the rpc-api profile', async () => {
    const { wire } = await chainWithOneTransfer('rpc-api')
    expect(await wire('eth_getTransactionByBlockNumberAndIndex', ['pending', '0x0'])).toMatchInlineSnapshot(
      `"{"jsonrpc":"2.0","id":1,"error":{"code":-32602,"message":"invalid argument 0: 'pending' is not supported by eth_getTransactionByBlockNumberAndIndex on this service; use 'latest' or a block number"}}"`,
    )
  })

  it('refuses an index that is not a hex string with RSKj texts', async () => {
    const { wire, blockHash } = await chainWithOneTransfer()
    expect(await wire('eth_getTransactionByBlockHashAndIndex', [blockHash, '1'])).toMatchInlineSnapshot(
      `"{"jsonrpc":"2.0","id":1,"error":{"code":-32602,"message":"invalid argument 1: Invalid argument \\"1\\": param should be a hex value string."}}"`,
    )
    expect(
      await wire('eth_getTransactionByBlockHashAndIndex', [blockHash, '0xffffffffff']),
    ).toMatchInlineSnapshot(
      `"{"jsonrpc":"2.0","id":1,"error":{"code":-32602,"message":"invalid argument 1: Invalid index param: value must be a valid hex number."}}"`,
    )
  })
})

describe('uncles', () => {
  it('counts no uncles in mined blocks and in the pending block', async () => {
    const { wire, blockHash } = await chainWithOneTransfer()
    expect(await wire('eth_getUncleCountByBlockHash', [blockHash])).toMatchInlineSnapshot(
      `"{"jsonrpc":"2.0","id":1,"result":"0x0"}"`,
    )
    expect(await wire('eth_getUncleCountByBlockNumber', ['0x1'])).toMatchInlineSnapshot(
      `"{"jsonrpc":"2.0","id":1,"result":"0x0"}"`,
    )
    expect(await wire('eth_getUncleCountByBlockNumber', ['pending'])).toMatchInlineSnapshot(
      `"{"jsonrpc":"2.0","id":1,"result":"0x0"}"`,
    )
  })

  it('answers RSKj -32600 for an unknown block, the hash without 0x', async () => {
    const { wire } = await chainWithOneTransfer()
    expect(await wire('eth_getUncleCountByBlockHash', [UNKNOWN_HASH])).toMatchInlineSnapshot(
      `"{"jsonrpc":"2.0","id":1,"error":{"code":-32600,"message":"Block with hash abababababababababababababababababababababababababababababababab not found"}}"`,
    )
    expect(await wire('eth_getUncleCountByBlockNumber', ['0x64'])).toMatchInlineSnapshot(
      `"{"jsonrpc":"2.0","id":1,"error":{"code":-32600,"message":"Block 0x64 not found"}}"`,
    )
  })

  it('refuses pending for the uncle count in the rpc-api profile', async () => {
    const { wire } = await chainWithOneTransfer('rpc-api')
    expect(await wire('eth_getUncleCountByBlockNumber', ['pending'])).toMatchInlineSnapshot(
      `"{"jsonrpc":"2.0","id":1,"error":{"code":-32602,"message":"invalid argument 0: 'pending' is not supported by eth_getUncleCountByBlockNumber on this service; use 'latest' or a block number"}}"`,
    )
    expect(await wire('eth_getUncleByBlockNumberAndIndex', ['pending', '0x0'])).toMatchInlineSnapshot(
      `"{"jsonrpc":"2.0","id":1,"error":{"code":-32602,"message":"invalid argument 0: 'pending' is not supported by eth_getUncleByBlockNumberAndIndex on this service; use 'latest' or a block number"}}"`,
    )
  })

  it('finds no uncle at any index', async () => {
    const { wire, blockHash } = await chainWithOneTransfer()
    expect(await wire('eth_getUncleByBlockHashAndIndex', [blockHash, '0x0'])).toMatchInlineSnapshot(
      `"{"jsonrpc":"2.0","id":1,"result":null}"`,
    )
    expect(await wire('eth_getUncleByBlockNumberAndIndex', ['latest', '0x0'])).toMatchInlineSnapshot(
      `"{"jsonrpc":"2.0","id":1,"result":null}"`,
    )
    expect(await wire('eth_getUncleByBlockNumberAndIndex', ['latest', 'zz'])).toMatchInlineSnapshot(
      `"{"jsonrpc":"2.0","id":1,"error":{"code":-32602,"message":"invalid argument 1: Invalid argument \\"zz\\": param should be a hex value string."}}"`,
    )
  })
})
