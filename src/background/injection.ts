/**
 * Where the provider is injected: an allow list of match patterns, kept in extension storage.
 * The manifest declares the provider (MAIN world) and the relay (ISOLATED world) as static
 * content scripts for every site, so they are in every page from the moment the extension is
 * installed or updated, before the page's first script — no wait for the worker. A narrower list
 * is enforced by one dynamically registered script, `rsk-devnode-withdraw`, matching every site
 * except the list's patterns: it runs right after the static two, still at document_start and
 * before any page script, and makes them step aside (the provider removes `window.ethereum` and
 * its listeners, the relay closes its Port). An empty list withdraws everywhere. Changes apply to
 * the next page load. Free of extension APIs: index.ts passes `browser.scripting` and
 * `browser.storage.local`.
 *
 * The registration persists across browser sessions; `sync()` runs at every worker start and
 * brings it in line with the stored list (and removes the registrations of versions that
 * injected dynamically).
 */
import { ALL_SITES, type InjectionState } from '../shared/panelProtocol.js'

/** A fresh install injects everywhere, as the extension did with static content scripts. */
export const DEFAULT_ALLOW_LIST: readonly string[] = [ALL_SITES]
export const ALLOW_LIST_KEY = 'injection.allowList'
export const WITHDRAW_SCRIPT_ID = 'rsk-devnode-withdraw'
/** Ids under which earlier versions registered the provider and relay themselves. */
export const LEGACY_SCRIPT_IDS: readonly string[] = ['rsk-devnode-inpage', 'rsk-devnode-relay']
export const SCRIPT_IDS: readonly string[] = [WITHDRAW_SCRIPT_ID, ...LEGACY_SCRIPT_IDS]

export class InvalidMatchPatternError extends Error {
  static readonly code = -32602
  readonly code = InvalidMatchPatternError.code
  constructor(message: string) {
    super(message)
    this.name = 'InvalidMatchPatternError'
  }
}

const ALL_SITES_WORDS = new Set(['<all_urls>', 'all sites', 'all'])
const HOST_NAME =
  /^(\*|(\*\.)?[a-z0-9_]([a-z0-9_-]*[a-z0-9_])?(\.[a-z0-9_]([a-z0-9_-]*[a-z0-9_])?)*|\[[0-9a-f:.]+\])$/
const SCHEMES = new Set(['*', 'http', 'https', 'file'])

/**
 * A Chrome match pattern from what a developer types: `http://localhost:5173/*`,
 * `https://*.example.com/*`, `<all_urls>` or "all sites". An origin without a path
 * (`http://localhost:5173`) gets `/*`, a bare host (`localhost:5173`) the scheme `*` (http and
 * https). Scheme and host are lowercased. Throws `InvalidMatchPatternError` naming what is wrong.
 * Ports are Chrome's extension of the syntax; Firefox refuses them when registering.
 */
export function normalizeMatchPattern(input: string): string {
  const text = String(input ?? '').trim()
  if (!text) throw new InvalidMatchPatternError('Enter a match pattern such as http://localhost:5173/*')
  if (ALL_SITES_WORDS.has(text.toLowerCase())) return ALL_SITES
  let rest = text
  let scheme = '*'
  const separator = text.indexOf('://')
  if (separator >= 0) {
    scheme = text.slice(0, separator).toLowerCase()
    rest = text.slice(separator + 3)
  }
  if (!SCHEMES.has(scheme))
    throw new InvalidMatchPatternError(`"${text}": the scheme must be http, https, * (both) or file`)
  const slash = rest.indexOf('/')
  const hostPort = (slash < 0 ? rest : rest.slice(0, slash)).toLowerCase()
  const path = slash < 0 ? '/*' : rest.slice(slash)
  if (scheme === 'file') {
    if (hostPort) throw new InvalidMatchPatternError(`"${text}": file patterns have no host (file:///path)`)
    return `file://${path}`
  }
  const portAt = hostPort.startsWith('[')
    ? hostPort.indexOf(':', hostPort.indexOf(']'))
    : hostPort.indexOf(':')
  const host = portAt < 0 ? hostPort : hostPort.slice(0, portAt)
  const port = portAt < 0 ? null : hostPort.slice(portAt + 1)
  if (!host) throw new InvalidMatchPatternError(`"${text}": the host is missing`)
  if (!HOST_NAME.test(host))
    throw new InvalidMatchPatternError(
      `"${text}": the host must be *, *.domain or a host name (a wildcard only at the start, before a dot)`,
    )
  if (port !== null && port !== '*' && !(/^\d{1,5}$/.test(port) && Number(port) <= 65_535))
    throw new InvalidMatchPatternError(`"${text}": the port must be a number up to 65535 or *`)
  return `${scheme}://${hostPort}${path}`
}

/** Normalized, without duplicates, in the given order; throws on the first invalid pattern. */
export function normalizeAllowList(patterns: readonly string[]): string[] {
  return [...new Set(patterns.map(normalizeMatchPattern))]
}

/** The part of a registered content script this module sets and compares. */
export interface InjectedScript {
  id: string
  js?: string[]
  matches?: string[]
  excludeMatches?: string[]
  runAt?: 'document_start' | 'document_end' | 'document_idle'
  world?: 'MAIN' | 'ISOLATED'
  allFrames?: boolean
  persistAcrossSessions?: boolean
}

/** `chrome.scripting`'s dynamic content script functions (Chrome 111+, Firefox 128+ for MAIN). */
export interface ScriptingApi {
  getRegisteredContentScripts(filter?: { ids?: string[] }): Promise<InjectedScript[]>
  registerContentScripts(scripts: InjectedScript[]): Promise<unknown>
  updateContentScripts(scripts: InjectedScript[]): Promise<unknown>
  unregisterContentScripts(filter?: { ids?: string[] }): Promise<unknown>
}

