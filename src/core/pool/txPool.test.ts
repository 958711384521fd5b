import { describe, expect, test } from 'vitest'
import type { Address } from '../util/hex.js'
import { ACCOUNT_SLOTS, type PoolAdmission, type PoolTransaction, TxPool } from './txPool.js'

const alice = '0x00000000000000000000000000000000000a11ce' as Address
const bob = '0x0000000000000000000000000000000000000b0b' as Address
let counter = 0

function tx(overrides: Partial<PoolTransaction> = {}): PoolTransaction {
  counter++
  return {
    hash: `0x${counter.toString(16).padStart(64, '0')}`,
    sender: alice,
    nonce: 0n,
    gasPrice: 10n,
    gasLimit: 21_000n,
    value: 0n,
    size: 110,
    initCodeSize: 0,
    ...overrides,
  }
}

function admission(overrides: Partial<PoolAdmission> = {}): PoolAdmission {
  return {
    account: { nonce: 0n, balance: 10n ** 18n },
    blockGasLimit: 6_800_000n,
    minimumGasPrice: 1n,
    intrinsicGas: 21_000n,
    accountSlots: ACCOUNT_SLOTS,
    ...overrides,
  }
}

describe('TxPool admission', () => {
  test('rejects a transaction whose hash is already pending', () => {
    const pool = new TxPool()
    const t = tx()
    pool.add(t, admission())
    expect(() => pool.add(t, admission())).toThrow('pending transaction with same hash already exists')
  })

  test('rejects a paid transaction from an account that does not exist', () => {
    expect(() => new TxPool().add(tx(), admission({ account: undefined }))).toThrow(
      "the sender account doesn't exist",
    )
  })

  test('rejects a gas limit above the block gas limit with both figures', () => {
    expect(() => new TxPool().add(tx({ gasLimit: 7_000_000n }), admission())).toThrow(
      "transaction's gas limit of 7000000 is higher than the block's gas limit of 6800000",
    )
  })

  test('rejects nonces below the account nonce, and 16 or more above it behind a gap', () => {
    const pool = new TxPool()
    const state = admission({ account: { nonce: 5n, balance: 10n ** 18n } })
    expect(() => pool.add(tx({ nonce: 4n }), state)).toThrow('transaction nonce too low')
    expect(() => pool.add(tx({ nonce: 21n }), state)).toThrow('transaction nonce too high')
    expect(pool.add(tx({ nonce: 20n }), state).status).toBe('queued')
  })

  test('pools a run of 50 consecutive nonces from one sender, past the 16 account slots', () => {
    const pool = new TxPool()
    const state = admission({ account: { nonce: 0n, balance: 10n ** 18n } })
    for (let nonce = 0n; nonce < 50n; nonce++) expect(pool.add(tx({ nonce }), state).status).toBe('pending')
    expect(pool.pending()).toHaveLength(50)
    // Behind a gap the slots still hold.
    expect(() => pool.add(tx({ nonce: 51n }), state)).toThrow('transaction nonce too high')
  })

  test('restores stored transactions in any order when no slot limit applies', () => {
    const pool = new TxPool()
    const state = admission({ account: { nonce: 0n, balance: 10n ** 18n }, accountSlots: undefined })
    for (let nonce = 49n; nonce >= 0n; nonce--) pool.add(tx({ nonce }), state)
    expect(pool.pending()).toHaveLength(50)
  })

  test('checks nonce before balance, and balance before gas price (RSKj order)', () => {
    const poor = { nonce: 3n, balance: 0n }
    expect(() => new TxPool().add(tx({ nonce: 0n, gasPrice: 0n }), admission({ account: poor }))).toThrow(
      'transaction nonce too low',
    )
    expect(() => new TxPool().add(tx({ nonce: 3n }), admission({ account: poor }))).toThrow(
      'insufficient funds',
    )
    expect(() => new TxPool().add(tx({ gasPrice: 0n }), admission())).toThrow(
      "transaction's gas price lower than block's minimum",
    )
  })

  test('rejects a gas limit below the intrinsic gas', () => {
    expect(() => new TxPool().add(tx({ gasLimit: 21_000n }), admission({ intrinsicGas: 21_068n }))).toThrow(
      "transaction's basic cost is above the gas limit",
    )
  })

  test('replacement needs a 40% higher gas price', () => {
    const pool = new TxPool()
    const first = tx({ gasPrice: 100n })
    pool.add(first, admission())
    expect(() => pool.add(tx({ gasPrice: 139n }), admission())).toThrow(
      'gas price not enough to bump transaction',
    )
    const result = pool.add(tx({ gasPrice: 140n }), admission())
    expect(result.replaced).toBe(first)
    expect(pool.size).toBe(1)
  })

  test('replacement needs a strictly higher price: the same price is refused, 0 → 0 included', () => {
    for (const price of [0n, 1n, 10n, 5_000_000n]) {
      const pool = new TxPool()
      const state = admission({ minimumGasPrice: 0n })
      const first = tx({ gasPrice: price })
      pool.add(first, state)
      expect(() => pool.add(tx({ gasPrice: price }), state)).toThrow(
        'gas price not enough to bump transaction',
      )
      expect(pool.get(first.hash)?.tx).toBe(first)
      expect(pool.size).toBe(1)
    }
  })

  test("replacement follows RSKj's rule exactly: higher, and at least floor(old × 140 / 100)", () => {
    // 0 → 1: the bumped price floor(0 × 1.4) = 0 is met and 1 is higher.
    const zero = new TxPool()
    const state = admission({ minimumGasPrice: 0n })
    const free = tx({ gasPrice: 0n })
    zero.add(free, state)
    expect(zero.add(tx({ gasPrice: 1n }), state).replaced).toBe(free)
    // 1 → 1 refused (not higher), 1 → 2 accepted.
    const one = new TxPool()
    one.add(tx({ gasPrice: 1n }), state)
    expect(() => one.add(tx({ gasPrice: 1n }), state)).toThrow('gas price not enough to bump transaction')
    expect(one.add(tx({ gasPrice: 2n }), state).replaced?.gasPrice).toBe(1n)
    // 3 → 4: floor(4.2) = 4 is enough, as RSKj's integer division gives.
    const three = new TxPool()
    three.add(tx({ gasPrice: 3n }), state)
    expect(three.add(tx({ gasPrice: 4n }), state).replaced?.gasPrice).toBe(3n)
  })

  test('refuses a pending transaction the balance cannot pay on top of the pending ones', () => {
    const pool = new TxPool()
    const state = admission({ account: { nonce: 0n, balance: 1_000_000n } })
    pool.add(tx({ nonce: 0n, value: 700_000n, gasPrice: 10n }), state)
    expect(() => pool.add(tx({ nonce: 1n, value: 100_000n, gasPrice: 10n }), state)).toThrow(
      'insufficient funds to pay for pending and new transactions',
    )
  })
})

