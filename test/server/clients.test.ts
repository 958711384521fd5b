/**
 * ethers v6 and viem against the real node behind the HTTP server over 127.0.0.1: deploy, call,
 * send, logs, filters and revert reasons, as a dApp backend or a script would use them.
 */
import { Contract, ContractFactory, JsonRpcProvider, Wallet } from 'ethers'
import {
  type Abi,
  BaseError,
  createPublicClient,
  createWalletClient,
  decodeErrorResult,
  defineChain,
  type Hex,
  http,
  parseAbiItem,
} from 'viem'
import { privateKeyToAccount } from 'viem/accounts'
import { afterAll, beforeAll, describe, expect, test } from 'vitest'
import { COW_ACCOUNTS } from '../../src/core/accounts/devAccounts.js'
import { coreNodeFactory } from '../../src/server/node/coreNode.js'
import { getArtifact } from '../fixtures/contracts/index.js'
import { startTestServer, type TestServer } from './helpers.js'

const token = getArtifact('TestToken')
const reverter = getArtifact('Reverter')
const bob = '0x00000000000000000000000000000000000000b0'

let harness: TestServer
let url: string

beforeAll(async () => {
  harness = await startTestServer({ nodeFactory: coreNodeFactory() })
  url = harness.url('regtest')
})

afterAll(async () => {
  await harness.stop()
})

describe('ethers v6 JsonRpcProvider over HTTP', () => {
  let provider: JsonRpcProvider
  let wallet: Wallet

  beforeAll(() => {
    // ethers caches identical reads for 250 ms; with automine the nonce changes faster than that.
    provider = new JsonRpcProvider(url, 33, { staticNetwork: true, pollingInterval: 50, cacheTimeout: -1 })
    wallet = new Wallet(COW_ACCOUNTS[0]!.privateKey, provider)
  })

  afterAll(() => provider.destroy())

  test('reads the network and block number', async () => {
    expect((await provider.getNetwork()).chainId).toBe(33n)
    expect(await provider.getBlockNumber()).toBeGreaterThanOrEqual(0)
  })

  test('deploys an ERC-20, calls it, sends a transfer and reads its event from the receipt and getLogs', async () => {
    const factory = new ContractFactory(token.abi as never, token.bytecode, wallet)
    const deployed = await factory.deploy('Test', 'TST', 1_000_000n)
    await deployed.waitForDeployment()
    const erc20 = new Contract(await deployed.getAddress(), token.abi as never, wallet)
    expect(await erc20.getFunction('name')()).toBe('Test')
    expect(await erc20.getFunction('balanceOf')(wallet.address)).toBe(1_000_000n)

    const sent = await erc20.getFunction('transfer')(bob, 250n)
    const receipt = await sent.wait()
    expect(receipt.status).toBe(1)
    const parsed = receipt.logs.map((log: { topics: string[]; data: string }) =>
      erc20.interface.parseLog(log),
    )
    expect(parsed[0]?.name).toBe('Transfer')
    expect(parsed[0]?.args.value).toBe(250n)
    expect(await erc20.getFunction('balanceOf')(bob)).toBe(250n)

    const logs = await provider.getLogs({
      address: await erc20.getAddress(),
      topics: [erc20.interface.getEvent('Transfer')!.topicHash],
      fromBlock: 0,
    })
    expect(logs.length).toBe(2) // the mint and the transfer
  })

  test('an event subscription (polled filter) sees a transfer', async () => {
    const factory = new ContractFactory(token.abi as never, token.bytecode, wallet)
    const deployed = await factory.deploy('Watch', 'W', 1_000n)
    await deployed.waitForDeployment()
    const erc20 = new Contract(await deployed.getAddress(), token.abi as never, wallet)
    const seen = new Promise<bigint>((resolve) => {
      void erc20.on('Transfer', (_from: string, _to: string, value: bigint) => resolve(value))
    })
    // Give the subscription a poll to install its filter before the transfer is mined.
    await new Promise((resolve) => setTimeout(resolve, 200))
    await (await erc20.getFunction('transfer')(bob, 7n)).wait()
    expect(await seen).toBe(7n)
    await erc20.removeAllListeners()
  })

  test('a reverting call surfaces the revert reason', async () => {
    const factory = new ContractFactory(reverter.abi as never, reverter.bytecode, wallet)
    const deployed = await factory.deploy()
    await deployed.waitForDeployment()
    const contract = new Contract(await deployed.getAddress(), reverter.abi as never, wallet)
    await expect(contract.getFunction('revertWithReason').staticCall()).rejects.toMatchObject({
      code: 'CALL_EXCEPTION',
      reason: 'Reverter: reason string',
    })
  })
})

