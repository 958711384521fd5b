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
    return BigInt(Math.floor(this.#clock.now() / 1000)) + this.state.offsetSeconds
  }

  increase(seconds: bigint): bigint {
    this.state.offsetSeconds += seconds
    return this.state.offsetSeconds
  }

  /** Moves the clock so that "now" is `timestamp` (Anvil `anvil_setTime`). */
  setTime(timestamp: bigint): void {
    this.state.offsetSeconds = timestamp - BigInt(Math.floor(this.#clock.now() / 1000))
  }

  setNextBlockTimestamp(timestamp: bigint): void {
    this.state.nextTimestamp = timestamp
  }

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
      return pinned
    }
    const now = this.nowSeconds()
    return now > parentTimestamp ? now : parentTimestamp + 1n
  }
}
