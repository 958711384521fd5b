import { describe, expect, it } from 'vitest'
import { ALL_SITES } from '../shared/panelProtocol.js'
import {
  ALLOW_LIST_KEY,
  createInjection,
  type InjectedScript,
  LEGACY_SCRIPT_IDS,
  normalizeMatchPattern,
  type ScriptingApi,
  type SettingsArea,
  WITHDRAW_SCRIPT_ID,
} from './injection.js'

describe('normalizeMatchPattern', () => {
  it.each([
    ['http://localhost:5173/*', 'http://localhost:5173/*'],
    ['https://*.example.com/*', 'https://*.example.com/*'],
    ['<all_urls>', ALL_SITES],
    ['All sites', ALL_SITES],
    ['  HTTP://LocalHost:5173  ', 'http://localhost:5173/*'],
    ['http://127.0.0.1:8080', 'http://127.0.0.1:8080/*'],
    ['localhost:3000', '*://localhost:3000/*'],
    ['*://*/*', '*://*/*'],
    ['https://app.example.com/dapp/*', 'https://app.example.com/dapp/*'],
    ['http://[::1]:8545/*', 'http://[::1]:8545/*'],
    ['http://localhost:*/*', 'http://localhost:*/*'],
    ['file:///home/me/*', 'file:///home/me/*'],
  ])('%s → %s', (input, expected) => {
    expect(normalizeMatchPattern(input)).toBe(expected)
    // Normalizing twice changes nothing (stored patterns are compared as given).
    expect(normalizeMatchPattern(expected)).toBe(expected)
  })

  it.each([
    ['', /Enter a match pattern/],
    ['ftp://example.com/*', /scheme/],
    ['https://exa*mple.com/*', /host/],
    ['https://*example.com/*', /host/],
    ['https:///*', /host is missing/],
    ['http://localhost:99999/*', /port/],
    ['http://localhost:80a/*', /port/],
    ['file://host/x', /file patterns have no host/],
  ])('refuses %j', (input, message) => {
    expect(() => normalizeMatchPattern(input)).toThrow(message)
    try {
      normalizeMatchPattern(input)
    } catch (error) {
      expect((error as { code: number }).code).toBe(-32602)
    }
  })
})

function fakeBrowser(initial: Record<string, unknown> = {}) {
  const registered = new Map<string, InjectedScript>()
  const calls: string[] = []
  let refuse: RegExp | null = null
  const check = (scripts: InjectedScript[]) => {
    for (const s of scripts)
      for (const m of [...(s.matches ?? []), ...(s.excludeMatches ?? [])])
        if (refuse?.test(m)) throw new Error(`Invalid url pattern '${m}'`)
  }
  const scripting: ScriptingApi = {
    async getRegisteredContentScripts(filter) {
      calls.push('get')
      return [...registered.values()]
        .filter((s) => !filter?.ids || filter.ids.includes(s.id))
        .map((s) => structuredClone(s))
    },
    async registerContentScripts(scripts) {
      calls.push(`register ${scripts.map((s) => s.id)}`)
      check(scripts)
      for (const s of scripts) {
        if (registered.has(s.id)) throw new Error(`Duplicate script ID '${s.id}'`)
        registered.set(s.id, structuredClone(s))
      }
    },
    async updateContentScripts(scripts) {
      calls.push(`update ${scripts.map((s) => s.id)}`)
      check(scripts)
      for (const s of scripts) registered.set(s.id, { ...registered.get(s.id)!, ...structuredClone(s) })
    },
    async unregisterContentScripts(filter) {
      calls.push(`unregister ${filter?.ids}`)
      for (const id of filter?.ids ?? [...registered.keys()]) registered.delete(id)
    },
  }
  const storage = { ...initial }
  const settings: SettingsArea = {
    async get(key) {
      return key in storage ? { [key]: structuredClone(storage[key]) } : {}
    },
    async set(items) {
      Object.assign(storage, structuredClone(items))
    },
  }
  return {
    scripting,
    settings,
    registered,
    storage,
    calls,
    refuse: (pattern: RegExp | null) => {
      refuse = pattern
    },
  }
}

const files = { withdraw: 'src/content/withdraw.iife.js' }

