/**
 * The two-way peg over HTTP on the built server with its LevelDB data directory: a peg-in built
 * outside the node is registered and credited (and refused the second time), and a peg-out
 * interrupted by `kill -9` between its request and its release completes after the restart: the
 * queued request, the batch and the simulated Bitcoin chain are all in the acknowledged state.
 */
import { rm } from 'node:fs/promises'
import { afterAll, beforeAll, describe, expect, test } from 'vitest'
import { pegInFromOutside, type Rpc, releasedPegout, signedToBridge } from '../bridge/pegScenarios.js'
import { assertServerBuilt, childServer } from './childServer.js'
import { makeDataDir } from './helpers.js'

let dataDir: string
let server: ReturnType<typeof childServer>
// biome-ignore lint/suspicious/noExplicitAny: see Rpc.
const rpc: Rpc = (method, params = []) => server.call<any>(method, params)

describe('the two-way peg over HTTP survives kill -9', () => {
  beforeAll(async () => {
    assertServerBuilt()
    dataDir = await makeDataDir()
    server = childServer(dataDir)
    await server.start()
  }, 60_000)

  afterAll(async () => {
    await server.kill()
    await rm(dataDir, { recursive: true, force: true })
  })

  test('a peg-in built outside the node is registered once and credits exactly its value', async () => {
    const value = 25_000_000n
    const outcome = await pegInFromOutside(rpc, value)
    expect(outcome.firstEvents).toHaveLength(1)
    expect(outcome.credited).toBe(value * 10n ** 10n)
    expect(outcome.secondEvents).toHaveLength(0)
    expect(outcome.creditedAgain).toBe(0n)
    // Acknowledged means stored: after kill -9 the Bridge still knows it processed the transaction.
    await server.kill()
    await server.start()
    const processed = await rpc('btc_getPegs')
    expect(processed.pegins).toMatchObject([{ btcTxid: outcome.txid, status: 'registered' }])
  }, 60_000)

  test('a peg-out interrupted by kill -9 is released after the restart', async () => {
    const value = 5n * 10n ** 17n
    const hash = await rpc<string>('eth_sendRawTransaction', [await signedToBridge(rpc, { value })])
    expect((await rpc('btc_getPegs')).pegouts).toMatchObject([{ rskTxHash: hash, status: 'queued' }])
    // The batch is built in the next block the federation acts in; kill the server right after it.
    await rpc('evm_mine')
    expect((await rpc('btc_getPegs')).pegouts[0].status).toBe('batched')
    await server.kill()
    await server.start()
    let pegout: { status: string; btcTxid?: string } | undefined
    for (let i = 0; i < 20 && pegout?.status !== 'released'; i++) {
      await rpc('evm_mine')
      pegout = (await rpc('btc_getPegs')).pegouts.find((p: { rskTxHash: string }) => p.rskTxHash === hash)
    }
    expect(pegout?.status).toBe('released')
    // The federation broadcast it to the simulated chain; kill -9 again before it is mined.
    await server.kill()
    await server.start()
    const mempool = await rpc<Array<{ txid: string }>>('btc_getMempool')
    expect(mempool.map((t) => t.txid)).toContain(pegout?.btcTxid)
    await rpc('btc_mine')
    const released = await releasedPegout(rpc, pegout!.btcTxid!)
    expect(released.confirmations).toBe(1)
    expect(released.signaturesVerify).toBe(true)
    expect(released.paid).toBeGreaterThan(49_000_000n)
    expect(released.paid).toBeLessThan(50_000_000n)
  }, 90_000)
})
