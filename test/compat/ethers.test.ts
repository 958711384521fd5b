import {
  BrowserProvider,
  Contract,
  ContractFactory,
  type EventLog,
  type InterfaceAbi,
  parseEther,
  Wallet,
} from 'ethers'
import { afterEach, describe, expect, test } from 'vitest'
import { getArtifact } from '../fixtures/contracts/index.js'
import { createCompatNode, DEV_KEYS, waitFor } from './compatNode.js'

const token = getArtifact('TestToken')
const tokenAbi = token.abi as InterfaceAbi
const reverter = getArtifact('Reverter')
const reverterAbi = reverter.abi as InterfaceAbi

async function setup() {
  const { node, provider } = await createCompatNode()
  // ethers caches identical requests for 250 ms by default; an in-process node answers within that
  // window, so a nonce read before a deploy would be served again after it. No cache here.
  const ethersProvider = new BrowserProvider(provider, undefined, { pollingInterval: 50, cacheTimeout: -1 })
  const wallet = new Wallet(DEV_KEYS[0]!, ethersProvider)
  return { node, ethersProvider, wallet }
}

const filterCount = (node: Awaited<ReturnType<typeof setup>>['node']) => node.engine.filters.list().length

let cleanup: (() => void) | undefined
afterEach(() => {
  cleanup?.()
  cleanup = undefined
})

describe('ethers v6 over the EIP-1193 adapter', () => {
  test('reads chain id, block number and balances', async () => {
    const { ethersProvider, wallet } = await setup()
    cleanup = () => ethersProvider.destroy()
    expect((await ethersProvider.getNetwork()).chainId).toBe(33n)
    expect(await ethersProvider.getBlockNumber()).toBe(0)
    expect(await ethersProvider.getBalance(wallet.address)).toBeGreaterThan(parseEther('1000'))
  })

  test('deploys a token, calls it, sends a transfer and waits for the receipt', async () => {
    const { ethersProvider, wallet } = await setup()
    cleanup = () => ethersProvider.destroy()
    const factory = new ContractFactory(tokenAbi, token.bytecode, wallet)
    const contract = await factory.deploy('Test', 'TST', 1_000n, { type: 0 })
    await contract.waitForDeployment()
    const address = await contract.getAddress()
    expect(await ethersProvider.getCode(address)).toBe(token.deployedBytecode)
    const erc20 = new Contract(address, tokenAbi, wallet)
    expect(await erc20.getFunction('balanceOf')(wallet.address)).toBe(1_000n)
    const to = Wallet.createRandom().address
    const tx = await erc20.getFunction('transfer')(to, 25n, { type: 0 })
    const receipt = await tx.wait()
    expect(receipt?.status).toBe(1)
    expect(receipt?.logs).toHaveLength(1)
    expect(await erc20.getFunction('balanceOf')(to)).toBe(25n)
  })

  test('contract events arrive through filters (eth_newFilter / eth_getFilterChanges)', async () => {
    const { ethersProvider, wallet, node } = await setup()
    cleanup = () => ethersProvider.destroy()
    const contract = await new ContractFactory(tokenAbi, token.bytecode, wallet).deploy('T', 'T', 100n, {
      type: 0,
    })
    await contract.waitForDeployment()
    const erc20 = new Contract(await contract.getAddress(), tokenAbi, wallet)
    const seen: Array<{ to: string; value: bigint }> = []
    await erc20.on('Transfer', (_from: string, to: string, value: bigint) => {
      seen.push({ to, value })
    })
    const to = Wallet.createRandom().address
    await (await erc20.getFunction('transfer')(to, 7n, { type: 0 })).wait()
    const event = await waitFor(() => seen[0])
    expect(event).toEqual({ to, value: 7n })
    const logs = (await erc20.queryFilter('Transfer')) as EventLog[]
    expect(logs.map((l) => l.args[2])).toEqual([100n, 7n])
    await erc20.removeAllListeners()
    // The filter is uninstalled in the background; let that finish before the provider goes.
    await waitFor(() => (filterCount(node) === 0 ? true : undefined))
  })

  test('queryFilter decodes past events, and every raw log carries the removed flag hardhat-ethers requires', async () => {
    const { ethersProvider, wallet } = await setup()
    cleanup = () => ethersProvider.destroy()
    const contract = await new ContractFactory(tokenAbi, token.bytecode, wallet).deploy('T', 'T', 50n, {
      type: 0,
    })
    await contract.waitForDeployment()
    const address = await contract.getAddress()
    const erc20 = new Contract(address, tokenAbi, wallet)
    const to = Wallet.createRandom().address
    await (await erc20.getFunction('transfer')(to, 5n, { type: 0 })).wait()
    const events = (await erc20.queryFilter(
      erc20.filters.Transfer!(wallet.address),
      0,
      'latest',
    )) as EventLog[]
    expect(events.map((e) => [e.args[1], e.args[2], e.removed])).toEqual([[to, 5n, false]])
    // hardhat-ethers formats logs itself and rejects one whose `removed` is not a boolean
    // ("invalid value for value.removed"); ethers defaults a missing one, so check the wire too.
    const raw = (await ethersProvider.send('eth_getLogs', [{ address, fromBlock: '0x0' }])) as Array<{
      removed?: unknown
    }>
    expect(raw).toHaveLength(2)
    expect(raw.map((l) => l.removed)).toEqual([false, false])
  })

  test('a reverted call and a reverted transaction surface the decoded reason', async () => {
    const { ethersProvider, wallet } = await setup()
    cleanup = () => ethersProvider.destroy()
    const deployed = await new ContractFactory(reverterAbi, reverter.bytecode, wallet).deploy({ type: 0 })
    await deployed.waitForDeployment()
    const contract = new Contract(await deployed.getAddress(), reverterAbi, wallet)
    await expect(contract.getFunction('revertWithReason').staticCall()).rejects.toMatchObject({
      code: 'CALL_EXCEPTION',
      reason: 'Reverter: reason string',
    })
    // Estimation runs the call first, so sending fails with the same decoded reason.
    await expect(contract.getFunction('incrementThenRevert')({ type: 0 })).rejects.toMatchObject({
      code: 'CALL_EXCEPTION',
      reason: 'Reverter: rolled back',
    })
    await expect(contract.getFunction('revertCustom').staticCall(7n, 'bad')).rejects.toMatchObject({
      code: 'CALL_EXCEPTION',
      revert: { name: 'Custom', args: [7n, 'bad'] },
    })
  })
})
