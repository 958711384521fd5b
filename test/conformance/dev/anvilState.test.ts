import { describe, expect, test } from 'vitest'
import { COW_ACCOUNTS } from '../../../src/core/accounts/devAccounts.js'
import { bytesToHex } from '../../../src/core/util/hex.js'
import { createDevChain, json } from './devChain.js'

const target = `0x${'ab'.repeat(20)}` as const
const cow = COW_ACCOUNTS[0]!.address

describe('anvil state edits', () => {
  test('anvil_setBalance and its hardhat_ alias set the latest balance without mining; null', async () => {
    const { call, rpc } = await createDevChain()
    const before = await call('eth_blockNumber')
    expect(json(await rpc('anvil_setBalance', [target, '0xde0b6b3a7640000']))).toMatchInlineSnapshot(`
      "{
        "jsonrpc": "2.0",
        "id": 2,
        "result": null
      }"
    `)
    expect(await call('eth_getBalance', [target, 'latest'])).toBe('0xde0b6b3a7640000')
    await call('hardhat_setBalance', [target, '0x5'])
    expect(await call('eth_getBalance', [target, 'latest'])).toBe('0x5')
    expect(await call('eth_blockNumber')).toBe(before)
  })

  test('anvil_setCode installs runnable code; anvil_setNonce sets the nonce', async () => {
    const { call } = await createDevChain()
    // PUSH1 0x2a PUSH1 0 MSTORE PUSH1 32 PUSH1 0 RETURN: returns 42.
    const code = '0x602a60005260206000f3'
    expect(await call('anvil_setCode', [target, code])).toBeNull()
    expect(await call('eth_getCode', [target, 'latest'])).toBe(code)
    expect(await call('eth_call', [{ to: target }, 'latest'])).toBe(`0x${'2a'.padStart(64, '0')}`)
    expect(await call('anvil_setNonce', [target, '0x7'])).toBeNull()
    expect(await call('eth_getTransactionCount', [target, 'latest'])).toBe('0x7')
  })

  test('anvil_setStorageAt writes one slot and answers true', async () => {
    const { call } = await createDevChain()
    const value = `0x${'00'.repeat(31)}07`
    expect(await call('anvil_setStorageAt', [target, '0x3', value])).toBe(true)
    expect(await call('eth_getStorageAt', [target, '0x3', 'latest'])).toBe(value)
  })

  test('edits survive a mined block and are undone by reverting to an earlier snapshot', async () => {
    const { call } = await createDevChain()
    const snapshot = await call('evm_snapshot')
    await call('anvil_setBalance', [target, '0x64'])
    await call('evm_mine')
    expect(await call('eth_getBalance', [target, 'latest'])).toBe('0x64')
    expect(await call('evm_revert', [snapshot])).toBe(true)
    expect(await call('eth_getBalance', [target, 'latest'])).toBe('0x0')
  })

  test('edits made before a snapshot are still there after reverting to it', async () => {
    const { call } = await createDevChain()
    await call('anvil_setBalance', [target, '0x2a'])
    const snapshot = await call('evm_snapshot')
    await call('anvil_setBalance', [target, '0x63'])
    await call('anvil_mine', ['0x2'])
    expect(await call('evm_revert', [snapshot])).toBe(true)
    expect(await call('eth_getBalance', [target, 'latest'])).toBe('0x2a')
    expect(await call('eth_blockNumber')).toBe('0x0')
  })

  test('malformed parameters are -32602 with the argument position', async () => {
    const { rpc } = await createDevChain()
    expect(json(await rpc('anvil_setBalance', ['0x1234', '0x1']))).toMatchInlineSnapshot(`
      "{
        "jsonrpc": "2.0",
        "id": 1,
        "error": {
          "code": -32602,
          "message": "invalid argument 0: hex string has length 4, want 40 for RSK address"
        }
      }"
    `)
    expect(json(await rpc('anvil_setStorageAt', [target, '0x0', '0x01']))).toMatchInlineSnapshot(`
      "{
        "jsonrpc": "2.0",
        "id": 2,
        "error": {
          "code": -32602,
          "message": "invalid argument 2: hex string has length 2, want 64 for storage value"
        }
      }"
    `)
    expect(json(await rpc('anvil_setCode', [target]))).toMatchInlineSnapshot(`
      "{
        "jsonrpc": "2.0",
        "id": 3,
        "error": {
          "code": -32602,
          "message": "missing value for required argument 1"
        }
      }"
    `)
  })
})

