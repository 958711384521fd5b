/**
 * The invariant the fuzzer holds the node to: whatever it accepted before, `evm_mine` succeeds and
 * a valid transfer (a fresh key, funded with `anvil_setBalance`, priced at the head's minimum gas
 * price, 21,000 gas) is mined with status 1.
 */
import { privateKeyToAddress } from '../../src/core/chain/secp256k1.js'
import { signTransaction } from '../../src/core/chain/transaction.js'
import { bytesToHex } from '../../src/core/util/hex.js'

export type Call = (method: string, params?: unknown[]) => Promise<{ result?: unknown; error?: unknown }>

let keySeed = 0

async function must<T>(call: Call, method: string, params: unknown[] = []): Promise<T> {
  const response = await call(method, params)
  if (response.error !== undefined || !('result' in response))
    throw new Error(`${method} ${JSON.stringify(params)} failed: ${JSON.stringify(response.error)}`)
  return response.result as T
}

export async function assertStillMines(call: Call): Promise<void> {
  await must(call, 'evm_mine')
  const chainId = Number(BigInt(await must<string>(call, 'eth_chainId')))
  const head = await must<{ minimumGasPrice: string; gasLimit: string }>(call, 'eth_getBlockByNumber', [
    'latest',
    false,
  ])
  const gasPrice = BigInt(head.minimumGasPrice)
  const key = new Uint8Array(32)
  new DataView(key.buffer).setUint32(0, 0x5eed0000 + ++keySeed)
  key[31] = 1
  const from = privateKeyToAddress(key)
  await must(call, 'anvil_setBalance', [from, `0x${(21_000n * gasPrice + 10n ** 18n).toString(16)}`])
  const nonce = BigInt(await must<string>(call, 'eth_getTransactionCount', [from, 'latest']))
  const tx = signTransaction(
    { nonce, gasPrice, gasLimit: 21_000n, to: `0x${'0c'.repeat(20)}`, value: 1n, data: new Uint8Array(0) },
    key,
    chainId,
  )
  const hash = await must<string>(call, 'eth_sendRawTransaction', [bytesToHex(tx.raw)])
  // Automine may be off, and the pool may hold transactions the fuzzer sent first.
  for (let i = 0; i < 64; i++) {
    const receipt = await must<{ status: string } | null>(call, 'eth_getTransactionReceipt', [hash])
    if (receipt) {
      if (receipt.status !== '0x1') throw new Error(`the transfer failed: ${JSON.stringify(receipt)}`)
      return
    }
    await must(call, 'evm_mine')
  }
  throw new Error('the transfer was not mined in 64 blocks')
}
