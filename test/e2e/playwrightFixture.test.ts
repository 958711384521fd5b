/**
 * The Playwright fixture (`rsk-devnode/playwright`, src/playwright) under `npm test`: runs its own
 * Playwright suite (test/playwright, two workers, every devnode and wallet call) and the specs
 * that misuse it on purpose (test/playwright/hygiene), and reads their JSON reports: the first
 * must pass entirely; in the second, each misuse must fail with a message that names it, and no
 * test may hang.
 */
import { spawn } from 'node:child_process'
import { resolve } from 'node:path'
import { describe, expect, it } from 'vitest'

const ROOT = resolve(import.meta.dirname, '../..')

interface JsonResult {
  status: 'passed' | 'failed' | 'timedOut' | 'skipped' | 'interrupted'
  duration: number
  errors: Array<{ message?: string }>
}
interface JsonSpec {
  title: string
  tests: Array<{ results: JsonResult[] }>
}
interface JsonSuite {
  specs: JsonSpec[]
  suites?: JsonSuite[]
}
interface JsonReport {
  suites: JsonSuite[]
  stats: { expected: number; unexpected: number; flaky: number; skipped: number; duration: number }
  errors: Array<{ message?: string }>
}

function specsOf(suites: JsonSuite[]): JsonSpec[] {
  return suites.flatMap((s) => [...s.specs, ...specsOf(s.suites ?? [])])
}

/** Runs `playwright test` with the JSON reporter; answers the report. */
function runPlaywright(
  config: string,
  extra: string[] = [],
): Promise<{ report: JsonReport; code: number | null }> {
  return new Promise((done, fail) => {
    const child = spawn(
      process.execPath,
      [
        resolve(ROOT, 'node_modules/@playwright/test/cli.js'),
        'test',
        '-c',
        config,
        '--reporter=json',
        ...extra,
      ],
      { cwd: ROOT, env: { ...process.env, PLAYWRIGHT_REPORTER: 'json', FORCE_COLOR: '0', CI: '1' } },
    )
    let stdout = ''
    let stderr = ''
    child.stdout.on('data', (chunk: Buffer) => {
      stdout += chunk.toString('utf8')
    })
    child.stderr.on('data', (chunk: Buffer) => {
      stderr += chunk.toString('utf8')
    })
    child.on('error', fail)
    child.on('close', (code) => {
      try {
        done({ report: JSON.parse(stdout.slice(stdout.indexOf('{'))) as JsonReport, code })
      } catch {
        fail(new Error(`playwright test printed no JSON report (exit ${code}):\n${stdout}\n${stderr}`))
      }
    })
  })
}

const messagesOf = (spec: JsonSpec | undefined): string =>
  (spec?.tests ?? [])
    .flatMap((t) => t.results.flatMap((r) => r.errors.map((e) => e.message ?? '')))
    .join('\n')
    // The JSON reporter keeps terminal colours in messages.
    // biome-ignore lint/suspicious/noControlCharactersInRegex: strips ANSI escapes
    .replace(/\u001b\[[0-9;]*m/g, '')

describe('the Playwright fixture', () => {
  it('passes its own suite with two parallel workers', async () => {
    const { report, code } = await runPlaywright('test/playwright/playwright.config.ts', ['--workers=2'])
    const failed = specsOf(report.suites).filter((s) =>
      s.tests.some((t) => t.results.some((r) => r.status !== 'passed')),
    )
    expect(
      failed.map((s) => `${s.title}: ${messagesOf(s)}`),
      report.errors.map((e) => e.message).join('\n'),
    ).toEqual([])
    expect(report.stats.unexpected).toBe(0)
    expect(report.stats.expected).toBeGreaterThanOrEqual(30)
    expect(code).toBe(0)
  })

  it('fails each misuse by name, and hangs on none', async () => {
    const { report, code } = await runPlaywright('test/playwright/hygiene/playwright.config.ts')
    const specs = specsOf(report.suites)
    const byTitle = (title: string) => specs.find((s) => s.title === title)
    const statuses = (title: string) => byTitle(title)?.tests.flatMap((t) => t.results.map((r) => r.status))
    expect(code).toBe(1)

    expect(statuses('forgets to await')).toEqual(['failed'])
    const forgotten = messagesOf(byTitle('forgets to await'))
    expect(forgotten).toContain('devnode.mine(3) was not awaited')
    expect(forgotten).toContain(
      'wallet.waitForRequest({"method":"personal_sign","timeout":10000}) was not awaited: it was still running when the test ended',
    )
    expect(forgotten).toContain(
      "devnode.request('no_suchMethod') was not awaited (it failed: method not found)",
    )

    const waitTitle = 'waits for a request that never comes, and leaves another pending'
    expect(statuses(waitTitle)).toEqual(['failed'])
    const waited = messagesOf(byTitle(waitTitle))
    expect(waited).toMatch(
      /wallet\.waitForRequest\(\{"method":"eth_sendTransaction","timeout":500\}\) timed out after 500 ms: no eth_sendTransaction request came to approve; pending: eth_requestAccounts from http:\/\/127\.0\.0\.1:\d+/,
    )
    expect(waited).toMatch(
      /the test left a request waiting for approval \(rejected now\): eth_requestAccounts from http:\/\/127\.0\.0\.1:\d+/,
    )

    // A page waiting for an approval nobody gives runs into the test's timeout (3 s), and the
    // teardown names the request.
    const timeoutTitle = 'awaits a page request nobody approves: the timeout names the request'
    expect(statuses(timeoutTitle)).toEqual(['timedOut'])
    expect(messagesOf(byTitle(timeoutTitle))).toMatch(
      /the test left a request waiting for approval \(rejected now\): eth_requestAccounts from http:\/\/127\.0\.0\.1:\d+/,
    )

    // Nothing left behind: the next test finds no pending request, at block 0.
    expect(statuses('after all that, a clean start')).toEqual(['passed'])
    // No other test ran into its timeout: every other failure came at once.
    const timedOut = specs.filter((s) => s.tests.some((t) => t.results.some((r) => r.status === 'timedOut')))
    expect(timedOut.map((s) => s.title)).toEqual([timeoutTitle])
  })
})
