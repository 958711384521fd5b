/**
 * Chain reads of the bitcoind RPC after mining: blocks at each verbosity (fees, spent outputs),
 * headers, transactions with their block fields, unspent outputs and the mempool, checked against
 * bitcoinjs-lib where it can read the same bytes.
 */
import * as bitcoin from 'bitcoinjs-lib'
import { describe, expect, test } from 'vitest'
import { federationOf } from '../../src/core/bitcoin/chain/federation.js'
import { createBitcoindNode } from './bitcoindNode.js'

describe('bitcoind chain reads', () => {
  test('blocks, headers, transactions, outputs and the mempool after a payment is mined', async () => {
    const { call, internalErrors } = await createBitcoindNode()
    const federation = federationOf('regtest').address
    const txid = await call<string>('sendtoaddress', federation, 1.25)
    expect(await call('getmempoolinfo')).toMatchObject({ loaded: true, size: 1 })
    expect(await call('gettxout', txid, 0)).toMatchObject({ confirmations: 0, value: 1.25, coinbase: false })
    expect(await call('gettxout', txid, 0, false)).toBeNull()

    const miner = await call<string>('getnewaddress', '', 'legacy')
    const [hash] = await call<string[]>('generatetoaddress', 2, miner)
    expect(await call('getblockcount')).toBe(2)
    expect(await call('getblockhash', 1)).toBe(hash)
    expect(await call('getblockchaininfo')).toMatchObject({ chain: 'regtest', blocks: 2, headers: 2 })
    expect(await call('getmempoolinfo')).toMatchObject({ size: 0 })

    const header = await call<string>('getblockheader', hash, false)
    expect(bitcoin.Block.fromHex(header).getId()).toBe(hash)
    const verbose = await call<Record<string, unknown>>('getblockheader', hash)
    expect(verbose).toMatchObject({ hash, height: 1, confirmations: 2, nTx: 2 })
    expect(verbose.previousblockhash).toBe(await call('getblockhash', 0))
    expect(verbose.nextblockhash).toBe(await call('getblockhash', 2))

    const one = await call<{ tx: string[] }>('getblock', hash)
    expect(one.tx[1]).toBe(txid)
    type Tx = { txid: string; fee?: number; vin: Array<Record<string, unknown>>; hex: string }
    const two = await call<{ tx: Tx[] }>('getblock', hash, 2)
    expect(two.tx[0]).not.toHaveProperty('fee')
    expect(two.tx[1]?.fee).toBeGreaterThan(0)
    expect(two.tx[1]?.vin[0]).not.toHaveProperty('prevout')
    expect(bitcoin.Transaction.fromHex(two.tx[1]!.hex).getId()).toBe(txid)
    const three = await call<{ tx: Tx[] }>('getblock', hash, 3)
    // The payment spends a dev account's genesis output.
    expect(three.tx[1]?.vin[0]?.prevout).toMatchObject({ generated: true, height: 0, value: 100 })

    const raw = await call<Tx & { blockhash: string; confirmations: number }>('getrawtransaction', txid, 2)
    expect(raw).toMatchObject({ txid, blockhash: hash, confirmations: 2, fee: two.tx[1]?.fee })
    expect(raw.vin[0]).toHaveProperty('prevout')
    expect(await call('getrawtransaction', txid, true, hash)).toMatchObject({ in_active_chain: true, txid })
    expect(await call('gettxout', txid, 0)).toMatchObject({
      confirmations: 2,
      scriptPubKey: { address: federation, type: 'scripthash' },
    })
    const decoded = await call<{ txid: string }>('decoderawtransaction', raw.hex)
    expect(decoded.txid).toBe(txid)
    expect(decoded).not.toHaveProperty('hex')
    expect(internalErrors).toEqual([])
  })
})
