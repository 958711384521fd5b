/**
 * Raw transactions through the bitcoind RPC as peg-in tooling builds them: createrawtransaction
 * with an OP_RETURN `data` output (RSKIP170), fundrawtransaction, signrawtransactionwithwallet,
 * sendrawtransaction; and signrawtransactionwithkey with a key the wallet does not hold. Each
 * signed transaction is also read back with bitcoinjs-lib.
 */
import * as bitcoin from 'bitcoinjs-lib'
import { ECPairFactory } from 'ecpair'
import * as ecc from 'tiny-secp256k1'
import { describe, expect, test } from 'vitest'
import { federationOf } from '../../src/core/bitcoin/chain/federation.js'
import { createBitcoindNode } from './bitcoindNode.js'

const ECPair = ECPairFactory(ecc)
const regtest = bitcoin.networks.regtest
// RSKIP170 peg-in data: "52534b54" ("RSKT"), version 1, an RSK address.
const PEGIN_DATA = `52534b5401${'ab'.repeat(20)}`

describe('bitcoind raw transactions', () => {
  test('create with an OP_RETURN, fund, sign with the wallet, send, mine', async () => {
    const { call, internalErrors } = await createBitcoindNode()
    const federation = federationOf('regtest').address
    const created = await call<string>(
      'createrawtransaction',
      [],
      [{ [federation]: 1 }, { data: PEGIN_DATA }],
    )
    const decoded = await call<{
      vin: unknown[]
      vout: Array<{ value: number; scriptPubKey: { type: string; asm: string } }>
    }>('decoderawtransaction', created)
    expect(decoded.vin).toEqual([])
    expect(decoded.vout[1]?.scriptPubKey).toMatchObject({ type: 'nulldata', asm: `OP_RETURN ${PEGIN_DATA}` })

    const funded = await call<{ hex: string; fee: number; changepos: number }>('fundrawtransaction', created)
    expect(funded.fee).toBeGreaterThan(0)
    expect(funded.changepos).toBe(2)
    const unsigned = await call<{ complete: boolean; errors: Array<{ error: string }> }>(
      'signrawtransactionwithkey',
      funded.hex,
      [ECPair.makeRandom({ network: regtest }).toWIF()],
    )
    expect(unsigned.complete).toBe(false)
    expect(unsigned.errors[0]?.error).toMatch(/missing key/)

    const signed = await call<{ hex: string; complete: boolean }>('signrawtransactionwithwallet', funded.hex)
    expect(signed.complete).toBe(true)
    const reference = bitcoin.Transaction.fromHex(signed.hex)
    expect(reference.outs[1]?.script).toEqual(
      bitcoin.script.compile([bitcoin.opcodes.OP_RETURN!, Buffer.from(PEGIN_DATA, 'hex')]),
    )
    const txid = await call<string>('sendrawtransaction', signed.hex)
    expect(txid).toBe(reference.getId())
    const [block] = await call<string[]>('generatetoaddress', 1, await call('getnewaddress'))
    expect(await call('getrawtransaction', txid, true)).toMatchObject({ blockhash: block, confirmations: 1 })
    expect(internalErrors).toEqual([])
  })

  test('signrawtransactionwithkey signs an outside key coin given its prevtx', async () => {
    const { call, fail, internalErrors } = await createBitcoindNode()
    const key = ECPair.makeRandom({ network: regtest })
    const payment = bitcoin.payments.p2wpkh({ pubkey: key.publicKey, network: regtest })
    const funding = await call<string>('sendtoaddress', payment.address, 0.5)
    const tx = await call<{
      vout: Array<{ n: number; value: number; scriptPubKey: { hex: string; address?: string } }>
    }>('getrawtransaction', funding, true)
    const out = tx.vout.find((o) => o.scriptPubKey.address === payment.address)!
    const miner = await call<string>('getnewaddress')
    const spend = await call<string>('createrawtransaction', [{ txid: funding, vout: out.n }], {
      [miner]: 0.4999,
    })
    const prevtxs = [{ txid: funding, vout: out.n, scriptPubKey: out.scriptPubKey.hex, amount: out.value }]
    const signed = await call<{ hex: string; complete: boolean }>(
      'signrawtransactionwithkey',
      spend,
      [key.toWIF()],
      prevtxs,
    )
    expect(signed.complete).toBe(true)
    expect(bitcoin.Transaction.fromHex(signed.hex).hasWitnesses()).toBe(true)
    expect(await call('sendrawtransaction', signed.hex)).toBe(bitcoin.Transaction.fromHex(signed.hex).getId())

    expect(await fail('signrawtransactionwithkey', spend, ['nope'])).toEqual({
      code: -5,
      message: 'Invalid private key',
    })
    expect(await fail('signrawtransactionwithwallet', spend, [], 'NONE')).toMatchObject({ code: -8 })
    expect(await fail('createrawtransaction', [{ txid: funding }], {})).toEqual({
      code: -8,
      message: 'Invalid parameter, missing vout key',
    })
    expect(await fail('createrawtransaction', [], { nope: 1 })).toEqual({
      code: -5,
      message: 'Invalid Bitcoin address: nope',
    })
    expect(await fail('createrawtransaction', [], [{ data: '00' }, { data: '01' }])).toMatchObject({
      code: -8,
    })
    expect(await fail('fundrawtransaction', spend)).toMatchObject({ code: -4 })
    expect(await fail('fundrawtransaction', 'zz')).toEqual({ code: -22, message: 'TX decode failed' })
    expect(internalErrors).toEqual([])
  })

  test('createmultisig and scantxoutset: a multisig address as bitcoinjs-lib builds it, outside coins found by descriptor', async () => {
    const { call, fail, internalErrors } = await createBitcoindNode()
    const keys = [1, 2, 3].map(() => ECPair.makeRandom({ network: regtest }))
    const publicKeys = keys.map((key) => Buffer.from(key.publicKey).toString('hex'))
    const multisig = await call<{ address: string; redeemScript: string; descriptor: string }>(
      'createmultisig',
      2,
      publicKeys,
    )
    const p2ms = bitcoin.payments.p2ms({ m: 2, pubkeys: keys.map((key) => key.publicKey), network: regtest })
    expect(multisig.address).toBe(bitcoin.payments.p2sh({ redeem: p2ms, network: regtest }).address)
    expect(multisig.redeemScript).toBe(Buffer.from(p2ms.output!).toString('hex'))
    expect(multisig.descriptor).toMatch(/^sh\(multi\(2,.*\)\)#[a-z0-9]{8}$/)
    const segwit = await call<{ address: string }>('createmultisig', 2, publicKeys, 'bech32')
    expect(segwit.address).toBe(bitcoin.payments.p2wsh({ redeem: p2ms, network: regtest }).address)

    const outside = ECPair.makeRandom({ network: regtest })
    const address = bitcoin.payments.p2pkh({ pubkey: outside.publicKey, network: regtest }).address!
    const txid = await call<string>('sendtoaddress', address, 0.3)
    expect(
      (await call<{ unspents: unknown[] }>('scantxoutset', 'start', [`addr(${address})`])).unspents,
    ).toEqual([])
    await call('generatetoaddress', 1, await call('getnewaddress'))
    const pkh = `pkh(${Buffer.from(outside.publicKey).toString('hex')})`
    const scan = await call<{
      unspents: Array<{ txid: string; vout: number; scriptPubKey: string; amount: number }>
    }>('scantxoutset', 'start', [`addr(${address})`, { desc: pkh }])
    // The same coin by two descriptors of its script: listed once.
    expect(scan.unspents).toHaveLength(1)
    expect(scan.unspents[0]).toMatchObject({ txid, amount: 0.3, confirmations: 1 })
    const coin = scan.unspents[0]!
    const spend = await call<string>('createrawtransaction', [{ txid, vout: coin.vout }], {
      [multisig.address]: 0.2999,
    })
    const prevtxs = [{ txid, vout: coin.vout, scriptPubKey: coin.scriptPubKey, amount: coin.amount }]
    const signed = await call<{ hex: string; complete: boolean }>(
      'signrawtransactionwithkey',
      spend,
      [outside.toWIF()],
      prevtxs,
    )
    expect(await call('sendrawtransaction', signed.hex)).toBe(bitcoin.Transaction.fromHex(signed.hex).getId())

    expect(await fail('createmultisig', 3, publicKeys.slice(0, 2))).toMatchObject({ code: -8 })
    expect(await fail('createmultisig', 1, ['02ab'])).toEqual({
      code: -5,
      message: 'Invalid public key: 02ab',
    })
    expect(await fail('createmultisig', 1, publicKeys, 'p2tr')).toMatchObject({ code: -5 })
    expect(await fail('scantxoutset', 'begin', [])).toEqual({ code: -8, message: "Invalid action 'begin'" })
    expect(await fail('scantxoutset', 'start', ['tr(xyz)'])).toMatchObject({ code: -5 })
    expect(internalErrors).toEqual([])
  })

  test('sendmany pays several addresses in one transaction; getdescriptorinfo checks checksums', async () => {
    const { call, fail, internalErrors } = await createBitcoindNode()
    const [a, b] = [await call<string>('getnewaddress'), await call<string>('getnewaddress', '', 'legacy')]
    const txid = await call<string>('sendmany', '', { [a]: 0.1, [b]: '0.2' })
    const tx = await call<{ vout: Array<{ value: number; scriptPubKey: { address?: string } }> }>(
      'getrawtransaction',
      txid,
      true,
    )
    expect(tx.vout.find((o) => o.scriptPubKey.address === a)?.value).toBe(0.1)
    expect(tx.vout.find((o) => o.scriptPubKey.address === b)?.value).toBe(0.2)
    expect(await fail('sendmany', 'x', { [a]: 1 })).toMatchObject({ code: -32 })
    expect(await fail('sendmany', '', {})).toMatchObject({ code: -8 })
    expect(await call('getdescriptorinfo', 'raw(deadbeef)')).toMatchObject({
      descriptor: 'raw(deadbeef)#89f8spxm',
      checksum: '89f8spxm',
    })
    expect(await fail('getdescriptorinfo', 'raw(deadbeef)#aaaaaaaa')).toMatchObject({ code: -5 })
    expect(internalErrors).toEqual([])
  })
})
