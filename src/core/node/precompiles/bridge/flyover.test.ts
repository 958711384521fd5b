import * as bitcoin from 'bitcoinjs-lib'
import { beforeAll, describe, expect, it } from 'vitest'
import { loadCurves } from '../../../crypto/curves.js'
import { loadFastSha256 } from '../../../crypto/fastSha256.js'
import { keccak256 } from '../../../crypto/hash.js'
import type { Address } from '../../../util/hex.js'
import { bytesToBigint, concatBytes, hexToBytes } from '../../../util/hex.js'
import { bridgeFederation } from './federation.js'
import { bridgeStorageIn } from './genesis.js'
import { readWaitingForConfirmations } from './pegoutStorage.js'
import { hashOfRawTransaction } from './registration.js'
import {
  block,
  bridgeOnMemoryState,
  callData,
  forwarderCode,
  headersData,
  mineBlocks,
  proofOfSecond,
  type TestBlock,
  USER,
} from './testing/harness.js'

beforeAll(() => Promise.all([loadCurves(), loadFastSha256()]))

const LBC = `0x${'1b'.repeat(20)}` as Address
const BTC = 100_000_000n
const userRefund = concatBytes(Uint8Array.of(0x6f), new Uint8Array(20).fill(0x11))
const lpAddress = concatBytes(Uint8Array.of(0x6f), new Uint8Array(20).fill(0x22))
const derivationArgumentsHash = new Uint8Array(32).fill(0x33)

/**
 * The Flyover P2SH output script, built with bitcoinjs-lib from RSKIP176's definition; the
 * derivation hash as the liquidity bridge contract packs it: quote hash, user refund address, the
 * contract's own address, then the liquidity provider's BTC address.
 */
function flyoverScript(lbc: Address): Uint8Array {
  const derivationHash = keccak256(
    concatBytes(derivationArgumentsHash, userRefund, hexToBytes(lbc), lpAddress),
  )
  const federationRedeem = bitcoin.script.decompile(bridgeFederation('regtest').redeemScript) ?? []
  const redeem = bitcoin.script.compile([
    derivationHash,
    bitcoin.opcodes.OP_DROP as number,
    ...federationRedeem,
  ])
  return bitcoin.payments.p2sh({ redeem: { output: redeem }, network: bitcoin.networks.regtest })
    .output as Uint8Array
}

function payment(outputs: { script: Uint8Array; value: bigint }[]): Uint8Array {
  const tx = new bitcoin.Transaction()
  tx.addInput(new Uint8Array(32).fill(5), 0)
  tx.setInputScript(0, bitcoin.script.compile([new Uint8Array(71).fill(0x30), new Uint8Array(33).fill(2)]))
  for (const o of outputs) tx.addOutput(o.script, o.value)
  return tx.toBuffer()
}

function setup() {
  const federator = bridgeFederation('regtest').rskAddresses[0] as Address
  const bridge = bridgeOnMemoryState([USER, federator])
  bridge.state.put(LBC, { code: forwarderCode() })
  let tip: TestBlock | undefined
  /** Mines the transaction on the light client's tip, under two more blocks. */
  const prove = (raw: Uint8Array) => {
    const blocks = mineBlocks(3, tip, [[hashOfRawTransaction(raw)]])
    bridge.send(federator, headersData(blocks))
    tip = blocks[2]
    return blocks[0] as TestBlock
  }
  const register = (
    raw: Uint8Array,
    mined: TestBlock,
    options: { direct?: boolean; lbc?: Address; refund?: Uint8Array; pmt?: Uint8Array } = {},
  ) => {
    const data = callData(
      'registerFastBridgeBtcTransaction(bytes,uint256,bytes,bytes32,bytes,address,bytes,bool)',
      { type: 'bytes', value: raw },
      { type: 'uint', value: BigInt(mined.height) },
      { type: 'bytes', value: options.pmt ?? proofOfSecond(mined) },
      { type: 'uint', value: bytesToBigint(derivationArgumentsHash) },
      { type: 'bytes', value: options.refund ?? userRefund },
      { type: 'address', value: hexToBytes(options.lbc ?? LBC) },
      { type: 'bytes', value: lpAddress },
      { type: 'bool', value: true },
    )
    const result = bridge.send(USER, data, { to: options.direct ? undefined : LBC, block: block(5n) })
    return BigInt.asIntN(256, bytesToBigint(result.returnData))
  }
  const balance = (address: Address) => bridge.state.getAccount(address)?.balance ?? 0n
  return { bridge, prove, register, balance }
}

describe('registerFastBridgeBtcTransaction', () => {
  it('credits the liquidity bridge contract with a peg-in to its Flyover address, once', () => {
    const { prove, register, balance } = setup()
    const raw = payment([{ script: flyoverScript(LBC), value: BTC }])
    const mined = prove(raw)
    expect(register(raw, mined)).toBe(BTC * 10n ** 10n)
    expect(balance(LBC)).toBe(BTC * 10n ** 10n)
    expect(register(raw, mined)).toBe(-302n)
  })

  it("answers RSKj's codes for bad callers, proofs and values", () => {
    const { prove, register } = setup()
    const raw = payment([{ script: flyoverScript(LBC), value: BTC }])
    const mined = prove(raw)
    expect(register(raw, mined, { direct: true })).toBe(-300n)
    expect(register(raw, mined, { lbc: `0x${'2c'.repeat(20)}` })).toBe(-301n)
    expect(
      register(raw, mined, {
        pmt: proofOfSecond({ ...mined, txids: [mined.txids[0] as Uint8Array, new Uint8Array(32)] }),
      }),
    ).toBe(-303n)
    expect(register(raw, mined, { refund: new Uint8Array(20) })).toBe(-900n)
    const toFederation = payment([{ script: bridgeFederation('regtest').scriptPubKey, value: BTC }])
    expect(register(toFederation, prove(toFederation))).toBe(-304n)
    const small = payment([{ script: flyoverScript(LBC), value: 100_000n }])
    expect(register(small, prove(small))).toBe(-305n)
  })

  it('refunds a peg-in over the locking cap to the liquidity provider through the peg-out path', () => {
    const { bridge, prove, register, balance } = setup()
    const raw = payment([{ script: flyoverScript(LBC), value: 1_001n * BTC }])
    expect(register(raw, prove(raw))).toBe(-200n)
    expect(balance(LBC)).toBe(0n)
    const [refund] = readWaitingForConfirmations(bridgeStorageIn(bridge.state, 'regtest'))
    const tx = bitcoin.Transaction.fromBuffer(refund?.btcTx as Uint8Array)
    const lp = bitcoin.payments.p2pkh({ hash: lpAddress.subarray(1), network: bitcoin.networks.regtest })
    expect(tx.outs.map((o) => o.script)).toEqual([lp.output])
    expect(tx.outs[0]?.value).toBeLessThan(1_001n * BTC)
    const redeem = bitcoin.script.decompile(tx.ins[0]?.script as Uint8Array)?.at(-1) as Uint8Array
    expect(bitcoin.payments.p2sh({ redeem: { output: redeem } }).output).toEqual(flyoverScript(LBC))
    expect(register(raw, prove(raw))).toBe(-302n)
  })
})
