/**
 * The specification's core methods on the wire: exact response JSON (field order included, hence
 * snapshots of the serialized text) for success and for each documented error, on a
 * deterministic chain (fixed clock, dev keys).
 */
import { encodeDeployData, encodeFunctionData } from 'viem'
import { describe, expect, test } from 'vitest'
import { COW_ACCOUNTS } from '../../../src/core/accounts/devAccounts.js'
import { signTransaction } from '../../../src/core/chain/transaction.js'
import { createManualClock } from '../../../src/core/clock/clock.js'
import { createNode } from '../../../src/core/createNode.js'
import type { ProfileName } from '../../../src/core/network/profiles.js'
import { createMemoryStore } from '../../../src/core/storage/memoryStore.js'
import { type Address, bytesToHex, hexToBytes } from '../../../src/core/util/hex.js'
import { getArtifact } from '../../fixtures/contracts/index.js'

const key = hexToBytes(COW_ACCOUNTS[0]!.privateKey)
const bob = '0x00000000000000000000000000000000000000b0' as Address
const token = getArtifact('TestToken')

async function chain(profile: ProfileName = 'rpc-api') {
  const node = await createNode({
    network: 'regtest',
    profile,
    storage: createMemoryStore(),
    clock: createManualClock(1_750_000_000_000),
    random: (n) => new Uint8Array(n).fill(7),
  })
  const wire = async (method: string, params: unknown[] = []) =>
    JSON.stringify(await node.request({ jsonrpc: '2.0', id: 1, method, params }))
  const result = async (method: string, params: unknown[] = []) =>
    ((await node.request({ jsonrpc: '2.0', id: 1, method, params })) as unknown as { result: never }).result
  const raw = (
    nonce: number,
    fields: { to?: Address; value?: bigint; data?: `0x${string}`; gasLimit?: bigint },
    chainId = 33,
  ) =>
    bytesToHex(
      signTransaction(
        {
          nonce: BigInt(nonce),
          gasPrice: 0n,
          gasLimit: fields.gasLimit ?? 2_000_000n,
          to: fields.to,
          value: fields.value ?? 0n,
          data: fields.data ? hexToBytes(fields.data) : new Uint8Array(0),
        },
        key,
        chainId,
      ).raw,
    )
  const deploy = await result('eth_sendRawTransaction', [
    raw(0, {
      data: encodeDeployData({ abi: token.abi, bytecode: token.bytecode, args: ['Test', 'TST', 1000n] }),
    }),
  ])
  const receipt = (await result('eth_getTransactionReceipt', [deploy])) as { contractAddress: Address }
  const transfer = await result('eth_sendRawTransaction', [
    raw(1, {
      to: receipt.contractAddress,
      data: encodeFunctionData({ abi: token.abi, functionName: 'transfer', args: [bob, 25n] }),
    }),
  ])
  return { node, wire, result, raw, tokenAddress: receipt.contractAddress, transfer }
}

