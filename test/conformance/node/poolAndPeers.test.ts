/** txpool_*, sco_* and the single node's counters (hash rates, mining, coinbase, bridge state), exact wire JSON. */
import { describe, expect, it } from 'vitest'
import { COW, COW1, createConformanceNode } from './nodeTestChain.js'

describe('txpool_content / txpool_inspect / txpool_status', () => {
  async function poolWithPendingAndQueued() {
    const chain = await createConformanceNode('rskj')
    await chain.result('evm_stopMining')
    await chain.sendRaw({ nonce: 0n, to: COW1.address, value: 1000n, gasLimit: 21_000n, gasPrice: 200n })
    // A contract creation, and a value with its top bit set (Java writes a sign byte).
    await chain.sendRaw({ nonce: 1n, value: 0x80n, data: Uint8Array.of(0x60, 0x00), gasPrice: 0x80n })
    // Nonce gap: queued.
    await chain.sendRaw({ nonce: 3n, to: COW.address, gasLimit: 21_000n }, COW1.privateKey)
    return chain
  }

  it('groups pending and queued transactions by sender and nonce with RSKj encodings', async () => {
    const { wire } = await poolWithPendingAndQueued()
    expect(await wire('txpool_content')).toMatchInlineSnapshot(
      `"{"jsonrpc":"2.0","id":1,"result":{"pending":{"cd2a3d9f938e13cd947ec05abc7fe734df8dd826":{"0":[{"blockHash":"0x0000000000000000000000000000000000000000000000000000000000000000","blockNumber":null,"transactionIndex":null,"from":"0xcd2a3d9f938e13cd947ec05abc7fe734df8dd826","gas":"0x5208","gasPrice":"0x00c8","hash":"0xd7c7ac58f025ced21e2ab96aee0628575013735093fe6aee6a8c65365bf30b2e","input":"0x","nonce":"0x0","to":"0x7986b3df570230288501eea3d890bd66948c9b79","value":"0x03e8"}],"1":[{"blockHash":"0x0000000000000000000000000000000000000000000000000000000000000000","blockNumber":null,"transactionIndex":null,"from":"0xcd2a3d9f938e13cd947ec05abc7fe734df8dd826","gas":"0x186a0","gasPrice":"0x0080","hash":"0xd3bfc0401373e281780f60e37957ec5ac7b78a7f2625d11ae21c4ba334b0e03a","input":"0x6000","nonce":"0x1","to":"0x00","value":"0x0080"}]}},"queued":{"7986b3df570230288501eea3d890bd66948c9b79":{"3":[{"blockHash":"0x0000000000000000000000000000000000000000000000000000000000000000","blockNumber":null,"transactionIndex":null,"from":"0x7986b3df570230288501eea3d890bd66948c9b79","gas":"0x5208","gasPrice":"0x00","hash":"0xeae039e5386cab0003efafee9314305666697a654d1f2be6c543705adb0d9a7f","input":"0x","nonce":"0x3","to":"0xcd2a3d9f938e13cd947ec05abc7fe734df8dd826","value":"0x00"}]}}}}"`,
    )
  })

  it('summarizes each transaction as "<to>: <value> wei + <gas> x <gasPrice> gas"', async () => {
    const { wire } = await poolWithPendingAndQueued()
    expect(await wire('txpool_inspect')).toMatchInlineSnapshot(
      `"{"jsonrpc":"2.0","id":1,"result":{"pending":{"cd2a3d9f938e13cd947ec05abc7fe734df8dd826":{"0":["7986b3df570230288501eea3d890bd66948c9b79: 1000 wei + 21000 x 200 gas"],"1":[": 128 wei + 100000 x 128 gas"]}},"queued":{"7986b3df570230288501eea3d890bd66948c9b79":{"3":["cd2a3d9f938e13cd947ec05abc7fe734df8dd826: 0 wei + 21000 x 0 gas"]}}}}"`,
    )
  })

  it('counts pending and queued transactions as JSON numbers', async () => {
    const { wire } = await poolWithPendingAndQueued()
    expect(await wire('txpool_status')).toMatchInlineSnapshot(
      `"{"jsonrpc":"2.0","id":1,"result":{"pending":2,"queued":1}}"`,
    )
  })

  it('is empty when the pool is', async () => {
    const { wire } = await createConformanceNode('rpc-api')
    expect(await wire('txpool_content')).toMatchInlineSnapshot(
      `"{"jsonrpc":"2.0","id":1,"result":{"pending":{},"queued":{}}}"`,
    )
    expect(await wire('txpool_status')).toMatchInlineSnapshot(
      `"{"jsonrpc":"2.0","id":1,"result":{"pending":0,"queued":0}}"`,
    )
  })
})

