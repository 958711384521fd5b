/**
 * Block time control (Anvil's `time.rs`, Hardhat's `evm_increaseTime` / `evm_setNextBlockTimestamp`).
 * A block's timestamp is `max(now + offset, parent + 1)` as RSKj's MinerClock computes it, unless a
 * next timestamp was pinned.
 */
import type { Clock } from './clock.js'

export interface TimeControlState {
  /** Seconds added to the wall clock. */
  offsetSeconds: bigint
  /** Timestamp the next block must carry, if pinned. */
  nextTimestamp?: bigint
}

export class TimeControl {
  state: TimeControlState
  readonly #clock: Clock

  constructor(clock: Clock, state: TimeControlState = { offsetSeconds: 0n }) {
    this.#clock = clock
    this.state = state
  }

  nowSeconds(): bigint {
    return this.#wallSeconds() + this.state.offsetSeconds
  }

  #wallSeconds(): bigint {
    return BigInt(Math.floor(this.#clock.now() / 1000))
  }

  increase(seconds: bigint): bigint {
    this.state.offsetSeconds += seconds
    return this.state.offsetSeconds
  }

  /** Moves the clock so that "now" is `timestamp` (Anvil `anvil_setTime`). */
  setTime(timestamp: bigint): void {
    this.state.offsetSeconds = timestamp - this.#wallSeconds()
  }

  /**
   * Pins the next block's timestamp. When that block is mined the clock moves with it (the offset
   * becomes `timestamp − now`), so later blocks and `evm_increaseTime` continue from there, as in
   * Hardhat and Anvil. `keepClock` pins without moving the clock: the interval miner stamping the
   * blocks it owes at the times they were due.
   */
  setNextBlockTimestamp(timestamp: bigint, { keepClock = false }: { keepClock?: boolean } = {}): void {
    this.state.nextTimestamp = timestamp
    this.#keepClock = keepClock
  }

  #keepClock = false

  /** The timestamp the next block would get, without consuming a pinned one. */
  peekNextBlockTimestamp(parentTimestamp: bigint): bigint {
    const pinned = this.state.nextTimestamp
    if (pinned !== undefined) return pinned
    const now = this.nowSeconds()
    return now > parentTimestamp ? now : parentTimestamp + 1n
  }

  /** The timestamp of the next block on `parentTimestamp`; consumes a pinned timestamp. */
  nextBlockTimestamp(parentTimestamp: bigint): bigint {
    const pinned = this.state.nextTimestamp
    if (pinned !== undefined) {
      this.state.nextTimestamp = undefined
      if (!this.#keepClock) this.state.offsetSeconds = pinned - this.#wallSeconds()
      this.#keepClock = false
      return pinned
    }
    const now = this.nowSeconds()
    return now > parentTimestamp ? now : parentTimestamp + 1n
  }
}
