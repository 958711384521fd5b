/**
 * The upstream's answers as domain values: the inverse of the node's own wire encoding, decoded
 * once here so nothing else in the node sees the upstream's JSON. Every state read names the fork
 * block: the upstream never receives anything else (and never a transaction).
 */
import { type Address, bytesToHex, hexToBytes } from '../util/hex.js'
import type { UpstreamClient } from './upstreamClient.js'

export interface RemoteAccount {
  balance: bigint
  nonce: bigint
  code: Uint8Array
}

/** The fields of an upstream block header a fork continues from. */
export interface RemoteBlockHeader {
  number: bigint
  hash: Uint8Array
  parentHash: Uint8Array
  timestamp: bigint
  difficulty: bigint
  totalDifficulty: bigint
  gasLimit: bigint
  minimumGasPrice: bigint
}

function quantity(value: unknown, what: string): bigint {
  if (typeof value !== 'string' || !/^0x[0-9a-fA-F]+$/.test(value))
    throw new Error(`the upstream's ${what} is not a hex quantity: ${JSON.stringify(value)}`)
  return BigInt(value)
}

function data(value: unknown, what: string): Uint8Array {
  if (typeof value !== 'string' || !/^0x([0-9a-fA-F]{2})*$/.test(value))
    throw new Error(`the upstream's ${what} is not hex data: ${JSON.stringify(value)}`)
  return hexToBytes(value)
}

const blockTag = (block: bigint) => `0x${block.toString(16)}`

export class UpstreamReads {
  constructor(readonly client: UpstreamClient) {}

  async chainId(): Promise<bigint> {
    return quantity(await this.client.call('eth_chainId', []), 'chain id')
  }

  async blockNumber(): Promise<bigint> {
    return quantity(await this.client.call('eth_blockNumber', []), 'block number')
  }

  /** Balance, nonce and code at `block`: three reads sent in one batch. */
  async account(address: Address, block: bigint): Promise<RemoteAccount> {
    const tag = blockTag(block)
    const [balance, nonce, code] = await Promise.all([
      this.client.call('eth_getBalance', [address, tag]),
      this.client.call('eth_getTransactionCount', [address, tag]),
      this.client.call('eth_getCode', [address, tag]),
    ])
    return {
      balance: quantity(balance, `balance of ${address}`),
      nonce: quantity(nonce, `nonce of ${address}`),
      code: data(code, `code of ${address}`),
    }
  }

  async storage(address: Address, slot: bigint, block: bigint): Promise<bigint> {
    const slotHex = bytesToHex(hexToBytes(`0x${slot.toString(16).padStart(64, '0')}`))
    const value = await this.client.call('eth_getStorageAt', [address, slotHex, blockTag(block)])
    const bytes = data(value, `slot ${slotHex} of ${address}`)
    let result = 0n
    for (const byte of bytes) result = (result << 8n) | BigInt(byte)
    return result
  }

  /**
   * Block `number` with its transactions (the raw answer, kept as the fork's history) and the
   * header fields a fork continues from; undefined when the upstream has no such block.
   */
  async block(
    number: bigint,
  ): Promise<{ header: RemoteBlockHeader; raw: Record<string, unknown> } | undefined> {
    const block = (await this.client.call('eth_getBlockByNumber', [blockTag(number), true])) as Record<
      string,
      unknown
    > | null
    if (!block) return undefined
    return { header: headerOf(block), raw: block }
  }
}

/** The header fields of an upstream block's JSON a fork continues from. */
export function headerOf(block: Record<string, unknown>): RemoteBlockHeader {
  const difficulty = quantity(block.difficulty, 'block difficulty')
  return {
    number: quantity(block.number, 'block number'),
    hash: data(block.hash, 'block hash'),
    parentHash: data(block.parentHash, 'parent hash'),
    timestamp: quantity(block.timestamp, 'block timestamp'),
    difficulty,
    totalDifficulty:
      block.totalDifficulty === undefined ? difficulty : quantity(block.totalDifficulty, 'total difficulty'),
    gasLimit: quantity(block.gasLimit, 'gas limit'),
    minimumGasPrice:
      block.minimumGasPrice === undefined || block.minimumGasPrice === null
        ? 0n
        : quantity(block.minimumGasPrice, 'minimum gas price'),
  }
}
