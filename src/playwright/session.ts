/**
 * One test's `devnode` and `wallet`: the handles, the calls in flight, and what the test must
 * leave behind. Before a test: the wallet's switches, selected account and network as the options
 * say, no grants (so `eth_requestAccounts` connects the same way in every test), an empty request
 * log, and a snapshot of every network's chain. After it: approvals still pending are rejected
 * and reported, calls still running are reported by name, and the chains go back to the
 * snapshots (mining back to automine).
 */
import type { PanelState } from '../shared/protocol.js'
import type { ExtensionChannel } from './channel.js'
import { decodeRequest } from './decode.js'
import type {
  CallTrace,
  Devnode,
  DevnodeSettings,
  ForkInfo,
  MinedTransaction,
  NetworkName,
  PendingRequest,
  RequestLogEntry,
  TransactionReceipt,
  Wallet,
} from './types.js'

const NETWORKS: readonly NetworkName[] = ['regtest', 'testnet', 'mainnet']
/** The REMASC contract: every Rootstock block's last transaction goes to it. */
const REMASC = '0x0000000000000000000000000000000001000008'
const WAIT_TIMEOUT_MS = 5_000
const POLL_MS = 25
/** How far back lastTransaction() looks for a block with a transaction. */
const SCAN_BLOCKS = 10_000n
/** How long the end of a test waits for calls still running before it reports them. */
const SETTLE_MS = 2_000

export type ResolvedSettings = Required<
  Pick<DevnodeSettings, 'network' | 'snapshotPerTest' | 'requireApproval'>
>

export function resolveSettings(settings: DevnodeSettings): ResolvedSettings {
  const network = settings.network ?? 'regtest'
  if (!NETWORKS.includes(network))
    throw new Error(
      `rsk-devnode/playwright: devnodeOptions.network must be one of ${NETWORKS.join(', ')}, not ${String(network)}`,
    )
  return {
    network,
    snapshotPerTest: settings.snapshotPerTest ?? true,
    requireApproval: settings.requireApproval ?? false,
  }
}

interface Call {
  label: string
  settled: boolean
  error?: unknown
  /** What the test got. */
  promise: Tracked<unknown>
  /** The work itself (waiting on it is not a look by the test). */
  inner: Promise<unknown>
  abort(): void
}

/**
 * The promise a call answers: it notes whether the test ever looked at it (`await`, `then`,
 * `catch`, `finally`, `Promise.all`, `expect(…).rejects` all call `then`).
 */
class Tracked<T> extends Promise<T> {
  observed = false
  // Promises derived from it (then/catch) are plain ones.
  static override get [Symbol.species]() {
    return Promise
  }
  // biome-ignore lint/suspicious/noThenProperty: a Promise subclass overrides then to see the test await it
  override then<A = T, B = never>(
    onFulfilled?: ((value: T) => A | PromiseLike<A>) | null,
    onRejected?: ((reason: unknown) => B | PromiseLike<B>) | null,
  ): Promise<A | B> {
    this.observed = true
    return super.then(onFulfilled, onRejected)
  }
}

const hex = (n: number | bigint): string => `0x${BigInt(n).toString(16)}`
const word = (value: bigint | string): string => {
  const n = typeof value === 'bigint' ? value : BigInt(value)
  if (n < 0n || n >= 1n << 256n) throw new RangeError(`not a 32-byte word: ${String(value)}`)
  return `0x${n.toString(16).padStart(64, '0')}`
}
const describeArgs = (args: unknown[]): string =>
  args
    .map((a) => {
      if (typeof a === 'bigint') return `${a}n`
      if (typeof a === 'string') return `'${a.length > 48 ? `${a.slice(0, 45)}...` : a}'`
      try {
        return JSON.stringify(a) ?? String(a)
      } catch {
        return String(a)
      }
    })
    .join(', ')

/** The cancellation of a wait when the test ended: not a failure of its own. */
const signal = (error: unknown): boolean => error instanceof Error && error.message.endsWith('the test ended')

function describePending(list: PendingRequest[]): string {
  return list.length === 0
    ? 'nothing is pending'
    : `pending: ${list.map((p) => `${p.method} from ${p.origin}`).join(', ')}`
}

