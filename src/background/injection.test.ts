import { describe, expect, it } from 'vitest'
import {
  ALL_SITES,
  ALLOW_LIST_KEY,
  createInjection,
  INPAGE_SCRIPT_ID,
  type InjectedScript,
  normalizeMatchPattern,
  RELAY_SCRIPT_ID,
  type ScriptingApi,
  type SettingsArea,
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
      for (const m of s.matches ?? []) if (refuse?.test(m)) throw new Error(`Invalid url pattern '${m}'`)
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

const files = { inpage: 'src/inpage/index.iife.js', relay: 'src/content/relay.iife.js' }

describe('createInjection', () => {
  it('registers the provider in the MAIN world and the relay everywhere on a fresh install', async () => {
    const browser = fakeBrowser()
    const injection = createInjection({ ...browser, files })
    await injection.ready
    expect(browser.registered.get(INPAGE_SCRIPT_ID)).toEqual({
      id: INPAGE_SCRIPT_ID,
      js: [files.inpage],
      matches: [ALL_SITES],
      world: 'MAIN',
      runAt: 'document_start',
      allFrames: true,
      persistAcrossSessions: true,
    })
    expect(browser.registered.get(RELAY_SCRIPT_ID)).toMatchObject({
      js: [files.relay],
      matches: [ALL_SITES],
      world: 'ISOLATED',
      runAt: 'document_start',
      allFrames: true,
    })
    expect(await injection.state()).toEqual({ patterns: [ALL_SITES], allSites: true })
  })

  it('does nothing at a worker start when the registrations already match', async () => {
    const browser = fakeBrowser()
    await createInjection({ ...browser, files }).ready
    browser.calls.length = 0
    await createInjection({ ...browser, files }).ready
    expect(browser.calls).toEqual(['get'])
  })

  it('updates registrations whose file changed (an extension update)', async () => {
    const browser = fakeBrowser()
    await createInjection({ ...browser, files: { inpage: 'old/inpage.js', relay: files.relay } }).ready
    browser.calls.length = 0
    await createInjection({ ...browser, files }).ready
    expect(browser.calls).toEqual(['get', `update ${INPAGE_SCRIPT_ID}`])
    expect(browser.registered.get(INPAGE_SCRIPT_ID)?.js).toEqual([files.inpage])
  })

  it('adds and removes patterns, stores the list and restores it at the next worker start', async () => {
    const browser = fakeBrowser()
    const injection = createInjection({ ...browser, files })
    await injection.add('http://127.0.0.1:5173')
    expect(await injection.remove('<all_urls>')).toEqual({
      patterns: ['http://127.0.0.1:5173/*'],
      allSites: false,
    })
    expect(browser.storage[ALLOW_LIST_KEY]).toEqual(['http://127.0.0.1:5173/*'])
    expect(browser.registered.get(INPAGE_SCRIPT_ID)?.matches).toEqual(['http://127.0.0.1:5173/*'])
    expect(browser.registered.get(RELAY_SCRIPT_ID)?.matches).toEqual(['http://127.0.0.1:5173/*'])
    // Adding the same origin again keeps one copy.
    expect((await injection.add('http://127.0.0.1:5173/*')).patterns).toEqual(['http://127.0.0.1:5173/*'])

    // The browser lost the registrations (or never had them): the next start brings them back.
    browser.registered.clear()
    const restarted = createInjection({ ...browser, files })
    await restarted.ready
    expect(browser.registered.get(INPAGE_SCRIPT_ID)?.matches).toEqual(['http://127.0.0.1:5173/*'])
    expect((await restarted.state()).patterns).toEqual(['http://127.0.0.1:5173/*'])
  })

  it('unregisters both scripts for an empty list and registers them again when a pattern comes back', async () => {
    const browser = fakeBrowser()
    const injection = createInjection({ ...browser, files })
    expect(await injection.remove('all sites')).toEqual({ patterns: [], allSites: false })
    expect(browser.registered.size).toBe(0)
    expect(browser.storage[ALLOW_LIST_KEY]).toEqual([])
    await createInjection({ ...browser, files }).ready
    expect(browser.registered.size).toBe(0)
    await injection.add('https://*.example.com/*')
    expect([...browser.registered.keys()].sort()).toEqual([INPAGE_SCRIPT_ID, RELAY_SCRIPT_ID])
  })

  it('keeps the stored list when the browser refuses a pattern, and refuses invalid input before it', async () => {
    const browser = fakeBrowser()
    const injection = createInjection({ ...browser, files })
    await injection.ready
    await expect(injection.add('https://exa*mple.com/*')).rejects.toMatchObject({ code: -32602 })
    // Firefox refuses ports in match patterns.
    browser.refuse(/:\d+\//)
    await expect(injection.add('http://localhost:5173/*')).rejects.toThrow(/Invalid url pattern/)
    expect((await injection.state()).patterns).toEqual([ALL_SITES])
    expect(browser.storage[ALLOW_LIST_KEY]).toBeUndefined()
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
