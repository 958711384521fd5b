/**
 * IndexedDB full (QuotaExceededError): the request whose block could not be written gets a clear
 * JSON-RPC error, the chain stays at its previous head and readable, nothing acknowledged is lost
 * (also after reopening), and once space is free the same transaction goes through.
 */
import 'fake-indexeddb/auto'
import { IDBFactory, IDBKeyRange } from 'fake-indexeddb'
import { afterEach, expect, test } from 'vitest'
import { COW_ACCOUNTS } from '../../src/core/accounts/devAccounts.js'
import { decodeTransaction, signTransaction } from '../../src/core/chain/transaction.js'
import { createIndexedDbStore } from '../../src/core/storage/indexedDbStore.js'
import { bytesToHex, hexToBytes } from '../../src/core/util/hex.js'
import { createDevChain } from '../conformance/dev/devChain.js'

const originalPut = IDBObjectStore.prototype.put
let full = false

afterEach(() => {
  IDBObjectStore.prototype.put = originalPut
  full = false
})

function rawTransfer(nonce: bigint, chainId: number): string {
  const tx = signTransaction(
    {
      nonce,
      gasPrice: 0n,
      gasLimit: 21_000n,
      to: `0x${'0d'.repeat(20)}`,
      value: 7n,
      data: new Uint8Array(0),
    },
    hexToBytes(COW_ACCOUNTS[3]!.privateKey),
    chainId,
  )
  return bytesToHex(tx.raw)
}

test('a full IndexedDB answers -32000 "storage full", keeps the chain, and recovers once space is free', async () => {
  IDBObjectStore.prototype.put = function put(
    this: IDBObjectStore,
    ...args: Parameters<IDBObjectStore['put']>
  ) {
    if (full) throw new DOMException('The quota has been exceeded.', 'QuotaExceededError')
    return originalPut.apply(this, args)
  }
  const factory = new IDBFactory()
  const open = () => createIndexedDbStore({ indexedDB: factory, keyRange: IDBKeyRange, name: 'full' })
  const chain = await createDevChain({ storage: await open() })
  const chainId = chain.node.network.chainId
  const first = await chain.call<string>('eth_sendRawTransaction', [rawTransfer(0n, chainId)])
  expect(await chain.call('eth_blockNumber')).toBe('0x1')

  full = true
  const second = rawTransfer(1n, chainId)
  const refused = await chain.rpc('eth_sendRawTransaction', [second])
  expect(refused.error?.code).toBe(-32000)
  expect(refused.error?.message).toContain('storage full')
  expect((await chain.rpc('evm_mine')).error?.code).toBe(-32000)
  // Still readable, still at the acknowledged head.
  expect(await chain.call('eth_blockNumber')).toBe('0x1')
  expect(await chain.call<{ status: string }>('eth_getTransactionReceipt', [first])).toMatchObject({
    status: '0x1',
  })
  expect(await chain.call('eth_getTransactionCount', [COW_ACCOUNTS[3]!.address, 'latest'])).toBe('0x1')

  // The refused transfer stayed in the pool (in memory): the next block, once space is free, has it.
  full = false
  const secondHash = bytesToHex(decodeTransaction(hexToBytes(second)).hash)
  await chain.call('evm_mine')
  expect(await chain.call('eth_getTransactionCount', [COW_ACCOUNTS[3]!.address, 'latest'])).toBe('0x2')
  await chain.node.close()

  const reopened = await createDevChain({ storage: await open() })
  const head = BigInt(await reopened.call<string>('eth_blockNumber'))
  expect(head >= 2n).toBe(true)
  for (const hash of [first, secondHash])
    expect(await reopened.call<{ status: string }>('eth_getTransactionReceipt', [hash])).toMatchObject({
      status: '0x1',
    })
  await reopened.call('evm_mine')
  await reopened.node.close()
})