function toPending(approval: PanelState['approvals'][number]): PendingRequest {
  return {
    id: approval.id,
    method: approval.method,
    origin: approval.origin,
    params: approval.params,
    time: approval.time,
    decoded: decodeRequest(approval.method, approval.params),
  }
}

function toReceipt(raw: Record<string, unknown>): TransactionReceipt {
  const big = (v: unknown) => (typeof v === 'string' && v !== '' ? BigInt(v) : 0n)
  return {
    transactionHash: String(raw.transactionHash),
    blockNumber: big(raw.blockNumber),
    blockHash: String(raw.blockHash),
    from: String(raw.from),
    to: typeof raw.to === 'string' ? raw.to : null,
    contractAddress: typeof raw.contractAddress === 'string' ? raw.contractAddress : null,
    status: Number(big(raw.status)),
    gasUsed: big(raw.gasUsed),
    cumulativeGasUsed: big(raw.cumulativeGasUsed),
    logs: (Array.isArray(raw.logs) ? raw.logs : []) as TransactionReceipt['logs'],
    raw,
  }
}

export class TestSession {
  readonly devnode: Devnode
  readonly wallet: Wallet
  private calls = new Set<Call>()
  private ended = false
  private snapshots = new Map<NetworkName, string>()
  private impersonated = new Set<string>()

  constructor(
    private readonly channel: ExtensionChannel,
    private readonly settings: ResolvedSettings,
  ) {
    this.devnode = this.makeDevnode()
    this.wallet = this.makeWallet()
  }

  // ── before the test ────────────────────────────────────────────────────────────────────────

  async setUp(): Promise<void> {
    const c = this.channel
    const [listed] = (await c.controlAll([{ kind: 'accounts' }], 'setup')) as [{ accounts: string[] }]
    const first = listed.accounts[0]
    const results = await c.controlAll(
      [
        {
          kind: 'setSettings',
          settings: { rejectNext: false, requireApproval: this.settings.requireApproval },
        },
        { kind: 'revokeAll' },
        ...(first ? [{ kind: 'selectAccount' as const, address: first }] : []),
        { kind: 'setNetwork', network: this.settings.network },
        { kind: 'clearLog' },
        ...(this.settings.snapshotPerTest
          ? NETWORKS.map((network) => ({ kind: 'nodeRequest' as const, method: 'evm_snapshot', network }))
          : []),
      ],
      'setup',
    )
    if (this.settings.snapshotPerTest)
      for (const [i, network] of NETWORKS.entries())
        this.snapshots.set(network, results[results.length - NETWORKS.length + i] as string)
  }

  // ── after the test ─────────────────────────────────────────────────────────────────────────

  /** Puts everything back; answers the problems to report (empty: none). */
  async tearDown(): Promise<string[]> {
    const problems: string[] = []
    this.ended = true
    const running = [...this.calls].filter((call) => !call.settled)
    // Waits for requests stop waiting; the rest get a moment to finish before the chain is reverted.
    for (const call of running) call.abort()
    await Promise.race([
      Promise.allSettled(running.map((call) => call.inner)),
      new Promise((done) => setTimeout(done, SETTLE_MS).unref?.()),
    ])
    for (const call of this.calls) {
      const wasRunning = running.includes(call)
      if (call.promise.observed) {
        // Awaited, but the test ended first (it failed or timed out while waiting).
        if (wasRunning) problems.push(`${call.label} was still running when the test ended`)
        continue
      }
      const failure =
        call.error === undefined || signal(call.error)
          ? ''
          : ` (it failed: ${call.error instanceof Error ? call.error.message : String(call.error)})`
      problems.push(
        `${call.label} was not awaited${wasRunning ? ': it was still running when the test ended' : ''}${failure}`,
      )
    }
    this.calls.clear()

    const c = this.channel
    const state = await c.control<PanelState>({ kind: 'getState' }, 'teardown')
    if (state.approvals.length > 0) {
      problems.push(
        `the test left ${state.approvals.length === 1 ? 'a request' : 'requests'} waiting for approval (rejected now): ` +
          state.approvals.map((a) => `${a.method} from ${a.origin}`).join(', ') +
          '. Approve or reject it with wallet.approve() / wallet.reject().',
      )
    }
    await c.controlAll(
      [
        // Nothing waits between tests.
        { kind: 'setSettings', settings: { rejectNext: false, requireApproval: false } },
        ...state.approvals.map((approval) => ({
          kind: 'resolveApproval' as const,
          approvalId: approval.id,
          approved: false,
        })),
      ],
      'teardown',
    )
    if (this.impersonated.size > 0)
      await c
        .controlAll(
          [...this.impersonated].map((address) => ({
            kind: 'nodeRequest' as const,
            method: 'anvil_stopImpersonatingAccount',
            params: [address],
          })),
          'teardown',
        )
        .catch(() => {})
    if (this.settings.snapshotPerTest) await this.revertAll()
    return problems
  }

