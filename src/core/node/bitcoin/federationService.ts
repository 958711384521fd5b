/**
 * The simulated federation: before each block, the transactions RSKj's federator nodes would send
 * — feed the Bridge's light client with the Bitcoin chain's new headers, `updateCollections` when
 * a peg-out batch is due or confirmed, `addSignature` for peg-outs waiting for signatures, and
 * `registerBtcTransaction` for confirmed peg-outs (the change returns to the federation) and, unless
 * switched off, for peg-ins. Signed with the federators' keys (the regtest federation's are known),
 * gas price 0, first in the block. Nothing is sent while the Bridge has no work, so a chain that
 * never touches Bitcoin has no federator transactions.
 */
import { federationOf } from '../../bitcoin/chain/federation.js'
import { type SignedTransaction, signTransaction } from '../../chain/transaction.js'
import { intrinsicGas } from '../../evm/gas.js'
import type { StateReader } from '../../evm/types.js'
import { BITCOIN_CHAIN_ADDRESS, BRIDGE_ADDRESS, type NetworkConfig } from '../../network/networks.js'
import type { Address } from '../../util/hex.js'
import {
  encodeReceiveHeadersCall,
  type FederatorCall,
  headersToSendFromStorage,
  needsUpdateCollections,
  pegoutsToRegister,
  signaturesToAdd,
  updateCollectionsCall,
} from '../precompiles/bridge/federatorActions.js'
import { bridgeStorageIn } from '../precompiles/bridge/genesis.js'
import { federatorAddress } from '../precompiles/bridge/pegout.js'
import {
  readReleaseRequests,
  readWaitingForConfirmations,
  readWaitingForSignatures,
} from '../precompiles/bridge/pegoutStorage.js'
import { federationSettings, readBitcoinChain } from './bitcoinState.js'
import { peginsToRegister } from './peginWatcher.js'

/**
 * Whether peg-outs are in flight (queued, waiting for confirmations or signatures): blocks are then
 * mined one at a time, so a run of blocks reaches each federation step at its block.
 */
export function pegoutsInFlight(network: NetworkConfig, state: StateReader): boolean {
  const storage = bridgeStorageIn(state, network.name)
  return (
    readReleaseRequests(storage).length > 0 ||
    readWaitingForConfirmations(storage).length > 0 ||
    readWaitingForSignatures(storage).length > 0
  )
}

/** Headers per `receiveHeaders` call: keeps each transaction well inside a block's gas. */
const HEADERS_PER_CALL = 100n
/** Gas beyond the intrinsic cost: the Bridge's own costs are far below it. */
const EXECUTION_GAS = 3_000_000n

export interface FederationCandidate {
  tx: SignedTransaction
  sender: Address
}

/** The federation's transactions for block `blockNumber` built on `state` (empty when idle). */
export function federationTransactions(
  network: NetworkConfig,
  state: StateReader,
  blockNumber: bigint,
): FederationCandidate[] {
  const storage = bridgeStorageIn(state, network.name)
  // A Bitcoin chain nobody touched has no account yet: no headers, peg-ins or peg-outs to follow.
  const chainUsed = state.getAccount(BITCOIN_CHAIN_ADDRESS) !== undefined
  // Without it, only peg-outs give the federation work: none in flight, nothing to send.
  if (!chainUsed && !pegoutsInFlight(network, state)) return []
  const federation = federationOf(network.name)
  const first = federatorAddress(federation.publicKeys[0] as Uint8Array)
  const calls: FederatorCall[] = []
  const chain = chainUsed ? readBitcoinChain(network.name, state) : undefined
  if (chain) {
    const headers = headersToSendFromStorage(chain, storage)
    for (let i = 0; i < headers.length; i += Number(HEADERS_PER_CALL))
      calls.push({
        from: first,
        data: encodeReceiveHeadersCall(headers.slice(i, i + Number(HEADERS_PER_CALL))),
      })
  }
  if (needsUpdateCollections(storage, network.name, blockNumber))
    calls.push({ from: first, data: updateCollectionsCall() })
  calls.push(...signaturesToAdd(storage, network.name))
  if (chain) {
    calls.push(...pegoutsToRegister(storage, network.name, chain))
    if (federationSettings(state).autoRegisterPegins)
      calls.push(...peginsToRegister(storage, network.name, chain))
  }
  if (calls.length === 0) return []
  const keyOf = new Map(
    federation.publicKeys.map((key, i) => [federatorAddress(key), federation.privateKeys[i] as Uint8Array]),
  )
  const nonces = new Map<Address, bigint>()
  return calls.map(({ from, data }) => {
    const nonce = nonces.get(from) ?? state.getAccount(from)?.nonce ?? 0n
    nonces.set(from, nonce + 1n)
    const privateKey = keyOf.get(from)
    if (!privateKey) throw new Error(`${from} is not a federator`)
    const gasLimit = intrinsicGas({ data, isCreate: false }) + EXECUTION_GAS
    const tx = signTransaction(
      { nonce, gasPrice: 0n, gasLimit, to: BRIDGE_ADDRESS, value: 0n, data },
      privateKey,
      network.chainId,
    )
    return { tx, sender: from }
  })
}
