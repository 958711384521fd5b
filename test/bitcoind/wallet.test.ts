/**
 * The dev wallet behind the bitcoind RPC: the dev accounts' funded keys, deterministic handed-out
 * keys, imported keys kept in the Bitcoin chain's store (reverted by a snapshot like the chain),
 * balances and coins as Bitcoin Core's wallet reports them.
 */
import * as bitcoin from 'bitcoinjs-lib'
import { ECPairFactory } from 'ecpair'
import * as ecc from 'tiny-secp256k1'
import { describe, expect, test } from 'vitest'
import { DEV_ACCOUNTS } from '../../src/core/accounts/devAccounts.js'
import { hexToBytes } from '../../src/core/util/hex.js'
import { createBitcoindNode } from './bitcoindNode.js'

const ECPair = ECPairFactory(ecc)
const regtest = bitcoin.networks.regtest

describe('bitcoind dev wallet', () => {
  test('holds every dev account key: 100 BTC each, dumpprivkey gives its WIF', async () => {
    const { call } = await createBitcoindNode()
    expect(await call('getbalance')).toBe(100 * DEV_ACCOUNTS.length)
    const key = ECPair.fromPrivateKey(hexToBytes(DEV_ACCOUNTS[0]!.privateKey), { network: regtest })
    const address = bitcoin.payments.p2pkh({ pubkey: key.publicKey, network: regtest }).address!
    expect(await call('dumpprivkey', address)).toBe(key.toWIF())
    expect(await call('getaddressinfo', address)).toMatchObject({
      ismine: true,
      iscompressed: true,
      iswitness: false,
    })
    const coins = await call<Array<{ address: string; amount: number }>>('listunspent', 1, 9_999_999, [
      address,
    ])
    expect(coins).toMatchObject([{ address, amount: 100, confirmations: 1, spendable: true }])
  })

  test('hands out the same addresses on every node, of the type asked (bech32 by default)', async () => {
    const first = await createBitcoindNode()
    const second = await createBitcoindNode()
    const a = [await first.call('getnewaddress'), await first.call('getnewaddress', '', 'legacy')]
    const b = [await second.call('getnewaddress'), await second.call('getnewaddress', '', 'legacy')]
    expect(a).toEqual(b)
    expect(a[0]).toMatch(/^bcrt1q/)
    expect(a[1]).toMatch(/^[mn]/)
    expect(await first.call('getrawchangeaddress', 'p2sh-segwit')).toMatch(/^2/)
    expect(await first.call('validateaddress', a[0])).toMatchObject({
      isvalid: true,
      iswitness: true,
      witness_version: 0,
    })
  })

  test('sendtoaddress pays at the fee rate asked, and can take the fee out of the amount', async () => {
    const { call } = await createBitcoindNode()
    const segwit = await call<string>('getnewaddress')
    const before = await call<number>('getbalance')
    const txid = await call<string>('sendtoaddress', segwit, 3, '', '', false, true, null, 'unset', false, 20)
    const mempool = await call<Record<string, { fees: { base: number }; vsize: number }>>(
      'getrawmempool',
      true,
    )
    const entry = mempool[txid]!
    // At least 20 sat/vB (the wallet sizes signatures at their largest before signing).
    expect(Math.round(entry.fees.base * 1e8)).toBeGreaterThanOrEqual(20 * entry.vsize)
    expect(Math.round(entry.fees.base * 1e8)).toBeLessThan(21 * entry.vsize)
    expect(await call('getbalance')).toBeCloseTo(before - entry.fees.base, 8)
    expect(await call<unknown[]>('listunspent', 0, 0, [segwit])).toHaveLength(1)
    const miner = await call<string>('getnewaddress')
    await call('generatetoaddress', 1, miner)
    // Mined coinbases are immature for 100 blocks: not in the balance.
    expect(await call('getbalance')).toBeCloseTo(before - entry.fees.base, 8)
    const back = await call<string>('sendtoaddress', miner, 2.5, '', '', true)
    const decoded = await call<{ vout: Array<{ value: number }>; vin: Array<{ txinwitness?: string[] }> }>(
      'getrawtransaction',
      back,
      true,
    )
    // Subtracting the fee: the recipient gets a little under 2.5.
    expect(decoded.vout.some((o) => o.value < 2.5 && o.value > 2.49)).toBe(true)
  })

  test('imported keys live in the chain state: a snapshot revert forgets them', async () => {
    const { node, call, fail } = await createBitcoindNode()
    const key = ECPair.makeRandom({ network: regtest })
    const address = bitcoin.payments.p2wpkh({ pubkey: key.publicKey, network: regtest }).address!
    const snapshot = (await node.request({ jsonrpc: '2.0', id: 1, method: 'evm_snapshot', params: [] })) as {
      result: string
    }
    await call('importprivkey', key.toWIF())
    expect(await call('dumpprivkey', address)).toBe(key.toWIF())
    await call('importprivkey', key.toWIF())
    await node.request({ jsonrpc: '2.0', id: 2, method: 'evm_revert', params: [snapshot.result] })
    expect(await fail('dumpprivkey', address)).toMatchObject({ code: -4 })
    expect(await call('getaddressinfo', address)).toMatchObject({ ismine: false })
  })

  test('gettransaction: a send shows its amount and fee, a receive its address; other transactions are refused', async () => {
    const { call, fail } = await createBitcoindNode()
    expect(await call('listwallets')).toEqual([''])
    expect(await call('createwallet', 'test')).toEqual({ name: 'test', warning: '' })
    const outside = ECPair.makeRandom({ network: regtest })
    const address = bitcoin.payments.p2pkh({ pubkey: outside.publicKey, network: regtest }).address!
    const txid = await call<string>('sendtoaddress', address, 1.5)
    const sent = await call<{ amount: number; fee: number; confirmations: number; details: unknown[] }>(
      'gettransaction',
      txid,
    )
    expect(sent).toMatchObject({ amount: -1.5, confirmations: 0, txid })
    expect(sent.fee).toBeLessThan(0)
    expect(sent.details).toEqual([
      { address, category: 'send', amount: -1.5, vout: 0, fee: sent.fee, abandoned: false },
      expect.objectContaining({ category: 'receive', vout: 1 }),
    ])
    const mine = await call<string>('getnewaddress')
    const received = await call<string>('sendtoaddress', mine, 2)
    await call('generatetoaddress', 1, mine)
    expect(await call('gettransaction', received)).toMatchObject({
      amount: 0,
      confirmations: 1,
      blockheight: 1,
    })
    // The block's coinbase pays 50 BTC and the fees to a wallet address: immature for 100 blocks.
    const info = await call<{ immature_balance: number }>('getwalletinfo')
    expect(info.immature_balance).toBeGreaterThan(50)
    const [coinbase] = (await call<{ tx: string[] }>('getblock', await call('getblockhash', 1))).tx
    expect(await call('gettransaction', coinbase)).toMatchObject({
      generated: true,
      amount: info.immature_balance,
      details: [{ category: 'immature', amount: info.immature_balance }],
    })
    expect(await fail('gettransaction', '00'.repeat(32))).toEqual({
      code: -5,
      message: 'Invalid or non-wallet transaction id',
    })
  })
})
