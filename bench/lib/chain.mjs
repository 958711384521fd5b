// What the workloads need to build transactions: the dev key every target funds, the contracts,
// ABI encoding and legacy EIP-155 signing (viem, the project's dev dependency).
import { readFileSync } from 'node:fs'
import { join } from 'node:path'
import { encodeDeployData, encodeFunctionData, keccak256, toHex } from 'viem'
import { privateKeyToAccount } from 'viem/accounts'
import { ROOT } from './peers.mjs'

/** Account #0 of the dev mnemonic (test test … junk): funded by Hardhat, Anvil, Tevm and ours. */
export const SENDER_KEY = '0xac0974bec39a17e36ba4a6b4d238ff944bacb478cbed5efcae784d7bf4f2ff80'
export const sender = privateKeyToAccount(SENDER_KEY)
export const RECIPIENT = '0x70997970c51812dc3a010c7d01b50e0d17dc79c8'

const artifacts = JSON.parse(readFileSync(join(ROOT, 'test/fixtures/contracts/artifacts.json'), 'utf8'))
// Paris builds (no PUSH0) so that every target, Ganache 7 included, runs the same bytecode.
export const TOKEN = artifacts.contracts.TestTokenParis
export const EMITTER = artifacts.contracts.EventEmitterParis

export const COUNTED_TOPIC = keccak256(toHex('Counted(uint256)'))
export const NOTHING_TOPIC = keccak256(toHex('NeverEmitted(uint256)'))

export function tokenDeployData() {
  return encodeDeployData({
    abi: TOKEN.abi,
    bytecode: TOKEN.bytecode,
    args: ['Bench Token', 'BT', 10n ** 27n],
  })
}

export function emitterDeployData() {
  return encodeDeployData({ abi: EMITTER.abi, bytecode: EMITTER.bytecode })
}

export function balanceOfData(owner) {
  return encodeFunctionData({ abi: TOKEN.abi, functionName: 'balanceOf', args: [owner] })
}

export function tokenTransferData(to, amount) {
  return encodeFunctionData({ abi: TOKEN.abi, functionName: 'transfer', args: [to, amount] })
}

export function emitCountedData(id) {
  return encodeFunctionData({ abi: EMITTER.abi, functionName: 'emitCounted', args: [BigInt(id)] })
}

/** A signed legacy (type 0) transaction with EIP-155 replay protection for `chainId`. */
export function signLegacy({ chainId, nonce, gasPrice, gas, to, value = 0n, data }) {
  return sender.signTransaction({ type: 'legacy', chainId, nonce, gasPrice, gas, to, value, data })
}
