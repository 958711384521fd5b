/** What the EVM sees of a block and of a transaction in it, built the same way everywhere. */
import type { SignedTransaction } from '../../chain/transaction.js'
import type { BlockEnv, Message } from '../../evm/types.js'
import type { NetworkConfig } from '../../network/networks.js'
import type { Address } from '../../util/hex.js'
import type { StoredBlock } from './blockRecord.js'

/** What a block environment reads of the chain: its id and the hashes of recent blocks. */
export interface BlockEnvSource {
  network: Pick<NetworkConfig, 'chainId'>
  reader: { cachedHash(n: bigint): Uint8Array | undefined }
}

/** The block environment of a stored block (for calls, traces and replays on top of it). */
export function blockEnvOf(engine: BlockEnvSource, block: StoredBlock): BlockEnv {
  const h = block.header
  return {
    number: h.number,
    timestamp: h.timestamp,
    coinbase: h.coinbase,
    difficulty: h.difficulty,
    gasLimit: h.gasLimit,
    minimumGasPrice: h.minimumGasPrice ?? 0n,
    chainId: BigInt(engine.network.chainId),
    getBlockHash: (n: bigint) => (n < h.number ? engine.reader.cachedHash(n) : undefined),
  }
}

/** The EVM message of a transaction whose sender is known. */
export function messageOf(tx: SignedTransaction, sender: Address): Message {
  return {
    from: sender,
    to: tx.to,
    value: tx.value,
    data: tx.data,
    gasLimit: tx.gasLimit,
    gasPrice: tx.gasPrice,
    nonce: tx.nonce,
  }
}
