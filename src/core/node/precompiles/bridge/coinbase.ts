/**
 * RSKIP143 segwit peg-ins: a block's coinbase is registered with its witness merkle root
 * (`registerBtcCoinbaseTransaction`, checked against the coinbase's BIP141 witness commitment),
 * after which a peg-in proven by a partial merkle tree of wtxids validates against that root.
 */
import { PartialMerkleTreeError, parsePartialMerkleTree } from '../../../bitcoin/partialMerkleTree.js'
import { sha256d } from '../../../crypto/fastSha256.js'
import { decodeBitcoinHeader } from '../../../mining/bitcoin/header.js'
import { bytesToUnprefixedHex, concatBytes, equalBytes, hexToBytes } from '../../../util/hex.js'
import { encodeOutputs } from '../abi.js'
import { dataGas, NativeContractError, type NativeMethod } from '../nativeContract.js'
import type { BridgeEnv } from './env.js'
import { hashOfRawTransaction, isCoinbase, parseBtcTransaction } from './registration.js'
import { readStoredHeader, readWitnessRoot, writeWitnessRoot } from './storage.js'

const WITNESS_COMMITMENT_PREFIX = hexToBytes('0x6a24aa21a9ed')

export function coinbaseMethods(env: BridgeEnv): NativeMethod[] {
  return [
    {
      signature: 'registerBtcCoinbaseTransaction(bytes,bytes32,bytes,bytes32,bytes32)',
      gas: (input) => 10_000n + dataGas(input),
      run(args, ctx) {
        const raw = args.bytes(0)
        const blockHash = args.bytes32(1)
        const witnessRoot = args.bytes32(3)
        const reserved = args.bytes32(4)
        const storage = env.storage(ctx)
        let proof: ReturnType<typeof parsePartialMerkleTree>
        try {
          proof = parsePartialMerkleTree(args.bytes(2))
        } catch (error) {
          if (error instanceof PartialMerkleTreeError)
            throw new NativeContractError(`Partial merkle tree could not be parsed. ${error.message}`)
          throw error
        }
        // "Supplied btc tx is not in the supplied partial merkle tree": logged, nothing stored.
        if (!proof.matched.some((id) => equalBytes(id, hashOfRawTransaction(raw)))) return new Uint8Array(0)
        const block = readStoredHeader(storage, blockHash)
        if (!block)
          throw new NativeContractError(`Block ${bytesToUnprefixedHex(blockHash)} not yet registered`)
        if (!equalBytes(decodeBitcoinHeader(block.header).merkleRoot, proof.root)) return new Uint8Array(0)
        const tx = parseBtcTransaction(raw)
        if (!isCoinbase(tx)) throw new NativeContractError('the transaction is not a coinbase')
        const commitment = tx.outputs
          .map((o) => o.scriptPubKey)
          .filter((s) => s.length >= 38 && equalBytes(s.subarray(0, 6), WITNESS_COMMITMENT_PREFIX))
          .at(-1)
          ?.subarray(6, 38)
        const calculated = sha256d(concatBytes(witnessRoot.slice().reverse(), reserved))
        if (!commitment || !equalBytes(commitment, calculated))
          throw new NativeContractError('Witness commitment does not match')
        writeWitnessRoot(storage, blockHash, witnessRoot)
        return new Uint8Array(0)
      },
    },
    {
      signature: 'hasBtcBlockCoinbaseTransactionInformation(bytes32)',
      gas: (input) => 5_000n + dataGas(input),
      run: (args, ctx) =>
        encodeOutputs([
          { type: 'bool', value: readWitnessRoot(env.storage(ctx), args.bytes32(0)) !== undefined },
        ]),
    },
  ]
}
