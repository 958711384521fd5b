/**
 * `eth_sendTransaction` and `eth_signTransaction`: fill what the dApp left out the way MetaMask
 * does (nonce from the pending state, gas from eth_estimateGas, a gas price no lower than the
 * latest block's minimum), sign a legacy EIP-155 transaction with the chain's id, send it raw.
 */
import { rememberSignedSender } from '../core/chain/signedSenders.js'
import type { Address, Hex } from '../core/util/hex.js'
import { hexToBytes } from '../core/util/hex.js'
import {
  GasEstimateFailedError,
  InvalidParamsError,
  shownValue,
  UnknownTransactionTypeError,
} from './errors.js'
import { type LegacyTransaction, signLegacyTransaction } from './signer.js'

export type CallNode = (method: string, params: unknown[]) => Promise<unknown>

export interface TransactionRequest {
  from: Address
  to?: Address
  value: bigint
  data: Uint8Array
  gas?: bigint
  gasPrice?: bigint
  nonce?: bigint
  chainId?: number
}

function quantity(value: unknown, name: string): bigint | undefined {
  if (value === undefined || value === null) return undefined
  if (typeof value === 'string' && /^0x[0-9a-fA-F]+$/.test(value)) return BigInt(value)
  if (typeof value === 'number' && Number.isSafeInteger(value) && value >= 0) return BigInt(value)
  throw new InvalidParamsError(`invalid transaction: '${name}' must be a hex quantity`)
}

function address(value: unknown, name: string): Address | undefined {
  if (value === undefined || value === null || value === '') return undefined
  if (typeof value === 'string' && /^0x[0-9a-fA-F]{40}$/.test(value)) return value.toLowerCase() as Address
  throw new InvalidParamsError(`invalid transaction: '${name}' must be a 20-byte address`)
}

/**
 * Transaction types a dApp may name: legacy (0x0), and 0x1 / 0x2, which libraries pick on their
 * own and which are sent as legacy transactions (an EIP-1559 fee cap becomes the gas price).
 * Anything else (0x3 blobs, 0x4 set-code, 0x5, 0x76…) the chain does not know: refused, as
 * MetaMask refuses an envelope type it does not know, instead of signing something else.
 */
const ACCEPTED_TYPES = new Set([0, 1, 2])

function checkType(value: unknown): void {
  if (value === undefined || value === null) return
  let type: number | undefined
  if (typeof value === 'string' && /^0x[0-9a-fA-F]{1,64}$/.test(value)) type = Number.parseInt(value, 16)
  else if (typeof value === 'number' && Number.isSafeInteger(value)) type = value
  if (type !== undefined && ACCEPTED_TYPES.has(type)) return
  throw new UnknownTransactionTypeError(shownValue(value, 66))
}

/** Reads the call object of eth_sendTransaction; `input` is accepted for `data`, `gasLimit` for `gas`. */
export function parseTransactionRequest(raw: unknown): TransactionRequest {
  if (!raw || typeof raw !== 'object' || Array.isArray(raw))
    throw new InvalidParamsError('invalid transaction: expected an object')
  const t = raw as Record<string, unknown>
  checkType(t.type)
  const from = address(t.from, 'from')
  if (!from) throw new InvalidParamsError("invalid transaction: 'from' is required")
  const dataField = t.data ?? t.input
  if (
    dataField !== undefined &&
    (typeof dataField !== 'string' || !/^0x([0-9a-fA-F]{2})*$/.test(dataField))
  ) {
    throw new InvalidParamsError("invalid transaction: 'data' must be hex bytes")
  }
  const chainId = quantity(t.chainId, 'chainId')
  return {
    from,
    to: address(t.to, 'to'),
    value: quantity(t.value, 'value') ?? 0n,
    data: dataField ? hexToBytes(dataField as string) : new Uint8Array(0),
    gas: quantity(t.gas ?? t.gasLimit, 'gas'),
    // RSK has no EIP-1559: a fee cap is the most the sender agreed to pay per gas.
    gasPrice: quantity(t.gasPrice ?? t.maxFeePerGas, 'gasPrice'),
    nonce: quantity(t.nonce, 'nonce'),
    chainId: chainId === undefined ? undefined : Number(chainId),
  }
}

