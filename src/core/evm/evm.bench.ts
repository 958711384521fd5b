/**
 * Micro-benchmark of executeTransaction (not part of the test run):
 *   npx vitest bench --run src/core/evm/evm.bench.ts
 * Each iteration executes one transaction and applies its diff, as block building does.
 */
import { bench, describe } from 'vitest'
import { createAddress } from './address.js'
import { tokenCallData, tokenDeployData } from './fixtures/token.js'
import { BLOCK, OTHER, REMASC, SENDER } from './testing/harness.js'
import { MemoryState } from './testing/memoryState.js'
import { executeTransaction } from './transaction.js'

const options = { feeRecipient: REMASC }

describe('executeTransaction', () => {
  const transferState = new MemoryState({ [SENDER]: { balance: 10n ** 24n } })
  let transferNonce = 0n
  bench('value transfer', () => {
    const result = executeTransaction(
      transferState,
      {
        from: SENDER,
        to: OTHER,
        value: 1n,
        data: new Uint8Array(0),
        gasLimit: 21000n,
        gasPrice: 1n,
        nonce: transferNonce++,
      },
      BLOCK,
      options,
    )
    transferState.applyDiff(result.diff)
  })

  const tokenState = new MemoryState({ [SENDER]: { balance: 10n ** 24n } })
  const deploy = executeTransaction(
    tokenState,
    {
      from: SENDER,
      value: 0n,
      data: tokenDeployData(10n ** 30n),
      gasLimit: 3_000_000n,
      gasPrice: 1n,
      nonce: 0n,
    },
    BLOCK,
    options,
  )
  tokenState.applyDiff(deploy.diff)
  const token = createAddress(SENDER, 0n)
  let tokenNonce = 1n
  let recipient = 1n
  bench('ERC-20 transfer', () => {
    // alternate among 64 holders so the mix has both new-holder (SSTORE set) and repeat transfers
    const to = `0x${((recipient++ % 64n) + 1n).toString(16).padStart(40, '0')}`
    const result = executeTransaction(
      tokenState,
      {
        from: SENDER,
        to: token,
        value: 0n,
        data: tokenCallData('transfer', [to, 1n]),
        gasLimit: 100_000n,
        gasPrice: 1n,
        nonce: tokenNonce++,
      },
      BLOCK,
      options,
    )
    if (!result.success) throw new Error('token transfer failed')
    tokenState.applyDiff(result.diff)
  })
})