describe('impersonation', () => {
  test('an impersonated sender is accepted without a key; stopping ends it', async () => {
    const { node, call } = await createDevChain()
    const { submitImpersonated, isImpersonated } = await import(
      '../../../src/core/node/engine/impersonation.js'
    )
    await call('anvil_setBalance', [target, '0xde0b6b3a7640000'])
    const fields = { nonce: 0n, gasPrice: 0n, gasLimit: 21_000n, to: cow, value: 1n, data: new Uint8Array() }
    await expect(submitImpersonated(node.engine, { fields, sender: target })).rejects.toThrow(
      `the account ${target} is not impersonated`,
    )
    expect(await call('anvil_impersonateAccount', [target])).toBeNull()
    expect(isImpersonated(node.engine, target)).toBe(true)
    const hash = await submitImpersonated(node.engine, { fields, sender: target })
    const receipt = await call<{ from: string; status: string }>('eth_getTransactionReceipt', [
      bytesToHex(hash),
    ])
    expect(receipt.from).toBe(target)
    expect(receipt.status).toBe('0x1')
    expect(await call('anvil_stopImpersonatingAccount', [target])).toBeNull()
    expect(isImpersonated(node.engine, target)).toBe(false)
  })

  test('the hash of an impersonated transaction differs per sender and is stable per request', async () => {
    const { impersonatedTransaction } = await import('../../../src/core/node/engine/impersonation.js')
    const fields = { nonce: 0n, gasPrice: 0n, gasLimit: 21_000n, to: cow, value: 1n, data: new Uint8Array() }
    const a = impersonatedTransaction(fields, target, 33)
    const b = impersonatedTransaction(fields, `0x${'cd'.repeat(20)}`, 33)
    expect(a.hash).not.toEqual(b.hash)
    expect(impersonatedTransaction(fields, target, 33).hash).toEqual(a.hash)
    expect(a.s).toBe(1n)
    expect(a.r).toBe(BigInt(target))
  })

  test('a request-shaped send from an impersonated account takes the next nonces and RSKj defaults', async () => {
    const { node, call } = await createDevChain()
    const { sendImpersonatedRequest } = await import('../../../src/core/node/engine/impersonation.js')
    await call('anvil_setBalance', [target, '0xde0b6b3a7640000'])
    await call('anvil_impersonateAccount', [target])
    const first = bytesToHex(await sendImpersonatedRequest(node.engine, target, { to: cow, value: 3n }))
    const second = bytesToHex(await sendImpersonatedRequest(node.engine, target, { to: cow, value: 4n }))
    const txs = await Promise.all(
      [first, second].map((h) =>
        call<{ nonce: string; gas: string; gasPrice: string; from: string }>('eth_getTransactionByHash', [h]),
      ),
    )
    expect(txs.map((t) => [t.from, t.nonce, t.gas, t.gasPrice])).toEqual([
      [target, '0x0', '0x15f90', '0x0'],
      [target, '0x1', '0x15f90', '0x0'],
    ])
  })

  test('anvil_autoImpersonateAccount impersonates every sender while on', async () => {
    const { node, call } = await createDevChain()
    const { isImpersonated } = await import('../../../src/core/node/engine/impersonation.js')
    expect(await call('anvil_autoImpersonateAccount', [true])).toBeNull()
    expect(isImpersonated(node.engine, `0x${'ee'.repeat(20)}`)).toBe(true)
    await call('anvil_autoImpersonateAccount', [false])
    expect(isImpersonated(node.engine, `0x${'ee'.repeat(20)}`)).toBe(false)
  })
})
