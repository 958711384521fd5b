/**
 * The fixture's channel into the extension: `rskDevnodeControl(message)` evaluated in the
 * extension's service worker over the DevTools protocol (src/background/testControl.ts). It speaks
 * the panel protocol, so the fixture does what the DevTools panel and the popup do; the dApp's
 * pages see none of it.
 *
 * An MV3 worker can be stopped (by Chromium when idle, or by a test); an evaluation in a stopped
 * worker would wait forever. A DevTools-protocol session on a page of the context follows the
 * worker's running status: a call made while it is stopped starts it first, and a call that was
 * running when it stopped fails at once, naming the call.
 *
 * A fresh install is not a stop: Chromium makes the new version's DevTools target (the worker
 * Playwright reports) before it fetches the version's script, and reports the version `stopped`
 * (status `new`) until the fetch is done and it starts it. The first call after a launch can come in
 * that window, so such a version reads as starting (see `readStatus`).
 */
import type { BrowserContext, CDPSession, Page, Worker } from '@playwright/test'
import { CONTROL_GLOBAL, type ControlMessage, type ControlReply } from '../shared/testControl.js'
import { DevnodeRpcError } from './types.js'

const START_TIMEOUT_MS = 15_000

type Version = {
  versionId: string
  scriptURL: string
  runningStatus: string
  /** The version's lifecycle: new, installing, installed, activating, activated, redundant. */
  status: string
  registrationId: string
}
type Registration = { registrationId: string; scopeURL: string }

export class WorkerStoppedError extends Error {}

export class ExtensionChannel {
  readonly prefix: string
  /** The page that holds the DevTools session (the context's first page); tests leave it open. */
  anchor: Page | null = null
  private cdp: CDPSession | null = null
  private status = 'running'
  private scopeURL: string
  private onStatus = new Set<(status: string) => void>()
  /** The versions of the worker seen starting or running: only those can stop. */
  private started = new Set<string>()

  constructor(
    readonly context: BrowserContext,
    readonly extensionId: string,
  ) {
    this.prefix = `chrome-extension://${extensionId}/`
    this.scopeURL = this.prefix
  }

  /** Waits until the worker answers with its control entry installed. */
  async start(): Promise<void> {
    const deadline = Date.now() + START_TIMEOUT_MS
    for (;;) {
      const [found, otherHooks] = await this.evaluate(
        (name) => [
          typeof (globalThis as Record<string, unknown>)[name],
          typeof (globalThis as Record<string, unknown>).rskDevnodeInjectionReady,
        ],
        CONTROL_GLOBAL,
      )
      if (found === 'function') break
      // The worker's other hooks are there, this one is not: an older build of the extension.
      if (otherHooks === 'function' || Date.now() > deadline)
        throw new Error(
          `rsk-devnode/playwright: the extension's worker has no ${CONTROL_GLOBAL}(): the extension was built ` +
            'before the fixture existed. Rebuild it (`npm run build`).',
        )
      await new Promise((done) => setTimeout(done, 50))
    }
    // The provider is a static content script of the manifest: in every page from the install on
    // (a fresh profile has the default allow list, every site), so there is nothing more to wait for.
  }

  /** One control request; rejects with DevnodeRpcError for an error answer. */
  async control<T>(message: ControlMessage, label: string): Promise<T> {
    const reply = await this.evaluate(
      ({ name, request }) => {
        const entry = (globalThis as Record<string, unknown>)[name] as
          | ((m: unknown) => Promise<unknown>)
          | undefined
        if (!entry) return { error: { code: -32603, message: `${name} is missing in the worker` } }
        return entry(request)
      },
      { name: CONTROL_GLOBAL, request: message },
      label,
    )
    const answer = reply as ControlReply
    if (answer.error) throw new DevnodeRpcError(label, answer.error)
    return answer.result as T
  }