describe('createInjection', () => {
  it('registers nothing on a fresh install: the manifest already injects into every site', async () => {
    const browser = fakeBrowser()
    const injection = createInjection({ ...browser, files })
    await injection.ready
    expect(browser.registered.size).toBe(0)
    expect(await injection.state()).toEqual({ patterns: [ALL_SITES], allSites: true })
  })

  it('checks the registrations at start only once startWhen resolves (after the first answer)', async () => {
    const browser = fakeBrowser()
    for (const id of LEGACY_SCRIPT_IDS)
      browser.registered.set(id, { id, js: ['old.js'], matches: [ALL_SITES] })
    let start = () => {}
    const injection = createInjection({ ...browser, files, startWhen: new Promise<void>((r) => (start = r)) })
    await new Promise((resolve) => setTimeout(resolve, 10))
    expect(browser.registered.size).toBe(LEGACY_SCRIPT_IDS.length)
    start()
    await injection.ready
    expect(browser.registered.size).toBe(0)
  })

  it('removes the provider and relay registrations an earlier version made', async () => {
    const browser = fakeBrowser()
    for (const id of LEGACY_SCRIPT_IDS)
      browser.registered.set(id, { id, js: ['old.js'], matches: [ALL_SITES] })
    await createInjection({ ...browser, files }).ready
    expect(browser.registered.size).toBe(0)
  })

  it('withdraws from every site but the listed ones, at document_start in every frame', async () => {
    const browser = fakeBrowser()
    const injection = createInjection({ ...browser, files })
    await injection.add('http://127.0.0.1:5173')
    expect(await injection.remove('<all_urls>')).toEqual({
      patterns: ['http://127.0.0.1:5173/*'],
      allSites: false,
    })
    expect(browser.storage[ALLOW_LIST_KEY]).toEqual(['http://127.0.0.1:5173/*'])
    expect(browser.registered.get(WITHDRAW_SCRIPT_ID)).toEqual({
      id: WITHDRAW_SCRIPT_ID,
      js: [files.withdraw],
      matches: [ALL_SITES],
      excludeMatches: ['http://127.0.0.1:5173/*'],
      world: 'ISOLATED',
      runAt: 'document_start',
      allFrames: true,
      persistAcrossSessions: true,
    })
    // Adding the same origin again keeps one copy.
    expect((await injection.add('http://127.0.0.1:5173/*')).patterns).toEqual(['http://127.0.0.1:5173/*'])
    await injection.add('https://*.example.com/*')
    expect(browser.registered.get(WITHDRAW_SCRIPT_ID)?.excludeMatches).toEqual([
      'http://127.0.0.1:5173/*',
      'https://*.example.com/*',
    ])

    // The browser lost the registration (or never had it): the next start brings it back.
    browser.registered.clear()
    const restarted = createInjection({ ...browser, files })
    await restarted.ready
    expect(browser.registered.get(WITHDRAW_SCRIPT_ID)?.excludeMatches).toHaveLength(2)
    // Back to every site: nothing withdraws any more.
    await restarted.add('all sites')
    expect(browser.registered.size).toBe(0)
  })

  it('does nothing at a worker start when the registration already matches', async () => {
    const browser = fakeBrowser({ [ALLOW_LIST_KEY]: ['http://localhost/*'] })
    await createInjection({ ...browser, files }).ready
    browser.calls.length = 0
    await createInjection({ ...browser, files }).ready
    expect(browser.calls).toEqual(['get'])
  })

  it('updates a registration whose file changed (an extension update)', async () => {
    const browser = fakeBrowser({ [ALLOW_LIST_KEY]: ['http://localhost/*'] })
    await createInjection({ ...browser, files: { withdraw: 'old/withdraw.js' } }).ready
    browser.calls.length = 0
    await createInjection({ ...browser, files }).ready
    expect(browser.calls).toEqual(['get', `update ${WITHDRAW_SCRIPT_ID}`])
    expect(browser.registered.get(WITHDRAW_SCRIPT_ID)?.js).toEqual([files.withdraw])
  })

  it('withdraws everywhere for an empty list, and stops withdrawing from a site added back', async () => {
    const browser = fakeBrowser()
    const injection = createInjection({ ...browser, files })
    expect(await injection.remove('all sites')).toEqual({ patterns: [], allSites: false })
    expect(browser.registered.get(WITHDRAW_SCRIPT_ID)).toMatchObject({
      matches: [ALL_SITES],
      excludeMatches: [],
    })
    expect(browser.storage[ALLOW_LIST_KEY]).toEqual([])
    await injection.add('https://*.example.com/*')
    expect(browser.registered.get(WITHDRAW_SCRIPT_ID)?.excludeMatches).toEqual(['https://*.example.com/*'])
  })

  it('keeps the stored list when the browser refuses a pattern, and refuses invalid input before it', async () => {
    const browser = fakeBrowser()
    const injection = createInjection({ ...browser, files })
    await injection.ready
    await expect(injection.add('https://exa*mple.com/*')).rejects.toMatchObject({ code: -32602 })
    // Firefox refuses ports in match patterns.
    browser.refuse(/:\d+\//)
    await injection.remove('<all_urls>')
    await expect(injection.add('http://localhost:5173/*')).rejects.toThrow(/Invalid url pattern/)
    expect((await injection.state()).patterns).toEqual([])
    expect(browser.storage[ALLOW_LIST_KEY]).toEqual([])
  })

  it('runs concurrent changes one after the other', async () => {
    const browser = fakeBrowser()
    const injection = createInjection({ ...browser, files })
    await Promise.all([
      injection.add('http://a.localhost/*'),
      injection.add('http://b.localhost/*'),
      injection.remove('<all_urls>'),
    ])
    expect((await injection.state()).patterns).toEqual(['http://a.localhost/*', 'http://b.localhost/*'])
  })
})
