/**
 * The struct logs of debug_traceTransaction against an independent EVM: the same message is run
 * through @ethereumjs/evm (Petersburg + EIP-3855/1153/3860, whose gas schedule matches RSK's for
 * these contracts: no CHAINID, SELFBALANCE, BASEFEE or MCOPY) on the same pre-state, and every
 * step must agree on op, pc, gas, depth and stack. Nested calls name their gas explicitly: RSK
 * does not keep back 1/64 of the gas (EIP-150) when a call asks for all of it, Ethereum does.
 */
import { Common, Hardfork, Mainnet } from '@ethereumjs/common'
import { createEVM, type InterpreterStep } from '@ethereumjs/evm'
import { createAccount, createAddressFromString } from '@ethereumjs/util'
import { encodeFunctionData } from 'viem'
import { beforeAll, describe, expect, test } from 'vitest'
import { hexToBytes } from '../../../src/core/util/hex.js'
import { getArtifact } from '../../fixtures/contracts/index.js'
import { createTraceChain } from './traceChain.js'

type Chain = Awaited<ReturnType<typeof createTraceChain>>
let chain: Chain
let exhaustGas: string
let nestedCall: string
let callee: string

/** Init code returning `runtime` (under 256 bytes), which it carries from offset 12. */
function initCodeFor(runtime: string): Uint8Array {
  const length = (runtime.length / 2).toString(16).padStart(2, '0')
  return hexToBytes(`0x60${length}600c60003960${length}6000f3${runtime}`)
}

beforeAll(async () => {
  chain = await createTraceChain()
  const reverter = getArtifact('ReverterParis')
  exhaustGas = await chain.send({
    to: chain.reverterAddress,
    data: hexToBytes(encodeFunctionData({ abi: reverter.abi, functionName: 'exhaustGas' })),
    gasLimit: 60_000n,
  })
  // The callee reverts with one word of data; the caller STATICCALLs it with 10 000 gas, then
  // stores the word it got back.
  const calleeDeploy = await chain.send({ data: initCodeFor('602a60005260206000fd'), gasLimit: 100_000n })
  callee = (await chain.receipt(calleeDeploy)).contractAddress!
  const caller = `602060006000600073${callee.slice(2)}612710fa600051600055600160015500`
  const callerDeploy = await chain.send({ data: initCodeFor(caller), gasLimit: 200_000n })
  const callerAddress = (await chain.receipt(callerDeploy)).contractAddress!
  nestedCall = await chain.send({ to: callerAddress, gasLimit: 100_000n })
})

interface Step {
  op: string
  pc: number
  gas: number
  depth: number
  stack: string[]
}

/** The few opcodes the two EVMs name differently. */
const ORACLE_NAMES: Record<string, string> = { KECCAK256: 'SHA3' }

const word = (value: bigint) => value.toString(16).padStart(64, '0')

async function oracleSteps(txHash: string, firstGas: number, others: string[]): Promise<Step[]> {
  const tx = (await chain.call('eth_getTransactionByHash', [txHash])) as {
    from: string
    to: string
    input: string
    value: string
    gasPrice: string
    blockNumber: string
  }
  const parent = `0x${(BigInt(tx.blockNumber) - 1n).toString(16)}`
  const common = new Common({ chain: Mainnet, hardfork: Hardfork.Petersburg, eips: [3855, 1153, 3860] })
  const evm = await createEVM({ common })
  for (const address of [tx.to, ...others]) {
    const contract = createAddressFromString(address)
    await evm.stateManager.putAccount(contract, createAccount({ nonce: 1n, balance: 0n }))
    const code = (await chain.call('eth_getCode', [address, parent])) as string
    await evm.stateManager.putCode(contract, hexToBytes(code))
    // The contracts under test keep their state in slot 0.
    const slot0 = BigInt((await chain.call('eth_getStorageAt', [address, '0x0', parent])) as string)
    if (slot0 !== 0n)
      await evm.stateManager.putStorage(contract, hexToBytes(`0x${word(0n)}`), hexToBytes(`0x${word(slot0)}`))
  }
  const balance = BigInt((await chain.call('eth_getBalance', [tx.from, parent])) as string)
  await evm.stateManager.putAccount(createAddressFromString(tx.from), createAccount({ nonce: 0n, balance }))
  const steps: Step[] = []
  evm.events!.on('step', (step: InterpreterStep) => {
    steps.push({
      op: ORACLE_NAMES[step.opcode.name] ?? step.opcode.name,
      pc: step.pc,
      gas: Number(step.gasLeft),
      depth: step.depth,
      stack: step.stack.map(word),
    })
  })
  await evm.runCall({
    caller: createAddressFromString(tx.from),
    origin: createAddressFromString(tx.from),
    to: createAddressFromString(tx.to),
    data: hexToBytes(tx.input),
    value: BigInt(tx.value),
    gasLimit: BigInt(firstGas),
    gasPrice: BigInt(tx.gasPrice),
  })
  return steps
}

async function ourSteps(txHash: string): Promise<Step[]> {
  const trace = (await chain.call('debug_traceTransaction', [
    txHash,
    { disableMemory: true, disableStorage: true },
  ])) as {
    structLogs: Step[]
  }
  return trace.structLogs.map(({ op, pc, gas, depth, stack }) => ({ op, pc, gas, depth, stack }))
}

describe('debug_traceTransaction struct logs match the oracle EVM step by step', () => {
  test.each([
    ['a storage write and read (tiny contract)', 'tinyCall'],
    ['a counter increment (Solidity dispatch, SLOAD, SSTORE)', 'increment'],
    ['a loop that runs out of gas', 'exhaustGas'],
    ['a STATICCALL with explicit gas to a contract that reverts with data', 'nestedCall'],
  ] as const)('%s', async (_, name) => {
    const hash = name === 'exhaustGas' ? exhaustGas : name === 'nestedCall' ? nestedCall : chain.hashes[name]
    const ours = await ourSteps(hash)
    expect(ours.length).toBeGreaterThan(5)
    if (name === 'nestedCall') expect(new Set(ours.map((s) => s.depth))).toEqual(new Set([0, 1]))
    const oracle = await oracleSteps(hash, ours[0]!.gas, name === 'nestedCall' ? [callee] : [])
    expect(ours).toEqual(oracle)
  })
})
