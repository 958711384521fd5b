/**
 * Clients that let the node sign (JSON-RPC accounts): viem's wallet client and ethers' JsonRpcSigner
 * send through `eth_sendTransaction` with a node account of the rskj profile, in process.
 */
import { JsonRpcProvider, type JsonRpcResult } from 'ethers'
import { createPublicClient, createWalletClient, custom, defineChain, parseEther } from 'viem'
import { describe, expect, it } from 'vitest'
import { COW, COW1, createConformanceNode } from './nodeTestChain.js'

async function eip1193() {
  const chain = await createConformanceNode('rskj')
  const provider = {
    request: async ({ method, params }: { method: string; params?: unknown }) => {
      const response = await chain.request(method, (params as unknown[] | undefined) ?? [])
      if (response.error) throw Object.assign(new Error(response.error.message), response.error)
      return response.result
    },
  }
  return { ...chain, provider }
}

const regtest = defineChain({
  id: 33,
  name: 'Rootstock regtest',
  nativeCurrency: { name: 'RBTC', symbol: 'RBTC', decimals: 18 },
  rpcUrls: { default: { http: ['http://127.0.0.1:4444'] } },
})

describe('wallet clients with node accounts', () => {
  it('viem: getAddresses lists the cow accounts and sendTransaction goes through eth_sendTransaction', async () => {
    const { provider } = await eip1193()
    const wallet = createWalletClient({ chain: regtest, transport: custom(provider) })
    const [first] = await wallet.getAddresses()
    expect(first?.toLowerCase()).toBe(COW.address)
    const hash = await wallet.sendTransaction({ account: first!, to: COW1.address, value: parseEther('1') })
    const publicClient = createPublicClient({ chain: regtest, transport: custom(provider) })
    const receipt = await publicClient.waitForTransactionReceipt({ hash })
    expect(receipt.status).toBe('success')
    expect(receipt.from).toBe(COW.address)
  })

  it('ethers: a JsonRpcSigner of the node sends a transfer and waits for it', async () => {
    const { provider } = await eip1193()
    // JsonRpcProvider over the in-process node: only the transport differs from a real RSKj.
    const ethersProvider = new JsonRpcProvider(undefined, 33, { staticNetwork: true, batchMaxCount: 1 })
    ethersProvider._send = async (payload) => {
      const list = Array.isArray(payload) ? payload : [payload]
      // ethers reads `error` members too; its declared type lists only results.
      return (await Promise.all(
        list.map(async (p) => {
          try {
            return { id: p.id, result: await provider.request({ method: p.method, params: p.params }) }
          } catch (e) {
            const error = e as { code: number; message: string; data?: unknown }
            return { id: p.id, error: { code: error.code, message: error.message, data: error.data } }
          }
        }),
      )) as JsonRpcResult[]
    }
    const signer = await ethersProvider.getSigner(0)
    expect((await signer.getAddress()).toLowerCase()).toBe(COW.address)
    const response = await signer.sendTransaction({ to: COW1.address, value: 1n })
    const receipt = await response.wait()
    expect(receipt?.status).toBe(1)
  })
})