  private async revertAll(): Promise<void> {
    const c = this.channel
    const reverted = await c.controlAll(
      NETWORKS.flatMap((network) => {
        const id = this.snapshots.get(network)
        return [
          // An unknown id answers false; a missing one reverts nothing (false too).
          { kind: 'nodeRequest' as const, method: 'evm_revert', params: [id ?? '0x0'], network },
          { kind: 'nodeRequest' as const, method: 'evm_setAutomine', params: [true], network },
        ]
      }),
      'teardown',
    )
    // A reset or a fork during the test dropped the snapshot: that network starts afresh.
    const lost = NETWORKS.filter((_, i) => reverted[2 * i] !== true)
    if (lost.length > 0)
      await c.controlAll(
        lost.flatMap((network) => [
          { kind: 'setNetwork' as const, network },
          { kind: 'resetToLocal' as const },
        ]),
        'teardown',
      )
    this.snapshots.clear()
  }

  // ── calls ──────────────────────────────────────────────────────────────────────────────────

  /** Runs one call of the test's, remembered until the test ends (to report it if never awaited). */
  private track<T>(label: string, run: (signal: { aborted: boolean }) => Promise<T>): Promise<T> {
    if (this.ended) return Promise.reject(new Error(`${label} was called after the test ended`))
    const signal = { aborted: false }
    const inner = run(signal)
    const promise = new Tracked<T>((resolve, reject) => inner.then(resolve, reject))
    const call: Call = { label, settled: false, promise, inner, abort: () => (signal.aborted = true) }
    this.calls.add(call)
    inner.then(
      () => {
        call.settled = true
      },
      (error: unknown) => {
        call.settled = true
        call.error = error
      },
    )
    // Not a look by the test: only keeps an unobserved failure from being an unhandled rejection.
    Promise.prototype.then.call(promise, undefined, () => {})
    return promise
  }

  private node<T>(method: string, params: unknown[] = []): Promise<T> {
    return this.channel.control<T>({ kind: 'nodeRequest', method, params }, method)
  }

  private async pending(): Promise<PendingRequest[]> {
    const state = await this.channel.control<PanelState>({ kind: 'getState' }, 'getState')
    return state.approvals.map(toPending)
  }

  private async waitForPending(
    label: string,
    signal: { aborted: boolean },
    options: { method?: string; timeout?: number } = {},
  ): Promise<PendingRequest> {
    const timeout = options.timeout ?? WAIT_TIMEOUT_MS
    const deadline = Date.now() + timeout
    for (;;) {
      const list = await this.pending()
      const found = list.find((p) => options.method === undefined || p.method === options.method)
      if (found) return found
      if (signal.aborted) throw new Error(`${label} was cancelled: the test ended`)
      if (Date.now() >= deadline) {
        const state = await this.channel.control<PanelState>({ kind: 'getState' }, 'getState')
        const hint = state.settings.requireApproval
          ? ''
          : ' (require approval is off: requests do not wait; call wallet.requireApproval(true) first)'
        throw new Error(
          `${label} timed out after ${timeout} ms: no ${options.method ? `${options.method} ` : ''}request ` +
            `came to approve; ${describePending(list)}${hint}`,
        )
      }
      await new Promise((done) => setTimeout(done, POLL_MS))
    }
  }