describe('viem http transport', () => {
  const chain = defineChain({
    id: 33,
    name: 'Rootstock Regtest',
    nativeCurrency: { name: 'Regtest Bitcoin', symbol: 'tRBTC', decimals: 18 },
    rpcUrls: { default: { http: [] } },
  })
  const account = privateKeyToAccount(COW_ACCOUNTS[1]!.privateKey as Hex)
  const publicClient = () => createPublicClient({ chain, transport: http(url), pollingInterval: 50 })
  const walletClient = () => createWalletClient({ chain, account, transport: http(url) })

  async function deploy(abi: Abi, bytecode: Hex, args: unknown[] = []) {
    const hash = await walletClient().deployContract({ abi, bytecode, args } as never)
    const receipt = await publicClient().waitForTransactionReceipt({ hash })
    expect(receipt.status).toBe('success')
    return receipt.contractAddress!
  }

  test('deploys, reads, writes and gets the Transfer logs', async () => {
    const address = await deploy(token.abi, token.bytecode, ['Viem', 'V', 500n])
    const client = publicClient()
    expect(await client.readContract({ address, abi: token.abi, functionName: 'symbol' })).toBe('V')
    const hash = await walletClient().writeContract({
      address,
      abi: token.abi,
      functionName: 'transfer',
      args: [bob, 5n],
    } as never)
    const receipt = await client.waitForTransactionReceipt({ hash })
    expect(receipt.status).toBe('success')
    const logs = await client.getLogs({
      address,
      event: parseAbiItem('event Transfer(address indexed from, address indexed to, uint256 value)'),
      fromBlock: 0n,
    })
    expect(logs.map((log) => log.args.value)).toEqual([500n, 5n])
  })

  test('an event filter returns the new logs on getFilterChanges', async () => {
    const address = await deploy(token.abi, token.bytecode, ['F', 'F', 100n])
    const client = publicClient()
    const filter = await client.createContractEventFilter({ address, abi: token.abi, eventName: 'Transfer' })
    const hash = await walletClient().writeContract({
      address,
      abi: token.abi,
      functionName: 'transfer',
      args: [bob, 3n],
    } as never)
    await client.waitForTransactionReceipt({ hash })
    const changes = (await client.getFilterChanges({ filter })) as Array<{ args: { value: bigint } }>
    expect(changes.map((log) => log.args.value)).toEqual([3n])
    expect(await client.uninstallFilter({ filter })).toBe(true)
  })

  test('a simulated revert carries the reason text and the revert data', async () => {
    const address = await deploy(reverter.abi, reverter.bytecode)
    const error = await publicClient()
      .simulateContract({ address, abi: reverter.abi, functionName: 'revertWithReason', account })
      .catch((thrown: unknown) => thrown)
    if (!(error instanceof BaseError)) throw error
    // Rootstock answers a revert with -32015 (not geth's 3), so viem does not build a
    // ContractFunctionRevertedError itself, as against a real RSKj node; the reason is in the
    // details and the ABI-encoded revert data in the RPC error.
    expect(error.details).toBe('VM Exception while processing transaction: revert Reverter: reason string')
    const hasData = (cause: unknown) => typeof (cause as { data?: unknown }).data === 'string'
    const rpcError = error.walk(hasData) as unknown as { data: Hex }
    expect(decodeErrorResult({ abi: reverter.abi, data: rpcError.data })).toMatchObject({
      errorName: 'Error',
      args: ['Reverter: reason string'],
    })
  })
})