const hex = (n: bigint) => `0x${n.toString(16)}`

/** The fields of the latest block that filling reads. */
interface LatestBlock {
  gasLimit?: string
  minimumGasPrice?: string
}

/** Fills nonce, gas and gas price from the node. */
export async function fillTransaction(
  request: TransactionRequest,
  chainId: number,
  callNode: CallNode,
): Promise<LegacyTransaction> {
  if (request.chainId !== undefined && request.chainId !== chainId) {
    throw new InvalidParamsError(
      `invalid transaction: chainId ${request.chainId} does not match the active chain ${chainId}`,
    )
  }
  const call: Record<string, string> = {
    from: request.from,
    value: hex(request.value),
    data: `0x${toHex(request.data)}`,
  }
  if (request.to) call.to = request.to
  // The gas cap and the minimum gas price both come from the latest block: it is read once.
  let latest: Promise<LatestBlock | null> | undefined
  const latestBlock = () => {
    latest ??= callNode('eth_getBlockByNumber', ['latest', false]) as Promise<LatestBlock | null>
    return latest
  }
  const [nonce, gas, gasPrice] = await Promise.all([
    request.nonce ??
      callNode('eth_getTransactionCount', [request.from, 'pending']).then((n) => BigInt(n as string)),
    request.gas ?? estimateGas(call, callNode, latestBlock),
    request.gasPrice ?? suggestedGasPrice(callNode, latestBlock),
  ])
  return { nonce, gas, gasPrice, to: request.to, value: request.value, data: request.data, chainId }
}

/** RSKj's `rpc.gasEstimationCap`: the most gas eth_estimateGas answers. */
const GAS_ESTIMATION_CAP = 6_800_000n

/**
 * eth_estimateGas, refusing an estimate that is all the gas a call may use: RSKj answers the cap
 * (or the block's gas limit, when lower) for a call that halts with an exception (invalid init
 * code, an invalid opcode, out of gas), and a wallet that signs it burns the whole limit.
 */
async function estimateGas(
  call: Record<string, string>,
  callNode: CallNode,
  latestBlock: () => Promise<LatestBlock | null>,
): Promise<bigint> {
  const [estimate, block] = await Promise.all([
    callNode('eth_estimateGas', [call]).then((g) => BigInt(g as string)),
    latestBlock(),
  ])
  const blockLimit = block?.gasLimit ? BigInt(block.gasLimit) : GAS_ESTIMATION_CAP
  const cap = blockLimit < GAS_ESTIMATION_CAP ? blockLimit : GAS_ESTIMATION_CAP
  if (estimate >= cap) throw new GasEstimateFailedError(cap)
  return estimate
}

/** The node's eth_gasPrice, raised to the latest block's minimumGasPrice if that is higher. */
async function suggestedGasPrice(
  callNode: CallNode,
  latestBlock: () => Promise<LatestBlock | null>,
): Promise<bigint> {
  const [price, block] = await Promise.all([callNode('eth_gasPrice', []), latestBlock()])
  const suggested = BigInt(price as string)
  const minimum = block?.minimumGasPrice ? BigInt(block.minimumGasPrice) : 0n
  return suggested > minimum ? suggested : minimum
}

function toHex(bytes: Uint8Array): string {
  return Array.from(bytes, (b) => b.toString(16).padStart(2, '0')).join('')
}

/**
 * Signs with `account`'s key. The node is told who signed (signedSenders.ts), so that sending the
 * bytes does not recover the signer again.
 */
export function signFilled(
  tx: LegacyTransaction,
  account: { address: Address; privateKey: Hex },
): { raw: Hex; hash: Hex } {
  const signed = signLegacyTransaction(tx, account.privateKey)
  rememberSignedSender(hexToBytes(signed.hash), account.address)
  return signed
}