  /**
   * Several control requests in one evaluation, in order (one DevTools round trip): their
   * results, or the first error answer (the requests after it are not sent).
   */
  async controlAll(messages: ControlMessage[], label: string): Promise<unknown[]> {
    const replies = (await this.evaluate(
      async ({ name, requests }) => {
        const entry = (globalThis as Record<string, unknown>)[name] as
          | ((m: unknown) => Promise<{ result?: unknown; error?: unknown }>)
          | undefined
        if (!entry) return [{ error: { code: -32603, message: `${name} is missing in the worker` } }]
        const out: Array<{ result?: unknown; error?: unknown }> = []
        for (const request of requests) {
          const reply = await entry(request)
          out.push(reply)
          if (reply.error) break
        }
        return out
      },
      { name: CONTROL_GLOBAL, requests: messages },
      label,
    )) as ControlReply[]
    return replies.map((reply, i) => {
      if (reply.error) throw new DevnodeRpcError(`${label}: ${messages[i]?.kind ?? ''}`, reply.error)
      return reply.result
    })
  }

  private async evaluate<A, R>(
    fn: (arg: A) => R | Promise<R>,
    arg: A,
    label = 'a control request',
  ): Promise<R> {
    await this.ensureRunning()
    const worker = await this.worker()
    let stopped: ((status: string) => void) | undefined
    const interrupted = new Promise<never>((_, fail) => {
      stopped = (status) => {
        if (status === 'stopped' || status === 'stopping')
          fail(
            new WorkerStoppedError(
              `rsk-devnode/playwright: the extension's service worker stopped while ${label} was running`,
            ),
          )
      }
      this.onStatus.add(stopped)
    })
    interrupted.catch(() => {})
    try {
      const evaluated = worker.evaluate(fn as (arg: unknown) => R | Promise<R>, arg as unknown) as Promise<R>
      return await Promise.race([evaluated, interrupted])
    } finally {
      if (stopped) this.onStatus.delete(stopped)
    }
  }

  private async worker(): Promise<Worker> {
    const found = this.context.serviceWorkers().find((w) => w.url().startsWith(this.prefix))
    if (found) return found
    return this.context.waitForEvent('serviceworker', {
      predicate: (w) => w.url().startsWith(this.prefix),
      timeout: START_TIMEOUT_MS,
    })
  }

  /** The DevTools session that reports the worker's status (made again if its page was closed). */
  private async monitor(): Promise<CDPSession> {
    if (this.cdp && this.anchor && !this.anchor.isClosed()) return this.cdp
    this.anchor = this.context.pages().find((p) => !p.isClosed()) ?? (await this.context.newPage())
    const cdp = await this.context.newCDPSession(this.anchor)
    cdp.on(
      'ServiceWorker.workerRegistrationUpdated',
      ({ registrations }: { registrations: Registration[] }) => {
        for (const r of registrations) if (r.scopeURL.startsWith(this.prefix)) this.scopeURL = r.scopeURL
      },
    )
    cdp.on('ServiceWorker.workerVersionUpdated', ({ versions }: { versions: Version[] }) => {
      for (const v of versions) {
        if (!v.scriptURL.startsWith(this.prefix)) continue
        const status = this.readStatus(v)
        this.status = status
        for (const listener of [...this.onStatus]) listener(status)
      }
    })
    await cdp.send('ServiceWorker.enable')
    this.cdp = cdp
    return cdp
  }

  /**
   * A version's running status as the fixture reads it: a version still to be installed (`new`)
   * that has not run yet is starting, whatever Chromium reports, since it is `stopped` only while
   * its script is fetched. A version that ran and is `stopped` again stopped (a start that failed
   * too: the call would wait forever).
   */
  private readStatus(version: Version): string {
    const { versionId, runningStatus, status } = version
    if (runningStatus === 'starting' || runningStatus === 'running') this.started.add(versionId)
    else if (runningStatus === 'stopped' && status === 'new' && !this.started.has(versionId))
      return 'starting'
    return runningStatus
  }

  private async ensureRunning(): Promise<void> {
    const cdp = await this.monitor()
    if (this.status === 'running' || this.status === 'starting') return
    const running = new Promise<void>((done, fail) => {
      const timer = setTimeout(() => {
        this.onStatus.delete(listener)
        fail(new Error("rsk-devnode/playwright: the extension's service worker did not start again"))
      }, START_TIMEOUT_MS)
      const listener = (status: string) => {
        if (status !== 'running') return
        clearTimeout(timer)
        this.onStatus.delete(listener)
        done()
      }
      this.onStatus.add(listener)
    })
    await cdp.send('ServiceWorker.startWorker', { scopeURL: this.scopeURL })
    await running
  }

  async close(): Promise<void> {
    await this.cdp?.detach().catch(() => {})
    this.cdp = null
  }
}
