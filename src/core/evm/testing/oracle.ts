/**
 * Runs the same world and message through our interpreter and through `@ethereumjs/evm`
 * (Petersburg + EIP-3855/1153/3860, whose gas schedule matches RSK's for the generated opcodes)
 * and reports both outcomes in one comparable shape.
 */
import { Common, Hardfork, Mainnet } from '@ethereumjs/common'
import { createEVM, type EVM } from '@ethereumjs/evm'
import { createAccount, createAddressFromString } from '@ethereumjs/util'
import type { Address } from '../../util/hex.js'
import { bytesToHex } from '../../util/hex.js'
import { FrameStatus, type VmContext } from '../frame.js'
import { executeFrame } from '../interpreter.js'
import { JournaledState } from '../journal.js'
import { STANDARD_PRECOMPILES } from '../precompiles/index.js'
import type { BlockEnv } from '../types.js'
import { wordToBytes } from '../words.js'
import { type GenesisAccount, MemoryState } from './memoryState.js'

export interface WorldAccount extends GenesisAccount {
  address: Address
}

export interface Outcome {
  status: 'success' | 'revert' | 'error'
  gasUsed: bigint
  refund: bigint
  returnData: string
  logs: string[]
  /** `address:slot=value` for every inspected non-zero slot, plus balances and code hashes. */
  state: string[]
}

export interface OracleCase {
  world: WorldAccount[]
  caller: Address
  to: Address
  data: Uint8Array
  gas: bigint
  gasPrice: bigint
  block: BlockEnv
  /** Storage slots to compare on every account (and on created contracts found in storage). */
  slots: bigint[]
}

function formatLog(address: string, topics: Uint8Array[], data: Uint8Array): string {
  return `${address.toLowerCase()}|${topics.map(bytesToHex).join(',')}|${bytesToHex(data)}`
}

/** Addresses worth inspecting after the run: the world plus contracts whose address was stored. */
function addressesToInspect(c: OracleCase, readSlot: (a: Address, s: bigint) => bigint): Address[] {
  const addresses = new Set<Address>(c.world.map((a) => a.address))
  for (const account of c.world) {
    for (const slot of c.slots) {
      const value = readSlot(account.address, slot)
      if (value > 0xffffn && value < 1n << 160n)
        addresses.add(`0x${value.toString(16).padStart(40, '0')}` as Address)
    }
  }
  return [...addresses].sort()
}

export function runOurs(c: OracleCase): Outcome {
  const reader = new MemoryState(Object.fromEntries(c.world.map((a) => [a.address, a])))
  const state = new JournaledState(reader)
  const ctx: VmContext = {
    state,
    block: c.block,
    origin: c.caller,
    gasPrice: c.gasPrice,
    precompiles: STANDARD_PRECOMPILES,
    tracer: undefined,
    deletedAccounts: undefined,
  }
  const start = state.checkpoint()
  const code = reader.getCode(c.to)
  const gas = Number(c.gas)
  const out = executeFrame(ctx, {
    kind: 'CALL',
    caller: c.caller,
    address: c.to,
    codeAddress: c.to,
    value: 0n,
    data: c.data,
    code,
    gas,
    depth: 0,
    isStatic: false,
  })
  if (out.status !== FrameStatus.Success) state.revert(start)
  const inspected: string[] = []
  for (const address of addressesToInspect(c, (a, s) => state.getStorage(a, s))) {
    inspected.push(`${address}:balance=${state.getBalance(address)}`)
    inspected.push(
      `${address}:code=${state.exists(address) ? bytesToHex(state.getCodeHash(address)) : 'none'}`,
    )
    for (const slot of c.slots) {
      const value = state.getStorage(address, slot)
      if (value !== 0n) inspected.push(`${address}:${slot}=${value}`)
    }
  }
  const success = out.status === FrameStatus.Success
  return {
    status: success ? 'success' : out.status === FrameStatus.Revert ? 'revert' : 'error',
    gasUsed: BigInt(gas - out.gasLeft),
    refund: success ? BigInt(state.refund + 24000 * state.selfdestructed.size) : 0n,
    returnData: bytesToHex(out.output),
    logs: success ? state.logs.map((l) => formatLog(l.address, l.topics, l.data)) : [],
    state: inspected,
  }
}

let oracleCommon: Common | undefined

async function createOracle(c: OracleCase): Promise<EVM> {
  oracleCommon ??= new Common({ chain: Mainnet, hardfork: Hardfork.Petersburg, eips: [3855, 1153, 3860] })
  const evm = await createEVM({ common: oracleCommon })
  for (const account of c.world) {
    const address = createAddressFromString(account.address)
    await evm.stateManager.putAccount(
      address,
      createAccount({ nonce: account.nonce ?? 0n, balance: account.balance ?? 0n }),
    )
    if (account.code && account.code.length > 0) await evm.stateManager.putCode(address, account.code)
    const storage =
      account.storage instanceof Map ? [...account.storage] : Object.entries(account.storage ?? {})
    for (const [slot, value] of storage) {
      await evm.stateManager.putStorage(address, wordToBytes(BigInt(slot)), wordToBytes(value))
    }
  }
  return evm
}

export async function runOracle(c: OracleCase): Promise<Outcome> {
  const evm = await createOracle(c)
  const block = {
    header: {
      number: c.block.number,
      coinbase: createAddressFromString(c.block.coinbase),
      timestamp: c.block.timestamp,
      difficulty: c.block.difficulty,
      gasLimit: c.block.gasLimit,
      prevRandao: new Uint8Array(32),
      baseFeePerGas: undefined,
      getBlobGasPrice: () => undefined,
    },
  }
  const result = await evm.runCall({
    caller: createAddressFromString(c.caller),
    origin: createAddressFromString(c.caller),
    to: createAddressFromString(c.to),
    data: c.data,
    value: 0n,
    gasLimit: c.gas,
    gasPrice: c.gasPrice,
    block: block as unknown as NonNullable<Parameters<EVM['runCall']>[0]['block']>,
  })
  const exec = result.execResult
  const error = exec.exceptionError?.error
  const readSlot = async (address: Address, slot: bigint): Promise<bigint> => {
    const raw = await evm.stateManager.getStorage(createAddressFromString(address), wordToBytes(slot))
    return raw.length === 0 ? 0n : BigInt(bytesToHex(raw))
  }
  const slotValues = new Map<string, bigint>()
  for (const account of c.world) {
    for (const slot of c.slots)
      slotValues.set(`${account.address}:${slot}`, await readSlot(account.address, slot))
  }
  const inspected: string[] = []
  for (const address of addressesToInspect(c, (a, s) => slotValues.get(`${a}:${s}`) ?? 0n)) {
    const account = await evm.stateManager.getAccount(createAddressFromString(address))
    inspected.push(`${address}:balance=${account?.balance ?? 0n}`)
    inspected.push(`${address}:code=${account ? bytesToHex(account.codeHash) : 'none'}`)
    for (const slot of c.slots) {
      const value = await readSlot(address, slot)
      if (value !== 0n) inspected.push(`${address}:${slot}=${value}`)
    }
  }
  const success = error === undefined
  return {
    status: success ? 'success' : error === 'revert' ? 'revert' : 'error',
    gasUsed: exec.executionGasUsed,
    refund: success ? (exec.gasRefund ?? 0n) : 0n,
    returnData: error === undefined || error === 'revert' ? bytesToHex(exec.returnValue) : '0x',
    logs: success ? (exec.logs ?? []).map(([a, topics, data]) => formatLog(bytesToHex(a), topics, data)) : [],
    state: inspected,
  }
}
