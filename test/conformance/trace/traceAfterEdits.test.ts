/**
 * A replay starts from the state the block was built on: dev edits made between blocks
 * (`anvil_setBalance` / `setCode` / `setNonce` / `setStorageAt`) are part of it, so a transaction
 * sent right after one traces with the gas and result of its receipt in every tracer.
 */
import { describe, expect, test } from 'vitest'
import { privateKeyToAddress } from '../../../src/core/chain/secp256k1.js'
import { signTransaction } from '../../../src/core/chain/transaction.js'
import { asm } from '../../../src/core/evm/testing/assembler.js'
import { type Address, bytesToHex, hexToBytes } from '../../../src/core/util/hex.js'
import { createTestChain } from '../../core/testChain.js'

const KEY = hexToBytes(`0x${'5e'.repeat(32)}`)
const CONTRACT = `0x${'c4'.repeat(20)}` as Address
/** Copies slot 0 into slot 1 and returns slot 0: its gas depends on what slot 0 holds. */
const COPY_SLOT = bytesToHex(asm('PUSH 0 SLOAD DUP1 PUSH 1 SSTORE PUSH 0 MSTORE PUSH 32 PUSH 0 RETURN'))

type Chain = Awaited<ReturnType<typeof createTestChain>>

async function sendFromFresh(chain: Chain, nonce: bigint): Promise<string> {
  const tx = signTransaction(
    { nonce, gasPrice: 0n, gasLimit: 100_000n, to: CONTRACT, value: 0n, data: new Uint8Array(0) },
    KEY,
    chain.node.network.chainId,
  )
  return chain.call('eth_sendRawTransaction', [bytesToHex(tx.raw)])
}

/** rskTracer, callTracer and trace_transaction agree with the receipt; answers the call's output. */
async function expectTracesMatchReceipt(chain: Chain, hash: string): Promise<bigint> {
  const receipt = (await chain.call('eth_getTransactionReceipt', [hash])) as {
    gasUsed: string
    status: string
  }
  const gasUsed = BigInt(receipt.gasUsed)
  expect(receipt.status).toBe('0x1')
  const struct = (await chain.call('debug_traceTransaction', [hash])) as {
    structLogs: Array<{ gas: number; gasCost: number; op: string }>
    result: string
    error: string
  }
  const first = struct.structLogs[0]!
  const last = struct.structLogs[struct.structLogs.length - 1]!
  expect(last.op).toBe('RETURN')
  expect(BigInt(first.gas - (last.gas - last.gasCost)) + 21_000n).toBe(gasUsed)
  expect(struct.error).toBe('')
  const call = (await chain.call('debug_traceTransaction', [hash, { tracer: 'callTracer' }])) as {
    gasUsed: string
    output: string
    error?: string
  }
  expect(BigInt(call.gasUsed)).toBe(gasUsed)
  expect(call.error).toBeUndefined()
  const parity = (await chain.call('trace_transaction', [hash])) as Array<{
    result: { gasUsed: string; output: string }
  }>
  // RSKj's parity trace counts the transaction's own 21000 too.
  expect(BigInt(parity[0]!.result.gasUsed)).toBe(gasUsed)
  return BigInt(`0x${struct.result}`)
}

describe('traces after dev edits', () => {
  test('anvil_setBalance, anvil_setCode, anvil_setStorageAt, anvil_setNonce right before a transaction', async () => {
    const chain = await createTestChain('regtest')
    const FRESH = privateKeyToAddress(KEY)
    await chain.call('anvil_setBalance', [FRESH, '0xde0b6b3a7640000'])
    await chain.call('anvil_setNonce', [FRESH, '0x7'])
    await chain.call('anvil_setCode', [CONTRACT, COPY_SLOT])
    await chain.call('anvil_setStorageAt', [CONTRACT, '0x0', `0x${'0'.repeat(62)}2a`])
    const hash = await sendFromFresh(chain, 7n)
    expect(await expectTracesMatchReceipt(chain, hash)).toBe(0x2an)
  })

  test('a transaction from an impersonated account funded by anvil_setBalance', async () => {
    const chain = await createTestChain('regtest')
    const whale = '0x00000000000000000000000000000000000a11ce'
    await chain.call('anvil_setCode', [CONTRACT, COPY_SLOT])
    await chain.call('anvil_setStorageAt', [CONTRACT, '0x0', `0x${'0'.repeat(62)}05`])
    await chain.call('anvil_setBalance', [whale, '0xde0b6b3a7640000'])
    await chain.call('anvil_impersonateAccount', [whale])
    const hash = await chain.call('eth_sendTransaction', [{ from: whale, to: CONTRACT, gas: '0x186a0' }])
    expect(await expectTracesMatchReceipt(chain, hash)).toBe(5n)
  })

  test('edits between two blocks: the second block replays on the edited state', async () => {
    const chain = await createTestChain('regtest')
    const FRESH = privateKeyToAddress(KEY)
    await chain.call('anvil_setBalance', [FRESH, '0xde0b6b3a7640000'])
    await chain.call('anvil_setCode', [CONTRACT, COPY_SLOT])
    const first = await sendFromFresh(chain, 0n)
    await chain.call('anvil_setStorageAt', [CONTRACT, '0x0', `0x${'0'.repeat(62)}07`])
    const second = await sendFromFresh(chain, 1n)
    expect(await expectTracesMatchReceipt(chain, first)).toBe(0n)
    expect(await expectTracesMatchReceipt(chain, second)).toBe(7n)
    const receipt = (await chain.call('eth_getTransactionReceipt', [second])) as {
      blockNumber: string
      blockHash: string
      gasUsed: string
    }
    const traced = (await chain.call('trace_block', [receipt.blockNumber])) as Array<{
      result: { gasUsed: string }
    }>
    expect(traced[0]!.result.gasUsed).toBe(receipt.gasUsed)
    const debugged = (await chain.call('debug_traceBlockByHash', [
      receipt.blockHash,
      { tracer: 'callTracer' },
    ])) as Array<{
      result: { gasUsed: string }
    }>
    expect(debugged[0]!.result.gasUsed).toBe(receipt.gasUsed)
  })
})
