/** A chain with a few traced transactions, shared by the trace conformance suites. */
import { encodeDeployData, encodeFunctionData } from 'viem'
import { COW_ACCOUNTS } from '../../../src/core/accounts/devAccounts.js'
import { type Address, hexToBytes } from '../../../src/core/util/hex.js'
import { createTestChain } from '../../core/testChain.js'
import { getArtifact } from '../../fixtures/contracts/index.js'

/** Runtime: SSTORE(0, 0x2a); MSTORE(0, SLOAD(0)); RETURN(0, 32) — ten steps, storage and memory. */
export const TINY_RUNTIME = '602a60005560005460005260206000f3'
/** Init code copying TINY_RUNTIME (16 bytes, placed at offset 12) into memory and returning it. */
export const TINY_INIT = `0x6010600c60003960106000f3${TINY_RUNTIME}` as const

export const SENDER = COW_ACCOUNTS[0]!.address.toLowerCase() as Address
export const BOB = '0x00000000000000000000000000000000000000b0' as Address

interface Receipt {
  contractAddress: Address | null
  blockHash: string
  blockNumber: string
  status: string
}

export async function createTraceChain() {
  const chain = await createTestChain()
  const { call, send } = chain
  const receipt = async (hash: string) => (await call('eth_getTransactionReceipt', [hash])) as Receipt
  // block 1: the tiny contract; block 2: a call to it
  const tinyDeploy = await send({ data: hexToBytes(TINY_INIT), gasLimit: 200_000n })
  const tiny = (await receipt(tinyDeploy)).contractAddress!
  const tinyCall = await send({ to: tiny, gasLimit: 100_000n })
  // block 3: the Reverter; block 4: increment (storage); block 5: a nested call that reverts
  const reverter = getArtifact('ReverterParis')
  const reverterDeploy = await send({
    data: hexToBytes(encodeDeployData({ abi: reverter.abi, bytecode: reverter.bytecode })),
  })
  const reverterAddress = (await receipt(reverterDeploy)).contractAddress!
  const increment = await send({
    to: reverterAddress,
    data: hexToBytes(encodeFunctionData({ abi: reverter.abi, functionName: 'increment' })),
    gasLimit: 100_000n,
  })
  const revertNested = await send({
    to: reverterAddress,
    data: hexToBytes(encodeFunctionData({ abi: reverter.abi, functionName: 'revertNested' })),
    gasLimit: 100_000n,
  })
  // block 6: a plain transfer
  const transfer = await send({ to: BOB, value: 1000n, gasLimit: 21_000n })
  return {
    ...chain,
    receipt,
    tiny,
    reverterAddress,
    hashes: { tinyDeploy, tinyCall, reverterDeploy, increment, revertNested, transfer },
  }
}
