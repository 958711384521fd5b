/**
 * The one way a forked node talks to its upstream. Reads made in the same turn are sent as JSON-RPC
 * batches of at most 50 (the service's limit), or one by one once the upstream refused a batch; at
 * most `maxConcurrency` batches are in flight; a batch that gets no answer within `timeoutMs` is
 * retried, as are HTTP 429s, 5xx, network errors and rate-limit answers (-32005, 429, -32029 or a
 * rate-limit text), with exponential backoff; the same read asked for again while it
 * is in flight shares the first one's answer. What crosses this boundary is raw JSON-RPC:
 * `upstreamReads.ts` decodes it into domain values once.
 *
 * Core has no timers: waiting (backoff, timeouts) goes through the injected `sleep`.
 */
import { UpstreamRequestError, UpstreamUnavailableError } from './errors.js'
import { redactUrl } from './redact.js'

export interface UpstreamRequest {
  jsonrpc: '2.0'
  id: number
  method: string
  params: unknown[]
}

export interface UpstreamResponse {
  id: number | string | null
  result?: unknown
  error?: { code: number; message: string; data?: unknown }
}

/** Sends one batch and resolves to its answers (any order). Throws `TransportHttpError` for HTTP errors. */
export type UpstreamTransport = (batch: UpstreamRequest[]) => Promise<UpstreamResponse[]>

/** An HTTP answer that is not a JSON-RPC one (429, 5xx…). */
export class TransportHttpError extends Error {
  override name = 'TransportHttpError'
  constructor(readonly status: number) {
    super(`HTTP ${status}`)
  }
}

export interface UpstreamClientParameters {
  /** The upstream's address; only its redacted form is ever shown. */
  url: string
  transport: UpstreamTransport
  /** Resolves after `ms` milliseconds (the host's timer). */
  sleep: (ms: number) => Promise<void>
  maxConcurrency?: number
  timeoutMs?: number
  /** Attempts after the first one. */
  retries?: number
  /** First backoff delay; doubled on every retry. */
  backoffMs?: number
}

export interface UpstreamStats {
  /** JSON-RPC requests sent (a retried one counts again). */
  requests: number
  /** HTTP round trips (batches). */
  batches: number
  retries: number
}

export const MAX_UPSTREAM_BATCH = 50
const RATE_LIMITED = -32005
const INVALID_REQUEST = -32600

interface PendingRead {
  method: string
  params: unknown[]
  resolve: (value: unknown) => void
  reject: (error: unknown) => void
}

class TimeoutError extends Error {}

export class UpstreamClient {
  /** The upstream's address with its key redacted: the only form errors and node info show. */
  readonly upstream: string
  readonly stats: UpstreamStats = { requests: 0, batches: 0, retries: 0 }
  readonly #transport: UpstreamTransport
  readonly #sleep: (ms: number) => Promise<void>
  readonly #maxConcurrency: number
  readonly #timeoutMs: number
  readonly #retries: number
  readonly #backoffMs: number
  /** Requests per batch: 1 once the upstream refused a batch (it is then sent single requests). */
  #batchSize = MAX_UPSTREAM_BATCH
  #queue: PendingRead[] = []
  readonly #inFlight = new Map<string, Promise<unknown>>()
  #active = 0
  #flushScheduled = false
  #nextId = 1

  constructor(p: UpstreamClientParameters) {
    this.upstream = redactUrl(p.url)
    this.#transport = p.transport
    this.#sleep = p.sleep
    this.#maxConcurrency = Math.max(1, p.maxConcurrency ?? 4)
    this.#timeoutMs = p.timeoutMs ?? 30_000
    this.#retries = p.retries ?? 4
    this.#backoffMs = p.backoffMs ?? 250
  }

  /** One read; batched with the others made in the same turn, shared with an identical one in flight. */
  call(method: string, params: unknown[]): Promise<unknown> {
    const key = `${method}:${JSON.stringify(params)}`
    const existing = this.#inFlight.get(key)
    if (existing) return existing
    const promise = new Promise<unknown>((resolve, reject) => {
      this.#queue.push({ method, params, resolve, reject })
    })
    this.#inFlight.set(key, promise)
    const forget = () => this.#inFlight.delete(key)
    promise.then(forget, forget)
    this.#scheduleFlush()
    return promise
  }

  #scheduleFlush(): void {
    if (this.#flushScheduled) return
    this.#flushScheduled = true
    void Promise.resolve().then(() => {
      this.#flushScheduled = false
      this.#pump()
    })
  }