  private makeDevnode(): Devnode {
    const c = this.channel
    const t = <T>(name: string, args: unknown[], run: () => Promise<T>) =>
      this.track(`devnode.${name}(${describeArgs(args)})`, run)
    const blockNumber = async () => BigInt(await this.node<string>('eth_blockNumber'))
    return {
      network: () =>
        t('network', [], async () => (await c.control<PanelState>({ kind: 'getState' }, 'getState')).network),
      selectNetwork: (network) =>
        t('selectNetwork', [network], async () => {
          await c.control({ kind: 'setNetwork', network }, 'selectNetwork')
        }),
      request: <T>(method: string, params: unknown[] = []) =>
        t(`request`, [method], () => this.node<T>(method, params)),
      mine: (blocks = 1) =>
        t('mine', [blocks], async () => {
          await this.node('anvil_mine', [hex(blocks)])
          return blockNumber()
        }),
      setAutomine: (on) =>
        t('setAutomine', [on], async () => {
          await this.node('evm_setAutomine', [on])
        }),
      increaseTime: (seconds) =>
        t('increaseTime', [seconds], async () => {
          const offset = await this.node<string | number>('evm_increaseTime', [hex(seconds)])
          return BigInt(offset)
        }),
      setNextBlockTimestamp: (timestamp) =>
        t('setNextBlockTimestamp', [timestamp], async () => {
          await this.node('evm_setNextBlockTimestamp', [hex(timestamp)])
        }),
      snapshot: () => t('snapshot', [], () => this.node<string>('evm_snapshot')),
      revert: (id) => t('revert', [id], () => this.node<boolean>('evm_revert', [id])),
      setBalance: (address, wei) =>
        t('setBalance', [address, wei], async () => {
          await this.node('anvil_setBalance', [address, hex(wei)])
        }),
      setCode: (address, code) =>
        t('setCode', [address, code], async () => {
          await this.node('anvil_setCode', [address, code])
        }),
      setNonce: (address, nonce) =>
        t('setNonce', [address, nonce], async () => {
          await this.node('anvil_setNonce', [address, hex(nonce)])
        }),
      setStorageAt: (address, slot, value) =>
        t('setStorageAt', [address, slot, value], async () => {
          await this.node('anvil_setStorageAt', [address, word(slot), word(value)])
        }),
      impersonate: (address) =>
        t('impersonate', [address], async () => {
          await this.node('anvil_impersonateAccount', [address])
          this.impersonated.add(address.toLowerCase())
        }),
      stopImpersonating: (address) =>
        t('stopImpersonating', [address], async () => {
          await this.node('anvil_stopImpersonatingAccount', [address])
          this.impersonated.delete(address.toLowerCase())
        }),
      fork: ({ url, blockNumber: at }) =>
        t('fork', [{ url: '…', ...(at !== undefined && { blockNumber: String(at) }) }], async () => {
          const view = await c.control<{
            upstream: string
            blockNumber: string
            blockHash: string
            chainId: number
          }>({ kind: 'setFork', url, ...(at !== undefined && { blockNumber: String(at) }) }, 'fork')
          const info: ForkInfo = {
            upstream: view.upstream,
            blockNumber: BigInt(view.blockNumber),
            blockHash: view.blockHash,
            chainId: view.chainId,
          }
          return info
        }),
      reset: () =>
        t('reset', [], async () => {
          await c.control({ kind: 'resetToLocal' }, 'reset')
        }),
      requests: (filter = {}) =>
        t('requests', filter.method || filter.origin ? [filter] : [], async () => {
          const entries = await c.control<RequestLogEntry[]>({ kind: 'getLog', limit: 100_000 }, 'requests')
          let origin = filter.origin
          if (origin) {
            try {
              origin = new URL(origin).origin
            } catch {
              // Not a URL: compared as given (e.g. 'devtools-panel').
            }
          }
          return entries
            .filter(
              (e) =>
                (filter.method === undefined || e.method === filter.method) &&
                (origin === undefined || e.origin === origin),
            )
            .sort((a, b) => (a.id ?? 0) - (b.id ?? 0))
        }),
      lastTransaction: () => t('lastTransaction', [], () => this.lastTransaction()),
      blockNumber: () => t('blockNumber', [], blockNumber),
    }
  }