describe('TxPool ordering', () => {
  test('a gap queues a transaction and closing the gap promotes it', () => {
    const pool = new TxPool()
    const late = tx({ nonce: 2n })
    expect(pool.add(late, admission()).status).toBe('queued')
    pool.add(tx({ nonce: 0n }), admission())
    const result = pool.add(tx({ nonce: 1n }), admission())
    expect(result.promoted).toEqual([late])
    expect(pool.pending().map((t) => t.nonce)).toEqual([0n, 1n, 2n])
    expect(pool.queued()).toEqual([])
  })

  test('orders pending by gas price while keeping each sender in nonce order', () => {
    const pool = new TxPool()
    pool.add(tx({ sender: alice, nonce: 0n, gasPrice: 5n }), admission())
    pool.add(tx({ sender: alice, nonce: 1n, gasPrice: 50n }), admission())
    pool.add(tx({ sender: bob, nonce: 0n, gasPrice: 20n }), admission())
    expect(pool.pending().map((t) => `${t.sender === alice ? 'a' : 'b'}${t.nonce}`)).toEqual([
      'b0',
      'a0',
      'a1',
    ])
  })

  test('a mined block removes included and stale transactions and promotes queued ones', () => {
    const pool = new TxPool()
    const t0 = tx({ nonce: 0n })
    pool.add(t0, admission())
    pool.add(tx({ nonce: 2n }), admission())
    pool.onBlock([t0], () => 2n)
    expect(pool.pending().map((t) => t.nonce)).toEqual([2n])
  })

  test('a pool emptied by a block takes new transactions and forgets the mined ones', () => {
    const pool = new TxPool()
    const t0 = tx({ nonce: 0n })
    pool.add(t0, admission())
    pool.onBlock([t0], () => 1n)
    expect(pool.size).toBe(0)
    const t1 = tx({ nonce: 1n })
    expect(pool.add(t1, admission({ account: { nonce: 1n, balance: 10n ** 18n } })).status).toBe('pending')
    expect(pool.pending()).toEqual([t1])
    expect(pool.get(t0.hash)).toBeUndefined()
  })

  test('dropping a transaction sends the sender’s later ones back to queued', () => {
    const pool = new TxPool()
    const t0 = tx({ nonce: 0n })
    pool.add(t0, admission())
    pool.add(tx({ nonce: 1n }), admission())
    expect(pool.drop(t0.hash)).toBe(t0)
    expect(pool.pending()).toEqual([])
    expect(pool.queued().map((t) => t.nonce)).toEqual([1n])
  })

  test('pendingSince reports only arrivals after a sequence number', () => {
    const pool = new TxPool()
    pool.add(tx({ nonce: 0n }), admission())
    const seq = pool.lastSeq
    const later = tx({ nonce: 1n })
    pool.add(later, admission())
    expect(pool.pendingSince(seq)).toEqual([later])
  })
})