  #pump(): void {
    while (this.#active < this.#maxConcurrency && this.#queue.length > 0) {
      const batch = this.#queue.splice(0, this.#batchSize)
      this.#active++
      void this.#send(batch).finally(() => {
        this.#active--
        this.#pump()
      })
    }
  }

  async #send(batch: PendingRead[]): Promise<void> {
    for (let attempt = 0; batch.length > 0; attempt++) {
      const requests = batch.map((read) => ({
        jsonrpc: '2.0' as const,
        id: this.#nextId++,
        method: read.method,
        params: read.params,
      }))
      this.stats.requests += requests.length
      this.stats.batches++
      let answers: UpstreamResponse[]
      try {
        answers = await this.#withTimeout(this.#transport(requests))
        if (!Array.isArray(answers)) throw new Error('the answer to a batch is not an array')
      } catch (error) {
        if (
          requests.length > 1 &&
          error instanceof TransportHttpError &&
          BATCH_REFUSED_STATUS.has(error.status)
        ) {
          this.#singleRequests(batch)
          return
        }
        if (isRetryable(error) && attempt < this.#retries) {
          await this.#backoff(attempt)
          continue
        }
        for (const read of batch) read.reject(this.#unavailable(read, describeFailure(error, attempt)))
        return
      }
      if (requests.length > 1 && refusesBatch(answers)) {
        this.#singleRequests(batch)
        return
      }
      const byId = new Map(answers.map((answer) => [answer?.id, answer]))
      const rateLimited: PendingRead[] = []
      for (const [index, read] of batch.entries()) {
        const answer = byId.get(requests[index]!.id)
        if (!answer) read.reject(this.#unavailable(read, 'the batch answer left this request out'))
        else if (!answer.error) read.resolve(answer.result)
        else if (isRateLimited(answer.error) && attempt < this.#retries) rateLimited.push(read)
        else
          read.reject(
            new UpstreamRequestError(
              this.upstream,
              describeRead(read),
              answer.error.code,
              answer.error.message,
              answer.error.data,
            ),
          )
      }
      batch = rateLimited
      if (batch.length > 0) await this.#backoff(attempt)
    }
  }

  /**
   * The upstream refused a batch (some nodes and services serve single requests only, or limit
   * batches below ours): from now on every request travels alone, these first.
   */
  #singleRequests(batch: PendingRead[]): void {
    this.#batchSize = 1
    this.#queue.unshift(...batch)
  }

  async #backoff(attempt: number): Promise<void> {
    this.stats.retries++
    await this.#sleep(this.#backoffMs * 2 ** attempt)
  }

  #withTimeout<T>(operation: Promise<T>): Promise<T> {
    let expired = false
    const timeout = this.#sleep(this.#timeoutMs).then(() => {
      expired = true
    })
    return Promise.race([operation, timeout]).then((value) => {
      if (expired) throw new TimeoutError(`no answer within ${this.#timeoutMs} ms`)
      return value as T
    })
  }

  #unavailable(read: PendingRead, reason: string): UpstreamUnavailableError {
    return new UpstreamUnavailableError(this.upstream, describeRead(read), reason)
  }
}

/** HTTP statuses an upstream answers a batch it will not take with (not a node failure). */
const BATCH_REFUSED_STATUS = new Set([400, 405, 413, 415, 422])

/**
 * A batch answered with the same error for every request, an invalid-request or a message about
 * batches: the upstream does not take batches (of this size).
 */
function refusesBatch(answers: UpstreamResponse[]): boolean {
  if (answers.length === 0) return true
  return answers.every(
    (a) =>
      a?.error !== undefined && (a.error.code === INVALID_REQUEST || /batch/i.test(a.error.message ?? '')),
  )
}

/** RSKj's and most services' -32005, 429 in JSON-RPC, and the texts rate limiters answer with. */
function isRateLimited(error: { code: number; message: string }): boolean {
  return (
    error.code === RATE_LIMITED ||
    error.code === 429 ||
    error.code === -32029 ||
    /rate limit|too many requests|exceeded .*(capacity|quota|limit)/i.test(error.message ?? '')
  )
}

function isRetryable(error: unknown): boolean {
  if (error instanceof TransportHttpError) return error.status === 429 || error.status >= 500
  // fetch rejects with a TypeError when the network fails; timeouts are ours.
  return error instanceof TypeError || error instanceof TimeoutError
}

function describeFailure(error: unknown, attempt: number): string {
  const reason = error instanceof Error ? error.message : String(error)
  return attempt > 0 ? `${reason} (after ${attempt + 1} attempts)` : reason
}

function describeRead(read: PendingRead): string {
  return `${read.method}(${read.params.map((p) => JSON.stringify(p)).join(', ')})`
}