  private async lastTransaction(): Promise<MinedTransaction | null> {
    const head = BigInt(await this.node<string>('eth_blockNumber'))
    // On a fork, only the blocks mined here: the upstream's would be fetched one by one.
    const fork = await this.channel.control<{ blockNumber: string } | null>({ kind: 'getFork' }, 'getFork')
    const forkTop = fork ? BigInt(fork.blockNumber) + 1n : 0n
    const floor = head > SCAN_BLOCKS && head - SCAN_BLOCKS > forkTop ? head - SCAN_BLOCKS : forkTop
    if (head < floor) return null
    const BATCH = 16n
    for (let top = head; top >= floor; top -= BATCH) {
      const numbers: bigint[] = []
      for (let n = top; n > top - BATCH && n >= floor; n--) numbers.push(n)
      const blocks = await Promise.all(
        numbers.map((n) =>
          this.node<{ transactions: Array<{ hash: string; to: string | null }> } | null>(
            'eth_getBlockByNumber',
            [hex(n), true],
          ),
        ),
      )
      for (const block of blocks) {
        const txs = (block?.transactions ?? []).filter((tx) => tx.to?.toLowerCase() !== REMASC)
        const last = txs.at(-1)
        if (!last) continue
        const [transaction, receipt, trace] = await Promise.all([
          this.node<Record<string, unknown>>('eth_getTransactionByHash', [last.hash]),
          this.node<Record<string, unknown>>('eth_getTransactionReceipt', [last.hash]),
          this.node<CallTrace>('debug_traceTransaction', [last.hash, { tracer: 'callTracer' }]).catch(
            () => null,
          ),
        ])
        return { hash: last.hash, transaction, receipt: toReceipt(receipt), trace }
      }
      if (top < BATCH) break
    }
    return null
  }

  private makeWallet(): Wallet {
    const c = this.channel
    const t = <T>(name: string, args: unknown[], run: (signal: { aborted: boolean }) => Promise<T>) =>
      this.track(`wallet.${name}(${describeArgs(args)})`, run)
    const resolve = (name: 'approve' | 'reject', request: PendingRequest | undefined) =>
      t(name, request ? [`${request.method} from ${request.origin}`] : [], async (signal) => {
        const label = `wallet.${name}()`
        const target = request ?? (await this.waitForPending(label, signal))
        const done = await c.control<boolean>(
          { kind: 'resolveApproval', approvalId: target.id, approved: name === 'approve' },
          name,
        )
        if (!done)
          throw new Error(
            `wallet.${name}(): the ${target.method} request from ${target.origin} is no longer pending; ${describePending(
              await this.pending(),
            )}`,
          )
      })
    return {
      accounts: () =>
        t('accounts', [], async () => {
          const { selected, accounts } = await c.control<{ selected: string; accounts: string[] }>(
            { kind: 'accounts' },
            'accounts',
          )
          return [selected, ...accounts.filter((a) => a !== selected)]
        }),
      selectAccount: (account) =>
        t('selectAccount', [account], async () => {
          let address = account
          if (typeof account === 'number') {
            const { accounts } = await c.control<{ accounts: string[] }>({ kind: 'accounts' }, 'accounts')
            const found = accounts[account]
            if (found === undefined)
              throw new RangeError(
                `wallet.selectAccount(${account}): the wallet has ${accounts.length} accounts`,
              )
            address = found
          }
          await c.control({ kind: 'selectAccount', address: String(address) }, 'selectAccount')
        }),
      requireApproval: (on = true) =>
        t('requireApproval', [on], async () => {
          await c.control({ kind: 'setSettings', settings: { requireApproval: on } }, 'requireApproval')
        }),
      waitForRequest: (options = {}) =>
        t('waitForRequest', Object.keys(options).length > 0 ? [options] : [], (signal) =>
          this.waitForPending(
            `wallet.waitForRequest(${Object.keys(options).length > 0 ? describeArgs([options]) : ''})`,
            signal,
            options,
          ),
        ),
      approve: (request) => resolve('approve', request),
      reject: (request) => resolve('reject', request),
      pendingRequests: () => t('pendingRequests', [], () => this.pending()),
      rejectNext: () =>
        t('rejectNext', [], async () => {
          await c.control({ kind: 'setSettings', settings: { rejectNext: true } }, 'rejectNext')
        }),
    }
  }
}
