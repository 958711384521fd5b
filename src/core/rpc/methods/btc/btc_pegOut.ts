/**
 * Handler for `btc_pegOut`: the common peg-out in one call. Sends `value` wei from a dev account to
 * the Bridge (RSKj's releaseBtc by plain transfer), then mines RSK blocks through the regtest
 * delays — the batch at the next peg-out height, its confirmations, the federators' signatures —
 * and one Bitcoin block holding the released transaction. Answers both transactions' hashes, or the
 * Bridge's rejection with its reason.
 */

import { parseTransaction, transactionId } from '../../../mining/bitcoin/transaction.js'
import { BRIDGE_ADDRESS } from '../../../network/networks.js'
import { editBitcoinChain } from '../../../node/bitcoin/chainEdits.js'
import { bytesToBigint, bytesToHex } from '../../../util/hex.js'
import { afterBitcoinBlocks } from '../../btc/afterBitcoinBlocks.js'
import { btcHex } from '../../btc/bitcoinOfNode.js'
import { devAccount } from '../../btc/btcArguments.js'
import {
  eventTopic,
  findBridgeLog,
  includes,
  mineUntil,
  sameBytes,
  sendFromDevAccount,
} from '../../btc/pegSteps.js'
import { defineMethod } from '../../defineMethod.js'
import { InvalidParamsError } from '../../errors/rpc.js'
import { object, parseAddress, parseQuantity } from '../../params.js'

const REJECTED = eventTopic('release_request_rejected(address,uint256,int256)')
const BATCH_CREATED = eventTopic('batch_pegout_created(bytes32,bytes)')
const RELEASE_BTC = eventTopic('release_btc(bytes32,bytes)')
/** Regtest: up to 50 blocks to the batch, 3 confirmations, a block of signatures, with room. */
const MAX_BLOCKS = 120

export const btc_pegOut = defineMethod({
  name: 'btc_pegOut',
  params: [object('pegOut')],
  handler: async (context, [request]) => {
    const { engine } = context
    let from: `0x${string}`
    let value: bigint
    try {
      from = parseAddress(request.from)
    } catch {
      throw new InvalidParamsError('invalid pegOut.from: expected an RSK dev account address')
    }
    try {
      value = parseQuantity(request.value)
    } catch {
      throw new InvalidParamsError('invalid pegOut.value: expected wei as a hex QUANTITY')
    }
    const account = devAccount(from, 'pegOut.from')
    const balance = engine.state.getAccount(from)?.balance ?? 0n
    if (value <= 0n || value > balance)
      throw new InvalidParamsError(
        `invalid pegOut.value: ${value} wei is not between 1 and the account's balance`,
      )
    const rskTxHash = await sendFromDevAccount(engine, account, {
      to: BRIDGE_ADDRESS,
      value,
      data: new Uint8Array(0),
      gasLimit: 100_000n,
    })
    const fromTopic = (topic: Uint8Array | undefined) =>
      topic !== undefined && bytesToHex(topic.subarray(12)) === from
    let batchTxHash: Uint8Array | undefined
    let rejectedReason: bigint | undefined
    const { result, blocks } = await mineUntil(
      engine,
      MAX_BLOCKS,
      (mined) => {
        const rejected = findBridgeLog(mined, REJECTED(), (log) => fromTopic(log.topics[1]))
        if (rejected && sameBytes(rejected.txHash, rskTxHash)) {
          rejectedReason = bytesToBigint(rejected.log.data.subarray(32, 64))
          return 'rejected' as const
        }
        batchTxHash ??= findBridgeLog(mined, BATCH_CREATED(), (log) => includes(log.data, rskTxHash))?.txHash
        if (!batchTxHash) return undefined
        const hash = batchTxHash
        return findBridgeLog(
          mined,
          RELEASE_BTC(),
          (log) => sameBytes(log.topics[1], hash) || sameBytes(log.topics[1], rskTxHash),
        )
      },
      context.yieldToHost,
    )
    if (result === 'rejected')
      return {
        rskTxHash: bytesToHex(rskTxHash),
        status: 'rejected',
        reason: Number(rejectedReason),
        blocks: blocks.length,
      }
    if (!result)
      return {
        rskTxHash: bytesToHex(rskTxHash),
        status: batchTxHash ? 'waiting-signatures' : 'queued',
        blocks: blocks.length,
      }
    // The released transaction's data is its raw bytes after an ABI offset and length.
    const length = Number(bytesToBigint(result.log.data.subarray(32, 64)))
    const raw = result.log.data.subarray(64, 64 + length)
    const btcTxid = transactionId(parseTransaction(raw))
    const [block] = await editBitcoinChain(engine, (chain) => chain.mine(1))
    await afterBitcoinBlocks(engine)
    return {
      rskTxHash: bytesToHex(rskTxHash),
      status: 'released',
      btcTxid: btcHex(btcTxid),
      btcBlockHash: block ? btcHex(block.hash) : null,
      releaseRskTxHash: bytesToHex(result.txHash),
      blocks: blocks.length,
    }
  },
})
