import type { BrowserContext } from '@playwright/test'
import { describe, expect, it } from 'vitest'
import { ExtensionChannel, WorkerStoppedError } from './channel.js'

const ID = 'ajgkcaoipbhcnnggceidhnepjepobipp'
const SCRIPT = `chrome-extension://${ID}/service-worker-loader.js`

type Report = { runningStatus: string; status: string }

/**
 * What Chromium reported for a fresh install of the extension when the fixture's first call came
 * before the worker had started (ServiceWorker.workerVersionUpdated, one version per event): the
 * DevTools target was there, the version `stopped` and `new` while its script was fetched, then
 * started, installed and activated.
 */
const FRESH_INSTALL: Report[] = [
  { runningStatus: 'stopped', status: 'new' },
  { runningStatus: 'stopped', status: 'new' },
  { runningStatus: 'starting', status: 'new' },
  { runningStatus: 'starting', status: 'installing' },
  { runningStatus: 'running', status: 'installing' },
  { runningStatus: 'running', status: 'installed' },
  { runningStatus: 'running', status: 'activating' },
  { runningStatus: 'running', status: 'activated' },
]

/** A context with the extension's worker, whose evaluations the test answers, and a DevTools session it drives. */
function fakeContext(onEnable: Report[] = []) {
  const handlers = new Map<string, (event: unknown) => void>()
  const sent: string[] = []
  const report = (r: Report, versionId = '0') =>
    handlers.get('ServiceWorker.workerVersionUpdated')?.({
      versions: [{ versionId, registrationId: '0', scriptURL: SCRIPT, ...r }],
    })
  let answer: (value: unknown) => void = () => {}
  let evaluating: () => void = () => {}
  const started = new Promise<void>((done) => {
    evaluating = done
  })
  const worker = {
    url: () => SCRIPT,
    evaluate: () => {
      evaluating()
      return new Promise((done) => {
        answer = done
      })
    },
  }
  const cdp = {
    on: (event: string, handler: (event: unknown) => void) => handlers.set(event, handler),
    send: async (method: string) => {
      sent.push(method)
      if (method === 'ServiceWorker.enable') for (const r of onEnable) report(r)
    },
    detach: async () => {},
  }
  const page = { isClosed: () => false }
  const context = {
    serviceWorkers: () => [worker],
    pages: () => [page],
    newCDPSession: async () => cdp,
  } as unknown as BrowserContext
  return { context, report, sent, started, answer: (value: unknown) => answer(value) }
}

describe('ExtensionChannel', () => {
  it('does not read a freshly installed worker that has not started yet as stopped', async () => {
    const fake = fakeContext()
    const channel = new ExtensionChannel(fake.context, ID)
    const call = channel.control({ kind: 'getState' }, 'getState')
    await fake.started
    for (const r of FRESH_INSTALL) fake.report(r)
    fake.answer({ result: 'answered' })
    await expect(call).resolves.toBe('answered')
  })

  it('waits for a fresh install to start without starting it itself', async () => {
    // The first reports come with the session's start, before the call's evaluation.
    const fake = fakeContext(FRESH_INSTALL.slice(0, 2))
    const channel = new ExtensionChannel(fake.context, ID)
    const call = channel.control({ kind: 'getState' }, 'getState')
    await new Promise((done) => setTimeout(done, 0))
    for (const r of FRESH_INSTALL.slice(2)) fake.report(r)
    await fake.started
    fake.answer({ result: 'answered' })
    await expect(call).resolves.toBe('answered')
    expect(fake.sent).not.toContain('ServiceWorker.startWorker')
  })

  it('fails a call at once, naming it, when the running worker stops', async () => {
    const fake = fakeContext([{ runningStatus: 'running', status: 'activated' }])
    const channel = new ExtensionChannel(fake.context, ID)
    const call = channel.control({ kind: 'getState' }, 'getState')
    await fake.started
    fake.report({ runningStatus: 'stopping', status: 'activated' })
    await expect(call).rejects.toThrow(WorkerStoppedError)
    await expect(call).rejects.toThrow("the extension's service worker stopped while getState was running")
  })

  it('fails a call when a fresh install stops before it ran', async () => {
    const fake = fakeContext()
    const channel = new ExtensionChannel(fake.context, ID)
    const call = channel.control({ kind: 'getState' }, 'getState')
    await fake.started
    fake.report({ runningStatus: 'stopped', status: 'new' })
    fake.report({ runningStatus: 'starting', status: 'new' })
    // Its script threw on evaluation: it never ran, and nothing will answer.
    fake.report({ runningStatus: 'stopped', status: 'new' })
    await expect(call).rejects.toThrow(WorkerStoppedError)
  })
})
