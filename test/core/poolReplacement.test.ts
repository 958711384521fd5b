/**
 * A pending transaction is replaced only by one with the same sender and nonce at a strictly
 * higher price (RSKj `TransactionPoolImpl.isBumpingGasPriceForSameNonceTx`), whichever way it
 * arrives: raw, signed by the node, or sent from an impersonated account. The same price, 0 → 0
 * included, is refused with -32010 and the first transaction stays answerable by its hash.
 */
import { describe, expect, test } from 'vitest'
import { COW_ACCOUNTS } from '../../src/core/accounts/devAccounts.js'
import { signTransaction } from '../../src/core/chain/transaction.js'
import { type Address, bytesToHex, hexToBytes } from '../../src/core/util/hex.js'
import { createTestChain } from './testChain.js'

const REFUSED = { code: -32010, message: 'gas price not enough to bump transaction' }
const target = '0x00000000000000000000000000000000000b0b0b' as Address

type Chain = Awaited<ReturnType<typeof createTestChain>>
type Send = (chain: Chain, gasPrice: bigint, value: bigint) => Promise<{ result?: unknown; error?: unknown }>

/** A nonce-0 transfer to `target` sent with eth_sendTransaction (the node signs or impersonates). */
function sendFrom(chain: Chain, from: Address, gasPrice: bigint, value: bigint) {
  return chain.rpc('eth_sendTransaction', [
    {
      from,
      to: target,
      nonce: '0x0',
      gas: '0x5208',
      gasPrice: `0x${gasPrice.toString(16)}`,
      value: `0x${value.toString(16)}`,
    },
  ])
}

const paths: Array<[string, Send]> = [
  [
    'raw',
    (chain, gasPrice, value) => {
      const tx = signTransaction(
        { nonce: 0n, gasPrice, gasLimit: 21_000n, to: target, value, data: new Uint8Array(0) },
        hexToBytes(COW_ACCOUNTS[1]!.privateKey),
        chain.node.network.chainId,
      )
      return chain.rpc('eth_sendRawTransaction', [bytesToHex(tx.raw)])
    },
  ],
  ['node-signed', (chain, gasPrice, value) => sendFrom(chain, COW_ACCOUNTS[2]!.address, gasPrice, value)],
  [
    'impersonated',
    async (chain, gasPrice, value) => {
      const from = '0x00000000000000000000000000000000000c0ffe'
      await chain.call('anvil_setBalance', [from, '0xde0b6b3a7640000'])
      await chain.call('anvil_impersonateAccount', [from])
      return sendFrom(chain, from, gasPrice, value)
    },
  ],
]

describe.each(paths)('pool replacement, %s', (_name, send) => {
  async function manualChain() {
    const chain = await createTestChain('regtest')
    await chain.call('evm_setAutomine', [false])
    return chain
  }

  test.each([0n, 1_000_000n])('the same nonce at the same price %s is refused', async (price) => {
    const chain = await manualChain()
    const first = await send(chain, price, 1n)
    expect(first.error).toBeUndefined()
    const second = await send(chain, price, 2n)
    expect(second.error).toEqual(REFUSED)
    expect(await chain.call('eth_getTransactionByHash', [first.result])).not.toBeNull()
    await chain.call('evm_mine')
    const receipt = (await chain.call('eth_getTransactionReceipt', [first.result])) as { status: string }
    expect(receipt.status).toBe('0x1')
  })

  test.each([
    [0n, 1n],
    [1_000_000n, 1_400_000n],
  ])('a strictly higher price replaces: %s → %s', async (oldPrice, newPrice) => {
    const chain = await manualChain()
    const first = await send(chain, oldPrice, 1n)
    const second = await send(chain, newPrice, 2n)
    expect(second.error).toBeUndefined()
    expect(await chain.call('eth_getTransactionByHash', [first.result])).toBeNull()
    await chain.call('evm_mine')
    const receipt = (await chain.call('eth_getTransactionReceipt', [second.result])) as { status: string }
    expect(receipt.status).toBe('0x1')
  })
})