describe('core methods, exact wire JSON', () => {
  test('blocks, transactions, receipts and logs', async () => {
    const { wire, transfer } = await chain()
    expect(await wire('eth_blockNumber')).toMatchInlineSnapshot(`"{"jsonrpc":"2.0","id":1,"result":"0x2"}"`)
    expect(await wire('eth_getBlockByNumber', ['0x2', false])).toMatchInlineSnapshot(
      `"{"jsonrpc":"2.0","id":1,"result":{"number":"0x2","hash":"0x5f87e1348293ed16e119d62e6896bdfd885f41d47af7cb0264ef106acdf54acd","parentHash":"0x6bbc431eb4b2646ad487551aad042e6d49bedb1ffeac5fdb86e596d2f288b27b","mixHash":"0x0000000000000000000000000000000000000000000000000000000000000000","nonce":"0x0000000000000000","sha3Uncles":"0x1dcc4de8dec75d7aab85b567b6ccd41ad312451b948a7413f0a142fd40d49347","logsBloom":"0x00000000000000000000000000000000000001000000000000000000000000000800000000000000000000000000000000000000000000000000000000000000000000000000000000000008000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000010000000000000000000000000000000000000080000000000800000000000000000000000000000000000000000000000000000000008000000000000000000000000010000000002000000000000000000000000000000000000000000000000000000000000000000010000000000000000000001000000000008000000000000000000","transactionsRoot":"0xe38d3af8d420e7a0728ff0f3dbb3fa1a0bf07683137466d06526b2383482e51c","stateRoot":"0x6ff67c8526778b1dfe036de2293dbde99423a2debd58d07a061d4040a2fb4f04","receiptsRoot":"0xf33825b0b3c8adf3ba3fa48cf9a5110d5cbd9edffd67ace9783dd99c343e369d","miner":"0xec4ddeb4380ad69b3e509baad9f158cdf4e4681d","difficulty":"0x1","totalDifficulty":"0x3","extraData":"0x","size":"0x3de","gasLimit":"0x984a3f","gasUsed":"0xc17d","timestamp":"0x684ee181","transactions":["0xfe532e32202af498de5a65c88079ddaa54236c868b21e5233fb694971eef3b69","0x2508efeddbab2f46ce53e0fb5ed61df9ac1ce696311941207833d7365194dacd"],"uncles":[],"minimumGasPrice":"0x0","bitcoinMergedMiningHeader":"0x00000020c47dbf2913c3d712f74b33225983ecacf88da04bd04579a8107fb66f33fc9e4bb2c2cfd54acaba3ef5803c8801adcc811a202d64d95135f00c61a93486e77bc881e14e685555552004000000","bitcoinMergedMiningCoinbaseTransaction":"0x0000000000000040237924f6ca042c12f6357f73de9669700bd2e89f01ea9ca5a6f7cc347c7d420f2fffffffff02205fa01200000000160014974510f3c162c9f038d596b1776264253dd48f4c00000000000000002a6a52534b424c4f434b3a9d7d18187703cffef3b078c2357349732ef74e2211a17373142ef4c7f346630c00000000","bitcoinMergedMiningMerkleProof":"0x5a6ec0c10ff6b519c246f0bd7a906a29e172f0e4d6bd7a1aed6d185c0a73e8fc49fb8e2aa15b2636c46fa6afdb023b94e2d04eb351ae8b2dd8a7a6edbea212cd410f27559639e67f04eba8c84803dc239e06477a7e753f9bb9ac8303ea4849c0","hashForMergedMining":"0x9d7d18187703cffef3b078c2357349732ef74e2211a17373142ef4c7f346630c","paidFees":"0x0","cumulativeDifficulty":"0x1","rskPteEdges":[1],"baseEvent":null}}"`,
    )
    expect(await wire('eth_getTransactionByHash', [transfer])).toMatchInlineSnapshot(
      `"{"jsonrpc":"2.0","id":1,"result":{"hash":"0xfe532e32202af498de5a65c88079ddaa54236c868b21e5233fb694971eef3b69","nonce":"0x1","blockHash":"0x5f87e1348293ed16e119d62e6896bdfd885f41d47af7cb0264ef106acdf54acd","blockNumber":"0x2","transactionIndex":"0x0","from":"0xcd2a3d9f938e13cd947ec05abc7fe734df8dd826","to":"0x77045e71a7a2c50903d88e564cd72fab11e82051","gas":"0x1e8480","gasPrice":"0x0","value":"0x0","input":"0xa9059cbb00000000000000000000000000000000000000000000000000000000000000b00000000000000000000000000000000000000000000000000000000000000019","v":"0x65","r":"0xd85b25e41feadaf84e469a6bfb1582cbc2d59e7929dd426aaf960725353c957f","s":"0x63cc7dc384e6a87b6364b2064a8b53e57e792bb8490d2d6ba7481fb06c0cd745","type":"0x0"}}"`,
    )
    expect(await wire('eth_getTransactionReceipt', [transfer])).toMatchInlineSnapshot(
      `"{"jsonrpc":"2.0","id":1,"result":{"transactionHash":"0xfe532e32202af498de5a65c88079ddaa54236c868b21e5233fb694971eef3b69","transactionIndex":"0x0","blockHash":"0x5f87e1348293ed16e119d62e6896bdfd885f41d47af7cb0264ef106acdf54acd","blockNumber":"0x2","cumulativeGasUsed":"0xc17d","gasUsed":"0xc17d","contractAddress":null,"logs":[{"logIndex":"0x0","blockNumber":"0x2","blockHash":"0x5f87e1348293ed16e119d62e6896bdfd885f41d47af7cb0264ef106acdf54acd","transactionHash":"0xfe532e32202af498de5a65c88079ddaa54236c868b21e5233fb694971eef3b69","transactionIndex":"0x0","address":"0x77045e71a7a2c50903d88e564cd72fab11e82051","data":"0x0000000000000000000000000000000000000000000000000000000000000019","topics":["0xddf252ad1be2c89b69c2b068fc378daa952ba7f163c4a11628f55a4df523b3ef","0x000000000000000000000000cd2a3d9f938e13cd947ec05abc7fe734df8dd826","0x00000000000000000000000000000000000000000000000000000000000000b0"]}],"from":"0xcd2a3d9f938e13cd947ec05abc7fe734df8dd826","to":"0x77045e71a7a2c50903d88e564cd72fab11e82051","status":"0x1","logsBloom":"0x00000000000000000000000000000000000001000000000000000000000000000800000000000000000000000000000000000000000000000000000000000000000000000000000000000008000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000010000000000000000000000000000000000000080000000000800000000000000000000000000000000000000000000000000000000008000000000000000000000000010000000002000000000000000000000000000000000000000000000000000000000000000000010000000000000000000001000000000008000000000000000000","type":"0x0","effectiveGasPrice":"0x0"}}"`,
    )
    expect(await wire('eth_getLogs', [{ fromBlock: '0x0', toBlock: 'latest' }])).toMatchInlineSnapshot(
      `"{"jsonrpc":"2.0","id":1,"result":[{"removed":false,"logIndex":"0x0","blockNumber":"0x1","blockHash":"0x6bbc431eb4b2646ad487551aad042e6d49bedb1ffeac5fdb86e596d2f288b27b","transactionHash":"0x92220b13e103d8e2633cc9035c44e7b55779e07075230d08a797134a4d77edcc","transactionIndex":"0x0","address":"0x77045e71a7a2c50903d88e564cd72fab11e82051","data":"0x00000000000000000000000000000000000000000000000000000000000003e8","topics":["0xddf252ad1be2c89b69c2b068fc378daa952ba7f163c4a11628f55a4df523b3ef","0x0000000000000000000000000000000000000000000000000000000000000000","0x000000000000000000000000cd2a3d9f938e13cd947ec05abc7fe734df8dd826"]},{"removed":false,"logIndex":"0x0","blockNumber":"0x2","blockHash":"0x5f87e1348293ed16e119d62e6896bdfd885f41d47af7cb0264ef106acdf54acd","transactionHash":"0xfe532e32202af498de5a65c88079ddaa54236c868b21e5233fb694971eef3b69","transactionIndex":"0x0","address":"0x77045e71a7a2c50903d88e564cd72fab11e82051","data":"0x0000000000000000000000000000000000000000000000000000000000000019","topics":["0xddf252ad1be2c89b69c2b068fc378daa952ba7f163c4a11628f55a4df523b3ef","0x000000000000000000000000cd2a3d9f938e13cd947ec05abc7fe734df8dd826","0x00000000000000000000000000000000000000000000000000000000000000b0"]}]}"`,
    )
    expect(await wire('eth_getBlockByNumber', ['0x0', false])).toMatchInlineSnapshot(
      `"{"jsonrpc":"2.0","id":1,"result":{"number":"0x0","hash":"0x596109d64401583fc9008e66fdc3e03fb4b952c539d8aa94cd6b5815d7f55355","parentHash":"0x0000000000000000000000000000000000000000000000000000000000000000","mixHash":"0x0000000000000000000000000000000000000000000000000000000000000000","nonce":"0x0000000000000000","sha3Uncles":"0x1dcc4de8dec75d7aab85b567b6ccd41ad312451b948a7413f0a142fd40d49347","logsBloom":"0x00000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000","transactionsRoot":"0x56e81f171bcc55a6ff8345e692c0f86e5b48e01b996cadc001622fb5e363b421","stateRoot":"0x23ef6a3aea8a25f59d4d3559f66f758f9426476f7b34d9ad6a1df9b4e3bd26e2","receiptsRoot":"0x56e81f171bcc55a6ff8345e692c0f86e5b48e01b996cadc001622fb5e363b421","miner":"0x3333333333333333333333333333333333333333","difficulty":"0x1","totalDifficulty":"0x1","extraData":"0x686f727365","size":"0x1db","gasLimit":"0x989680","gasUsed":"0x0","timestamp":"0x0","transactions":[],"uncles":[],"minimumGasPrice":"0x0","bitcoinMergedMiningHeader":"0x","bitcoinMergedMiningCoinbaseTransaction":"0x","bitcoinMergedMiningMerkleProof":"0x","hashForMergedMining":"0x596109d64401583fc9008e66fdc3e03fb4b952c539d8aa94cd6b5815d7f55355","paidFees":"0x0","cumulativeDifficulty":"0x1","rskPteEdges":null,"baseEvent":null}}"`,
    )
  })

  test('not found is null, never an error', async () => {
    const { wire } = await chain()
    const unknown = `0x${'ab'.repeat(32)}`
    expect(await wire('eth_getBlockByNumber', ['0x99', false])).toMatchInlineSnapshot(
      `"{"jsonrpc":"2.0","id":1,"result":null}"`,
    )
    expect(await wire('eth_getBlockByHash', [unknown, false])).toMatchInlineSnapshot(
      `"{"jsonrpc":"2.0","id":1,"result":null}"`,
    )
    expect(await wire('eth_getTransactionByHash', [unknown])).toMatchInlineSnapshot(
      `"{"jsonrpc":"2.0","id":1,"result":null}"`,
    )
    expect(await wire('eth_getTransactionReceipt', [unknown])).toMatchInlineSnapshot(
      `"{"jsonrpc":"2.0","id":1,"result":null}"`,
    )
  })

  test('state reads at BLOCK_EXT', async () => {
    const { wire, tokenAddress } = await chain()
    expect(await wire('eth_getBalance', [COW_ACCOUNTS[0]!.address, 'latest'])).toMatchInlineSnapshot(
      `"{"jsonrpc":"2.0","id":1,"result":"0xc9f2c9cd04674edea40000000"}"`,
    )
    expect(await wire('eth_getBalance', [bob, { blockNumber: '0x0' }])).toMatchInlineSnapshot(
      `"{"jsonrpc":"2.0","id":1,"result":"0x0"}"`,
    )
    expect(
      await wire('eth_getTransactionCount', [COW_ACCOUNTS[0]!.address, 'pending']),
    ).toMatchInlineSnapshot(`"{"jsonrpc":"2.0","id":1,"result":"0x2"}"`)
    expect(await wire('eth_getStorageAt', [tokenAddress, '0x0', 'latest'])).toMatchInlineSnapshot(
      `"{"jsonrpc":"2.0","id":1,"result":"0x5465737400000000000000000000000000000000000000000000000000000008"}"`,
    )
    expect((await wire('eth_getCode', [tokenAddress, 'latest'])).length).toBeGreaterThan(100)
    expect(await wire('eth_getCode', [bob, 'earliest'])).toMatchInlineSnapshot(
      `"{"jsonrpc":"2.0","id":1,"result":"0x"}"`,
    )
    expect(await wire('eth_gasPrice')).toMatchInlineSnapshot(`"{"jsonrpc":"2.0","id":1,"result":"0x0"}"`)
  })

  test('calls, estimates and reverts', async () => {
    const { wire, tokenAddress } = await chain()
    const balanceOf = encodeFunctionData({ abi: token.abi, functionName: 'balanceOf', args: [bob] })
    expect(await wire('eth_call', [{ to: tokenAddress, data: balanceOf }, 'latest'])).toMatchInlineSnapshot(
      `"{"jsonrpc":"2.0","id":1,"result":"0x0000000000000000000000000000000000000000000000000000000000000019"}"`,
    )
    const toZero = encodeFunctionData({
      abi: token.abi,
      functionName: 'transfer',
      args: ['0x0000000000000000000000000000000000000000', 1n],
    })
    expect(
      await wire('eth_call', [{ from: bob, to: tokenAddress, data: toZero }, 'latest']),
    ).toMatchInlineSnapshot(
      `"{"jsonrpc":"2.0","id":1,"error":{"code":-32015,"message":"VM Exception while processing transaction: revert ERC20: transfer to the zero address","data":"0x08c379a00000000000000000000000000000000000000000000000000000000000000020000000000000000000000000000000000000000000000000000000000000002345524332303a207472616e7366657220746f20746865207a65726f20616464726573730000000000000000000000000000000000000000000000000000000000"}}"`,
    )
    const move = encodeFunctionData({ abi: token.abi, functionName: 'transfer', args: [bob, 1n] })
    expect(
      await wire('eth_estimateGas', [{ from: COW_ACCOUNTS[0]!.address, to: tokenAddress, data: move }]),
    ).toMatchInlineSnapshot(`"{"jsonrpc":"2.0","id":1,"result":"0x86e5"}"`)
    // The spec's difference: an underfunded sender still gets an estimate.
    expect(
      await wire('eth_estimateGas', [
        { from: bob, to: COW_ACCOUNTS[1]!.address, value: '0xffffffffffffffffffffffff' },
      ]),
    ).toMatchInlineSnapshot(`"{"jsonrpc":"2.0","id":1,"result":"0x5208"}"`)
  })

  test('sendRawTransaction refusals', async () => {
    const { wire, raw } = await chain()
    expect(
      await wire('eth_sendRawTransaction', [raw(0, { to: bob, gasLimit: 21_000n })]),
    ).toMatchInlineSnapshot(
      `"{"jsonrpc":"2.0","id":1,"error":{"code":-32010,"message":"transaction nonce too low"}}"`,
    )
    expect(
      await wire('eth_sendRawTransaction', [raw(2, { to: bob, gasLimit: 21_000n }, 31)]),
    ).toMatchInlineSnapshot(
      `"{"jsonrpc":"2.0","id":1,"error":{"code":-32602,"message":"Invalid chainId: 31"}}"`,
    )
    expect(
      await wire('eth_sendRawTransaction', [raw(2, { to: bob, gasLimit: 20_000n })]),
    ).toMatchInlineSnapshot(
      `"{"jsonrpc":"2.0","id":1,"error":{"code":-32010,"message":"transaction's basic cost is above the gas limit"}}"`,
    )
    expect(await wire('eth_sendRawTransaction', ['0x02f86b82'])).toMatchInlineSnapshot(
      `"{"jsonrpc":"2.0","id":1,"error":{"code":-32602,"message":"Rootstock accepts legacy transactions only: typed transaction (EIP-2718 type 0x02) is not supported; send a legacy (type 0) transaction with gasPrice"}}"`,
    )
    expect(await wire('eth_sendRawTransaction', ['0xc0'])).toMatchInlineSnapshot(
      `"{"jsonrpc":"2.0","id":1,"error":{"code":-32602,"message":"A transaction must have exactly 9 elements"}}"`,
    )
  })

  test('getLogs parameters, a range past the head, and pending per profile', async () => {
    const rpcApi = await chain('rpc-api')
    const rskj = await chain('rskj')
    const both = { blockHash: `0x${'ab'.repeat(32)}`, fromBlock: '0x0' }
    expect(await rpcApi.wire('eth_getLogs', [both])).toMatchInlineSnapshot(
      `"{"jsonrpc":"2.0","id":1,"error":{"code":-32602,"message":"Cannot specify both blockHash and fromBlock/toBlock"}}"`,
    )
    expect(await rskj.wire('eth_getLogs', [{ fromBlock: '0x0', toBlock: '0x1389' }])).toMatchInlineSnapshot(
      `"{"jsonrpc":"2.0","id":1,"result":[{"removed":false,"logIndex":"0x0","blockNumber":"0x1","blockHash":"0x6bbc431eb4b2646ad487551aad042e6d49bedb1ffeac5fdb86e596d2f288b27b","transactionHash":"0x92220b13e103d8e2633cc9035c44e7b55779e07075230d08a797134a4d77edcc","transactionIndex":"0x0","address":"0x77045e71a7a2c50903d88e564cd72fab11e82051","data":"0x00000000000000000000000000000000000000000000000000000000000003e8","topics":["0xddf252ad1be2c89b69c2b068fc378daa952ba7f163c4a11628f55a4df523b3ef","0x0000000000000000000000000000000000000000000000000000000000000000","0x000000000000000000000000cd2a3d9f938e13cd947ec05abc7fe734df8dd826"]},{"removed":false,"logIndex":"0x0","blockNumber":"0x2","blockHash":"0x5f87e1348293ed16e119d62e6896bdfd885f41d47af7cb0264ef106acdf54acd","transactionHash":"0xfe532e32202af498de5a65c88079ddaa54236c868b21e5233fb694971eef3b69","transactionIndex":"0x0","address":"0x77045e71a7a2c50903d88e564cd72fab11e82051","data":"0x0000000000000000000000000000000000000000000000000000000000000019","topics":["0xddf252ad1be2c89b69c2b068fc378daa952ba7f163c4a11628f55a4df523b3ef","0x000000000000000000000000cd2a3d9f938e13cd947ec05abc7fe734df8dd826","0x00000000000000000000000000000000000000000000000000000000000000b0"]}]}"`,
    )
    expect(await rpcApi.wire('eth_getCode', [bob, 'pending'])).toMatchInlineSnapshot(
      `"{"jsonrpc":"2.0","id":1,"error":{"code":-32602,"message":"invalid argument 1: 'pending' is not supported by eth_getCode on this service; use 'latest' or a block number"}}"`,
    )
    expect(await rskj.wire('eth_getCode', [bob, 'pending'])).toMatchInlineSnapshot(
      `"{"jsonrpc":"2.0","id":1,"result":"0x"}"`,
    )
  })
})