describe('sco_*', () => {
  it('bans and unbans addresses and blocks, listing addresses before blocks', async () => {
    const { wire } = await createConformanceNode('rskj')
    expect(await wire('sco_banAddress', ['192.168.56.1/24'])).toMatchInlineSnapshot(
      `"{"jsonrpc":"2.0","id":1,"result":null}"`,
    )
    expect(await wire('sco_banAddress', ['10.0.0.7'])).toMatchInlineSnapshot(
      `"{"jsonrpc":"2.0","id":1,"result":null}"`,
    )
    expect(await wire('sco_banAddress', ['2001:db8::1'])).toMatchInlineSnapshot(
      `"{"jsonrpc":"2.0","id":1,"result":null}"`,
    )
    expect(await wire('sco_bannedAddresses')).toMatchInlineSnapshot(
      `"{"jsonrpc":"2.0","id":1,"result":["10.0.0.7","2001:db8:0:0:0:0:0:1","192.168.56.1/24"]}"`,
    )
    expect(await wire('sco_unbanAddress', ['10.0.0.7'])).toMatchInlineSnapshot(
      `"{"jsonrpc":"2.0","id":1,"result":null}"`,
    )
    expect(await wire('sco_bannedAddresses')).toMatchInlineSnapshot(
      `"{"jsonrpc":"2.0","id":1,"result":["2001:db8:0:0:0:0:0:1","192.168.56.1/24"]}"`,
    )
  })

  it('refuses what RSKj cannot ban with -32602 invalid banned address', async () => {
    const { wire } = await createConformanceNode('rskj')
    expect(await wire('sco_banAddress', ['127.0.0.1'])).toMatchInlineSnapshot(
      `"{"jsonrpc":"2.0","id":1,"error":{"code":-32602,"message":"invalid banned address 127.0.0.1"}}"`,
    )
    expect(await wire('sco_banAddress', ['10.0.0.1/33'])).toMatchInlineSnapshot(
      `"{"jsonrpc":"2.0","id":1,"error":{"code":-32602,"message":"invalid banned address 10.0.0.1/33"}}"`,
    )
    expect(await wire('sco_banAddress', ['not an address'])).toMatchInlineSnapshot(
      `"{"jsonrpc":"2.0","id":1,"error":{"code":-32602,"message":"invalid banned address not an address"}}"`,
    )
    expect(await wire('sco_unbanAddress', [''])).toMatchInlineSnapshot(
      `"{"jsonrpc":"2.0","id":1,"error":{"code":-32602,"message":"invalid banned address "}}"`,
    )
  })

  it('keeps bans across a restart of the node on the same store', async () => {
    const { node, result } = await createConformanceNode('rskj')
    await result('sco_banAddress', ['10.1.2.3'])
    const { createNode } = await import('../../../src/core/createNode.js')
    const { createManualClock } = await import('../../../src/core/clock/clock.js')
    const reopened = await createNode({
      network: 'regtest',
      storage: node.engine.kv,
      clock: createManualClock(),
    })
    expect(
      await reopened.request({ jsonrpc: '2.0', id: 1, method: 'sco_bannedAddresses', params: [] }),
    ).toEqual({
      jsonrpc: '2.0',
      id: 1,
      result: ['10.1.2.3'],
    })
  })

  it('reports no peers and a zero reputation summary', async () => {
    const { wire } = await createConformanceNode('rskj')
    expect(await wire('sco_peerList')).toMatchInlineSnapshot(`"{"jsonrpc":"2.0","id":1,"result":[]}"`)
    expect(await wire('sco_reputationSummary')).toMatchInlineSnapshot(
      `"{"jsonrpc":"2.0","id":1,"result":{"count":0,"successfulHandshakes":0,"failedHandshakes":0,"invalidHeader":0,"validBlocks":0,"invalidBlocks":0,"validTransactions":0,"invalidTransactions":0,"invalidNetworks":0,"invalidMessages":0,"repeatedMessages":0,"timeoutMessages":0,"unexpectedMessages":0,"peersTotalScore":0,"punishments":0,"goodReputationCount":0,"badReputationCount":0}}"`,
    )
  })
})

