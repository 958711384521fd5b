/**
 * Handler for `btc_pegIn`: the common peg-in in one call. Sends `value` satoshis from the dev
 * account's Bitcoin key (P2PKH) to the federation — with an RSKIP170 OP_RETURN when `to` (another
 * RSK recipient) or `refundAddress` is given — mines the Bitcoin blocks the Bridge requires (3 on regtest, 10 on testnet and mainnet),
 * then RSK blocks until the federation has fed the light client and registered it (or, with
 * auto-registration off, registers it from the dev account itself). Answers the Bitcoin txid, the
 * registering RSK transaction, the recipient, the wei credited and the Bridge's verdict.
 */

import { federationOf } from '../../../bitcoin/chain/federation.js'
import { buildPayment } from '../../../bitcoin/chain/wallet.js'
import { decodeMerkleBlock } from '../../../bitcoin/partialMerkleTree.js'
import { BRIDGE_ADDRESS } from '../../../network/networks.js'
import { federationSettings } from '../../../node/bitcoin/bitcoinState.js'
import { editBitcoinChain } from '../../../node/bitcoin/chainEdits.js'
import { encodeOutputs, selectorOf } from '../../../node/precompiles/abi.js'
import { bridgeConstants } from '../../../node/precompiles/bridge/constants.js'
import { type Address, bytesToHex, concatBytes, hexToBytes, utf8ToBytes } from '../../../util/hex.js'
import { btcHex } from '../../btc/bitcoinOfNode.js'
import { btcAddressScript, devAccount, satoshis } from '../../btc/btcArguments.js'
import { eventTopic, findBridgeLog, mineUntil, sameBytes, sendFromDevAccount } from '../../btc/pegSteps.js'
import { defineMethod } from '../../defineMethod.js'
import { InvalidParamsError } from '../../errors/rpc.js'
import { object, parseAddress } from '../../params.js'

const PEGIN_BTC = eventTopic('pegin_btc(address,bytes32,int256,int256)')
const REJECTED_PEGIN = eventTopic('rejected_pegin(bytes32,int256)')
const UNREFUNDABLE_PEGIN = eventTopic('unrefundable_pegin(bytes32,int256)')

export const btc_pegIn = defineMethod({
  name: 'btc_pegIn',
  params: [object('pegIn')],
  handler: async (context, [request]) => {
    const { engine, network } = context
    const from = addressField(request.from, 'from')
    const account = devAccount(from, 'pegIn.from')
    const value = satoshis(request.value, 'pegIn.value')
    const to = request.to === undefined ? undefined : addressField(request.to, 'to')
    const refund =
      request.refundAddress === undefined
        ? undefined
        : btcAddressScript(network, String(request.refundAddress), 'pegIn.refundAddress')
    const opReturn =
      to !== undefined || refund !== undefined ? peginInstructions(to ?? from, refund) : undefined
    const federation = federationOf(network.name)
    const { txid, raw, height, pmt } = await editBitcoinChain(engine, (chain) => {
      const tx = buildPayment(chain, {
        privateKey: hexToBytes(account.privateKey),
        outputs: [{ value, scriptPubKey: federation.scriptPubKey }],
        opReturn,
      })
      const id = chain.submit(tx)
      const [block] = chain.mine(bridgeConstants(network.name).btc2RskMinimumConfirmations)
      const info = chain.transaction(id)
      return {
        txid: id,
        raw: info?.raw ?? tx,
        height: block!.height,
        pmt: decodeMerkleBlock(chain.proof([id])).pmt,
      }
    })
    const topicOf = (topics: Uint8Array[]) =>
      topics.find((t) => sameBytes(t, txid) || sameBytes(t, reversed(txid)))
    const verdict = (blocks: Parameters<typeof findBridgeLog>[0]) =>
      findBridgeLog(blocks, PEGIN_BTC(), (log) => topicOf(log.topics) !== undefined) ??
      findBridgeLog(blocks, REJECTED_PEGIN(), (log) => topicOf(log.topics) !== undefined) ??
      findBridgeLog(blocks, UNREFUNDABLE_PEGIN(), (log) => topicOf(log.topics) !== undefined)
    // The first block feeds the light client; the federation registers in the next one.
    let { result, blocks } = await mineUntil(engine, 1, verdict, context.yieldToHost)
    if (!result && !federationSettings(engine.state).autoRegisterPegins) {
      const data = concatBytes(
        selectorOf('registerBtcTransaction(bytes,int256,bytes)'),
        encodeOutputs([
          { type: 'bytes', value: raw },
          { type: 'int', value: BigInt(height) },
          { type: 'bytes', value: pmt },
        ]),
      )
      await sendFromDevAccount(engine, account, { to: BRIDGE_ADDRESS, value: 0n, data, gasLimit: 500_000n })
    }
    if (!result) ({ result, blocks } = await mineUntil(engine, 3, verdict, context.yieldToHost))
    if (!result)
      throw new InvalidParamsError(`the Bridge did not register Bitcoin transaction ${btcHex(txid)}`)
    const accepted = sameBytes(result.log.topics[0], PEGIN_BTC())
    return {
      btcTxid: btcHex(txid),
      rskTxHash: bytesToHex(result.txHash),
      rskBlockNumber: `0x${result.block.header.number.toString(16)}`,
      recipient: accepted ? bytesToHex(result.log.topics[1]!.subarray(12)) : null,
      // A registered peg-in credits exactly its value to the federation: 1 satoshi = 10^10 wei.
      credited: accepted ? (value * 10n ** 10n).toString() : '0',
      status: accepted ? 'registered' : 'rejected',
      blocks: blocks.length,
    }
  },
})

function addressField(value: unknown, name: string): Address {
  try {
    return parseAddress(value)
  } catch {
    throw new InvalidParamsError(`invalid pegIn.${name}: expected an RSK address`)
  }
}

/** RSKIP170 version 1: "RSKT", 0x01, the RSK destination, and optionally a refund address. */
function peginInstructions(destination: Address, refundScript: Uint8Array | undefined): Uint8Array {
  const base = concatBytes(utf8ToBytes('RSKT'), Uint8Array.of(1), hexToBytes(destination))
  if (!refundScript) return base
  // P2PKH: OP_DUP OP_HASH160 <20> … ; P2SH: OP_HASH160 <20> … OP_EQUAL.
  if (refundScript.length === 25 && refundScript[0] === 0x76)
    return concatBytes(base, Uint8Array.of(1), refundScript.subarray(3, 23))
  if (refundScript.length === 23 && refundScript[0] === 0xa9)
    return concatBytes(base, Uint8Array.of(2), refundScript.subarray(2, 22))
  throw new InvalidParamsError('invalid pegIn.refundAddress: RSKIP170 refunds go to a P2PKH or P2SH address')
}

function reversed(bytes: Uint8Array): Uint8Array {
  return bytes.slice().reverse()
}
