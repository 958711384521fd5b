import { describe, expect, test } from 'vitest'
import { Web3 } from 'web3'
import { getArtifact } from '../fixtures/contracts/index.js'
import { createCompatNode, DEV_KEYS, waitFor } from './compatNode.js'

const token = getArtifact('TestToken')

async function setup() {
  const { node, provider } = await createCompatNode()
  // Rootstock takes legacy transactions only: web3.js must not build EIP-1559 ones.
  const web3 = new Web3({ provider, config: { defaultTransactionType: '0x0' } })
  const account = web3.eth.accounts.wallet.add(DEV_KEYS[0]!).get(0)!
  return { node, web3, account }
}

describe('web3.js v4 over the EIP-1193 adapter', () => {
  test('reads chain id, block number and balance', async () => {
    const { web3, account } = await setup()
    expect(await web3.eth.getChainId()).toBe(33n)
    expect(await web3.eth.getBlockNumber()).toBe(0n)
    expect(await web3.eth.getBalance(account.address)).toBeGreaterThan(10n ** 21n)
  })

  test('deploys a token, calls it and sends a transfer signed by a local wallet account', async () => {
    const { web3, account } = await setup()
    const contract = new web3.eth.Contract(token.abi as never)
    const deployed = await contract
      .deploy({ data: token.bytecode, arguments: ['Test', 'TST', 1_000n] } as never)
      .send({ from: account.address, gas: '3000000' })
    const address = deployed.options.address!
    expect(await web3.eth.getCode(address)).toBe(token.deployedBytecode)
    const erc20 = new web3.eth.Contract(token.abi as never, address)
    const methods = erc20.methods as unknown as {
      balanceOf(owner: string): { call(): Promise<bigint> }
      transfer(
        to: string,
        value: bigint,
      ): { send(o: { from: string }): Promise<{ status: bigint; transactionHash: string }> }
    }
    expect(await methods.balanceOf(account.address).call()).toBe(1_000n)
    const to = web3.eth.accounts.create().address
    const receipt = await methods.transfer(to, 9n).send({ from: account.address })
    expect(receipt.status).toBe(1n)
    const tx = await web3.eth.getTransaction(receipt.transactionHash)
    expect(tx.type).toBe(0n)
    expect(await methods.balanceOf(to).call()).toBe(9n)
  })

  test('a plain value transfer waits for its receipt', async () => {
    const { web3, account } = await setup()
    const to = web3.eth.accounts.create().address
    const receipt = await web3.eth.sendTransaction({ from: account.address, to, value: 12345n, gas: 21000n })
    expect(receipt.status).toBe(1n)
    expect(await web3.eth.getBalance(to)).toBe(12345n)
  })

  test('subscriptions (eth_subscribe over EIP-1193 messages): new block headers and contract logs', async () => {
    const { web3, account } = await setup()
    const heads = await web3.eth.subscribe('newBlockHeaders')
    const numbers: bigint[] = []
    heads.on('data', (header) => {
      numbers.push(BigInt(header.number as bigint))
    })
    const deployed = await new web3.eth.Contract(token.abi as never)
      .deploy({ data: token.bytecode, arguments: ['Test', 'TST', 50n] } as never)
      .send({ from: account.address, gas: '3000000' })
    const erc20 = new web3.eth.Contract(token.abi as never, deployed.options.address)
    const events = erc20.events as unknown as Record<
      string,
      () => {
        on(e: 'data', f: (ev: { returnValues: { value: bigint } }) => void): void
        unsubscribe(): Promise<unknown>
      }
    >
    const transfers = events.Transfer!()
    const values: bigint[] = []
    transfers.on('data', (ev) => values.push(ev.returnValues.value))
    const to = web3.eth.accounts.create().address
    const methods = erc20.methods as unknown as {
      transfer(to: string, value: bigint): { send(o: { from: string }): Promise<unknown> }
    }
    await methods.transfer(to, 6n).send({ from: account.address })
    await waitFor(() => (values.length > 0 ? true : undefined))
    expect(values).toEqual([6n])
    expect(numbers).toEqual([1n, 2n])
    await transfers.unsubscribe()
    await heads.unsubscribe()
  })
})