describe('sco_clearPeerScoring (RSKj Web3Impl.sco_clearPeerScoring: clears, then returns sco_peerList())', () => {
  it('answers the (empty) peer list for an IP address or a hex node id', async () => {
    const { wire } = await createConformanceNode('rskj')
    expect(await wire('sco_clearPeerScoring', ['10.1.2.3'])).toMatchInlineSnapshot(
      `"{"jsonrpc":"2.0","id":1,"result":[]}"`,
    )
    expect(await wire('sco_clearPeerScoring', [`0x${'ab'.repeat(64)}`])).toMatchInlineSnapshot(
      `"{"jsonrpc":"2.0","id":1,"result":[]}"`,
    )
  })

  it('refuses an id that is neither an IP address nor a hex node id, naming the parameter', async () => {
    const { wire } = await createConformanceNode('rskj')
    const answer = JSON.parse(await wire('sco_clearPeerScoring', ['not a peer']))
    expect(answer.error.code).toBe(-32602)
    expect(answer.error.message).toContain('id')
    expect(answer.error.message).toContain('neither an IP address nor a hex node id')
    const missing = JSON.parse(await wire('sco_clearPeerScoring', []))
    expect(missing.error.code).toBe(-32602)
  })
})

describe('eth_coinbase (RSKj Web3Impl.eth_coinbase: minerServer.getCoinbaseAddress())', () => {
  it("answers regtest's miner coinbase, which mined blocks carry, and follows anvil_setCoinbase", async () => {
    const { result } = await createConformanceNode('rskj')
    const coinbase = await result<string>('eth_coinbase')
    expect(coinbase).toBe('0xec4ddeb4380ad69b3e509baad9f158cdf4e4681d')
    await result('evm_mine')
    const block = await result<{ miner: string }>('eth_getBlockByNumber', ['latest', false])
    expect(block.miner).toBe(coinbase)
    const other = `0x${'42'.repeat(20)}`
    await result('anvil_setCoinbase', [other])
    expect(await result<string>('eth_coinbase')).toBe(other)
  })
})

describe('single-node counters', () => {
  it('answers the mining and peer counters', async () => {
    const { wire } = await createConformanceNode('rskj')
    expect(await wire('eth_coinbase')).toMatchInlineSnapshot(
      `"{"jsonrpc":"2.0","id":1,"result":"0xec4ddeb4380ad69b3e509baad9f158cdf4e4681d"}"`,
    )
    expect(await wire('eth_hashrate')).toMatchInlineSnapshot(`"{"jsonrpc":"2.0","id":1,"result":"0x0"}"`)
    expect(await wire('eth_netHashrate')).toMatchInlineSnapshot(`"{"jsonrpc":"2.0","id":1,"result":0}"`)
    expect(
      await wire('eth_submitHashrate', [`0x${'0'.repeat(60)}1000`, `0x${'ab'.repeat(32)}`]),
    ).toMatchInlineSnapshot(`"{"jsonrpc":"2.0","id":1,"result":true}"`)
    expect(await wire('net_peerList')).toMatchInlineSnapshot(`"{"jsonrpc":"2.0","id":1,"result":[]}"`)
    expect(await wire('debug_wireProtocolQueueSize')).toMatchInlineSnapshot(
      `"{"jsonrpc":"2.0","id":1,"result":"0x0"}"`,
    )
  })

  it('eth_mining is true under automine and false in manual mode', async () => {
    const { wire } = await createConformanceNode('rskj')
    expect(await wire('eth_mining')).toMatchInlineSnapshot(`"{"jsonrpc":"2.0","id":1,"result":true}"`)
    await wire('evm_stopMining')
    expect(await wire('eth_mining')).toMatchInlineSnapshot(`"{"jsonrpc":"2.0","id":1,"result":false}"`)
  })

  it("eth_bridgeState reports the light client's height: the checkpoint before any BTC header", async () => {
    const { wire } = await createConformanceNode('rskj', 'testnet')
    expect(await wire('eth_bridgeState')).toMatchInlineSnapshot(
      `"{"jsonrpc":"2.0","id":1,"result":{"btcBlockchainBestChainHeight":2580000,"rskTxsWaitingForSignatures":[]}}"`,
    )
  })
})