/** Where the list is kept (`browser.storage.local` in the extension). */
export interface SettingsArea {
  get(key: string): Promise<Record<string, unknown>>
  set(items: Record<string, unknown>): Promise<unknown>
}

export interface InjectionControl {
  /** Resolves once the registrations match the stored list (the first `sync()`). */
  ready: Promise<void>
  /** Registers, updates or removes the two scripts so they match the stored list. */
  sync(): Promise<void>
  state(): Promise<InjectionState>
  add(pattern: string): Promise<InjectionState>
  remove(pattern: string): Promise<InjectionState>
  /** Replaces the whole list (validated); registration first, storage after it succeeded. */
  set(patterns: readonly string[]): Promise<InjectionState>
}

export interface InjectionDependencies {
  scripting: ScriptingApi
  settings: SettingsArea
  /** Built file name of the withdraw script (from the `?script` import in injectedFiles.ts). */
  files: { withdraw: string }
  /**
   * When the start-up sync may begin (default: at once). The worker lets its first answer go
   * first: the registrations persist across restarts, so the check can wait a moment, and its
   * browser calls would otherwise compete with opening the databases (index.ts).
   */
  startWhen?: Promise<unknown>
}

/**
 * What to register for a list: nothing when it holds every site (the manifest's scripts are
 * enough), otherwise the withdraw script everywhere but the listed patterns.
 */
export function scriptsFor(
  patterns: readonly string[],
  files: InjectionDependencies['files'],
): InjectedScript[] {
  if (patterns.includes(ALL_SITES)) return []
  return [
    {
      id: WITHDRAW_SCRIPT_ID,
      js: [files.withdraw],
      matches: [ALL_SITES],
      // Always present, even empty: an update must be able to clear the previous list.
      excludeMatches: [...patterns],
      world: 'ISOLATED',
      runAt: 'document_start',
      allFrames: true,
      persistAcrossSessions: true,
    },
  ]
}

const stripSlash = (file: string) => file.replace(/^\//, '')

function sameScript(registered: InjectedScript, wanted: InjectedScript): boolean {
  const sorted = (list: string[] | undefined) => [...(list ?? [])].sort().join('\n')
  return (
    sorted(registered.js?.map(stripSlash)) === sorted(wanted.js?.map(stripSlash)) &&
    sorted(registered.matches) === sorted(wanted.matches) &&
    sorted(registered.excludeMatches) === sorted(wanted.excludeMatches) &&
    (registered.world ?? 'ISOLATED') === wanted.world &&
    (registered.runAt ?? 'document_idle') === wanted.runAt &&
    !!registered.allFrames === !!wanted.allFrames &&
    (registered.persistAcrossSessions ?? true) === wanted.persistAcrossSessions
  )
}

export function createInjection({
  scripting,
  settings,
  files,
  startWhen = Promise.resolve(),
}: InjectionDependencies): InjectionControl {
  /** Changes run one at a time: two panels editing at once end with the last write, consistently. */
  let queue: Promise<unknown> = Promise.resolve()
  const serially = <T>(run: () => Promise<T>): Promise<T> => {
    const next = queue.then(run, run)
    queue = next.catch(() => undefined)
    return next
  }

  async function stored(): Promise<string[]> {
    const value = (await settings.get(ALLOW_LIST_KEY))[ALLOW_LIST_KEY]
    if (!Array.isArray(value)) return [...DEFAULT_ALLOW_LIST]
    // A stored list was validated when it was written; drop anything a later rule refuses.
    return value.flatMap((p) => {
      try {
        return [normalizeMatchPattern(String(p))]
      } catch {
        return []
      }
    })
  }

  async function apply(patterns: readonly string[]): Promise<void> {
    const wanted = scriptsFor(patterns, files)
    const registered = await scripting.getRegisteredContentScripts({ ids: [...SCRIPT_IDS] })
    const byId = new Map(registered.map((s) => [s.id, s]))
    const toRegister = wanted.filter((s) => !byId.has(s.id))
    const toUpdate = wanted.filter((s) => byId.has(s.id) && !sameScript(byId.get(s.id)!, s))
    const toRemove = registered.filter((s) => !wanted.some((w) => w.id === s.id)).map((s) => s.id)
    if (toRemove.length > 0) await scripting.unregisterContentScripts({ ids: toRemove })
    if (toUpdate.length > 0) await scripting.updateContentScripts(toUpdate)
    if (toRegister.length > 0) await scripting.registerContentScripts(toRegister)
  }

  const view = (patterns: string[]): InjectionState => ({ patterns, allSites: patterns.includes(ALL_SITES) })

  /** Validates, registers, then stores: a list the browser refused is never kept. */
  async function replace(patterns: readonly string[]): Promise<InjectionState> {
    const list = normalizeAllowList(patterns)
    await apply(list)
    await settings.set({ [ALLOW_LIST_KEY]: list })
    return view(list)
  }

  const sync = () => serially(async () => apply(await stored()))
  const ready = startWhen.then(sync, sync)
  ready.catch(() => undefined)

  return {
    ready,
    sync,
    state: () => serially(async () => view(await stored())),
    set: (patterns) => serially(() => replace(patterns)),
    add(pattern) {
      return serially(async () => replace([...(await stored()), normalizeMatchPattern(pattern)]))
    },
    remove(pattern) {
      return serially(async () => {
        const normalized = normalizeMatchPattern(pattern)
        return replace((await stored()).filter((p) => p !== normalized))
      })
    },
  }
}
