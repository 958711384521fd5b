/**
 * A fake node answering the `btc_*` dev methods the Bitcoin view calls, for the view's unit
 * tests: a chain of empty blocks from `genesisHeight`, transactions by txid, pegs and dev keys.
 */
import type { Rpc } from './btcController.js'
import type { BtcBlockSummary, BtcDevAddress, BtcInfo, BtcPegs, BtcTransaction } from './types.js'

export const hashOf = (height: number, fork = 0) =>
  `${fork.toString(16).padStart(2, '0')}${height.toString(16).padStart(62, '0')}`

export const FEDERATION = '2N5muMepJizJE1gR7FbHJU6CD18V3BpNF9p'

export function fakeBtcNode({ genesisHeight = 0, blocks = 1 } = {}) {
  let fork = 0
  let best = genesisHeight + blocks - 1
  const calls: Array<{ method: string; params: unknown[] }> = []
  const transactions = new Map<string, BtcTransaction>()
  const pegs: BtcPegs = { pegins: [], pegouts: [] }
  const addresses: BtcDevAddress[] = [
    {
      rskAddress: '0xcd2a3d9f938e13cd947ec05abc7fe734df8dd826',
      p2pkh: 'mzRmuBWomNPKFHaPzd3WCTS6DiuoZ5tVUb',
      p2wpkh: 'bcrt1q...',
      p2shP2wpkh: '2N...',
      balance: '10000000000',
    },
  ]
  const summary = (height: number): BtcBlockSummary => ({
    hash: hashOf(height, fork),
    height,
    time: 1_700_000_000 + height * 600,
    nTx: 1,
    ...(height > genesisHeight ? { previousblockhash: hashOf(height - 1, fork) } : {}),
  })
  const info = (): BtcInfo => ({
    chain: 'regtest',
    blocks: best,
    bestBlockHash: hashOf(best, fork),
    mempoolSize: 0,
    federation: {
      address: FEDERATION,
      threshold: 2,
      publicKeys: ['02aa', '02bb', '02cc'],
      balance: '0',
      utxos: [],
    },
    lightClient: { bestHeight: best, bestBlockHash: hashOf(best, fork) },
    faucet: { address: 'mfaucet' },
    autoRegisterPegins: true,
    mining: { followRsk: 0 },
  })
  const methods: Record<string, (params: unknown[]) => unknown> = {
    btc_getInfo: info,
    btc_getPegs: () => pegs,
    btc_getMempool: () => [],
    btc_getAddresses: () => addresses,
    btc_getBlocks: ([query]) => {
      const { count, before } = query as { count: number; before: number }
      const out: BtcBlockSummary[] = []
      for (let h = Math.min(best, before - 1); h >= genesisHeight && out.length < count; h--)
        out.push(summary(h))
      return out
    },
    btc_getTransaction: ([txid]) => transactions.get(txid as string) ?? null,
    btc_mine: ([count = 1]) => {
      const hashes: string[] = []
      for (let i = 0; i < (count as number); i++) hashes.push(hashOf(++best, fork))
      return hashes
    },
    btc_fund: () => ({ txid: 'f'.repeat(64), blockhash: hashOf(++best, fork) }),
    btc_pegIn: ([request]) => ({ btcTxid: 'e'.repeat(64), recipient: (request as { from: string }).from }),
  }
  const rpc: Rpc = async <T>(method: string, params: unknown[] = []) => {
    calls.push({ method, params })
    const run = methods[method]
    if (!run)
      throw Object.assign(new Error(`The method ${method} does not exist/is not available`), { code: -32601 })
    return run(params) as T
  }
  return {
    rpc,
    calls,
    transactions,
    pegs,
    callsOf: (method: string) => calls.filter((c) => c.method === method),
    /** The chain goes back to `height` and grows another branch (an RSK revert, then new blocks). */
    reorg(height: number, length: number) {
      fork++
      best = height + length
    },
    remove(method: string) {
      delete methods[method]
    },
  }
}
