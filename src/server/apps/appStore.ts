/**
 * Apps live in `<data dir>/apps.json`. Every change is load → modify → atomic write, so the CLI
 * and a running server (which re-reads the file when it changes) never see a torn file.
 */
import { createPublicKey, randomBytes, randomUUID } from 'node:crypto'
import { join } from 'node:path'
import type { NetworkName } from '../../core/network/networks.js'
import { readJsonFile, writeJsonFileAtomic } from '../persist/jsonFile.js'
import { type App, type AppsFile, type Quota, USE_CASES, type UseCase } from './types.js'

/** Every network an app can be activated on, in the order they are shown. */
export const APP_NETWORKS: readonly NetworkName[] = ['mainnet', 'testnet', 'regtest']

export class AppsError extends Error {
  override name = 'AppsError'
}

export function appsFilePath(dataDir: string): string {
  return join(dataDir, 'apps.json')
}

export async function loadApps(dataDir: string): Promise<App[]> {
  const file = await readJsonFile<AppsFile>(appsFilePath(dataDir))
  return (file?.apps ?? []).map(upgradeApp)
}

/**
 * Apps written before networks and the chain-methods switch existed keep what they had: every
 * network, and the chain-changing methods allowed.
 */
function upgradeApp(app: App): App {
  const stored = app as Partial<App> & App
  return {
    ...stored,
    networks: Array.isArray(stored.networks) ? stored.networks : [...APP_NETWORKS],
    chainMethods: typeof stored.chainMethods === 'boolean' ? stored.chainMethods : true,
  }
}

/** Validates a list of network names (at least one, each known), in the canonical order. */
export function parseNetworks(names: readonly string[]): NetworkName[] {
  const lower = names.map((name) => name.trim().toLowerCase()).filter((name) => name !== '')
  for (const name of lower) {
    if (!(APP_NETWORKS as readonly string[]).includes(name)) {
      throw new AppsError(`unknown network "${name}": one of ${APP_NETWORKS.join(', ')}`)
    }
  }
  const chosen = APP_NETWORKS.filter((network) => lower.includes(network))
  if (chosen.length === 0)
    throw new AppsError(`an app needs at least one network (${APP_NETWORKS.join(', ')})`)
  return chosen
}

/** 128 random bits, hex: URL-safe as a path segment and unguessable. */
function newApiKey(): string {
  return randomBytes(16).toString('hex')
}

async function saveApps(dataDir: string, apps: App[]): Promise<void> {
  const file: AppsFile = { version: 1, apps }
  await writeJsonFileAtomic(appsFilePath(dataDir), file)
}

/** Finds an app by name (case-insensitive), API key or id. */
export function findApp(apps: readonly App[], ref: string): App | undefined {
  const lower = ref.toLowerCase()
  return apps.find((app) => app.name.toLowerCase() === lower || app.apiKey === ref || app.id === ref)
}

function requireApp(apps: readonly App[], ref: string): App {
  const app = findApp(apps, ref)
  if (!app) throw new AppsError(`no app named "${ref}" (and no app with that key or id)`)
  return app
}

async function updateApp(dataDir: string, ref: string, change: (app: App) => void): Promise<App> {
  const apps = await loadApps(dataDir)
  const app = requireApp(apps, ref)
  change(app)
  await saveApps(dataDir, apps)
  return app
}

export function isUseCase(value: string): value is UseCase {
  return (USE_CASES as readonly string[]).includes(value)
}

export interface CreateAppParameters {
  name: string
  description?: string
  useCase: string
  /** Networks to activate (default: all three). */
  networks?: readonly string[]
  /** Allow the chain-changing methods (default true: a dev node's apps usually want them). */
  chainMethods?: boolean
}

function parseUseCase(useCase: string): UseCase {
  const normalized = useCase.trim().toLowerCase()
  if (!isUseCase(normalized)) {
    throw new AppsError(`unknown use case "${useCase}": one of ${USE_CASES.join(', ')}`)
  }
  return normalized
}

export async function createApp(dataDir: string, parameters: CreateAppParameters) {
  const { name, description = '', useCase } = parameters
  const trimmed = name.trim()
  if (trimmed === '') throw new AppsError('an app needs a name (--name)')
  const normalizedUseCase = parseUseCase(useCase)
  const networks = parseNetworks(parameters.networks ?? APP_NETWORKS)
  const apps = await loadApps(dataDir)
  if (findApp(apps, trimmed)) throw new AppsError(`an app named "${trimmed}" already exists`)
  const app: App = {
    id: randomUUID(),
    name: trimmed,
    description: description.trim(),
    useCase: normalizedUseCase,
    apiKey: newApiKey(),
    createdAt: new Date().toISOString(),
    allowList: { origins: [], ips: [] },
    jwtKeys: [],
    quota: {},
    networks,
    chainMethods: parameters.chainMethods ?? true,
  }
  apps.push(app)
  await saveApps(dataDir, apps)
  return app
}

export async function deleteApp(dataDir: string, ref: string): Promise<App> {
  const apps = await loadApps(dataDir)
  const app = requireApp(apps, ref)
  await saveApps(
    dataDir,
    apps.filter((other) => other.id !== app.id),
  )
  return app
}

export interface AllowListChange {
  origins?: string[]
  ips?: string[]
  /** Remove the given entries instead of adding them. */
  remove?: boolean
  /** Empty both lists first (any origin, any IP). */
  clear?: boolean
}

export async function changeAllowList(dataDir: string, ref: string, change: AllowListChange): Promise<App> {
  const origins = (change.origins ?? []).map(normalizeOrigin)
  const ips = change.ips ?? []
  ips.forEach(validateIpEntry)
  return updateApp(dataDir, ref, (app) => {
    if (change.clear) app.allowList = { origins: [], ips: [] }
    const apply = (list: string[], entries: string[]) =>
      change.remove
        ? list.filter((entry) => !entries.includes(entry))
        : [...list, ...entries.filter((entry) => !list.includes(entry))]
    app.allowList = { origins: apply(app.allowList.origins, origins), ips: apply(app.allowList.ips, ips) }
  })
}

/** Origins compare as browsers send them: scheme://host[:port], lowercase, no path or slash. */
export function normalizeOrigin(origin: string): string {
  const match = /^(https?):\/\/([^/?#]+)\/?$/i.exec(origin.trim())
  if (!match)
    throw new AppsError(`"${origin}" is not an origin like https://app.example or https://*.example`)
  return `${match[1]!.toLowerCase()}://${match[2]!.toLowerCase()}`
}

function validateIpEntry(entry: string): void {
  const [address, prefix] = entry.split('/')
  const isV4 = /^\d{1,3}(\.\d{1,3}){3}$/.test(address ?? '')
  const isV6 = !isV4 && (address ?? '').includes(':') && /^[0-9a-f:.]+$/i.test(address ?? '')
  const prefixOk = prefix === undefined || (/^\d+$/.test(prefix) && Number(prefix) <= (isV4 ? 32 : 128))
  if (!(isV4 || isV6) || !prefixOk) throw new AppsError(`"${entry}" is not an IP address or CIDR range`)
}

export interface AddJwtKeyParameters {
  name: string
  publicKeyPem: string
  /** Overrides the algorithm derived from the key (only needed for RSA-PSS or unusual curves). */
  algorithm?: string
}

export async function addJwtKey(dataDir: string, ref: string, params: AddJwtKeyParameters): Promise<App> {
  const algorithm = params.algorithm ?? algorithmForKey(params.publicKeyPem)
  return updateApp(dataDir, ref, (app) => {
    if (app.jwtKeys.some((key) => key.name === params.name)) {
      throw new AppsError(`app "${app.name}" already has a JWT key named "${params.name}"`)
    }
    app.jwtKeys.push({
      name: params.name,
      publicKeyPem: params.publicKeyPem.trim(),
      algorithm,
      addedAt: new Date().toISOString(),
    })
  })
}

export async function removeJwtKey(dataDir: string, ref: string, keyName: string): Promise<App> {
  return updateApp(dataDir, ref, (app) => {
    if (!app.jwtKeys.some((key) => key.name === keyName)) {
      throw new AppsError(`app "${app.name}" has no JWT key named "${keyName}"`)
    }
    app.jwtKeys = app.jwtKeys.filter((key) => key.name !== keyName)
  })
}

const CURVE_ALGORITHMS: Record<string, string> = {
  prime256v1: 'ES256',
  secp384r1: 'ES384',
  secp521r1: 'ES512',
}

/** The JWS algorithm a public key verifies, from its type and curve. */
export function algorithmForKey(publicKeyPem: string): string {
  let key: ReturnType<typeof createPublicKey>
  try {
    key = createPublicKey(publicKeyPem)
  } catch {
    throw new AppsError('the JWT key is not a PEM public key (-----BEGIN PUBLIC KEY-----)')
  }
  const type = key.asymmetricKeyType
  if (type === 'rsa') return 'RS256'
  if (type === 'ed25519') return 'EdDSA'
  if (type === 'ec') {
    const curve = key.asymmetricKeyDetails?.namedCurve ?? ''
    const algorithm = CURVE_ALGORITHMS[curve]
    if (algorithm) return algorithm
    throw new AppsError(`EC keys on curve ${curve} are not supported (use P-256, P-384 or P-521)`)
  }
  throw new AppsError(`keys of type ${type} are not supported (use RSA, EC or Ed25519)`)
}

export async function setQuota(dataDir: string, ref: string, quota: Quota): Promise<App> {
  for (const [period, value] of Object.entries(quota)) {
    if (value !== undefined && (!Number.isSafeInteger(value) || value < 0)) {
      throw new AppsError(`the ${period} quota must be a whole number ≥ 0 (0 removes it)`)
    }
  }
  return updateApp(dataDir, ref, (app) => {
    const next: Quota = { ...app.quota }
    // 0 means "no limit": a quota of zero requests would only lock the app out.
    if (quota.daily !== undefined) next.daily = quota.daily === 0 ? undefined : quota.daily
    if (quota.monthly !== undefined) next.monthly = quota.monthly === 0 ? undefined : quota.monthly
    app.quota = Object.fromEntries(Object.entries(next).filter(([, value]) => value !== undefined))
  })
}

export interface AppDetailsChange {
  name?: string
  description?: string
  useCase?: string
  networks?: readonly string[]
  chainMethods?: boolean
}

/** Renames, re-describes, re-activates networks or flips the chain-methods switch. */
export async function changeApp(dataDir: string, ref: string, change: AppDetailsChange): Promise<App> {
  const useCase = change.useCase === undefined ? undefined : parseUseCase(change.useCase)
  const networks = change.networks === undefined ? undefined : parseNetworks(change.networks)
  const apps = await loadApps(dataDir)
  const app = requireApp(apps, ref)
  if (change.name !== undefined) {
    const name = change.name.trim()
    if (name === '') throw new AppsError('an app needs a name')
    const other = findApp(apps, name)
    if (other && other.id !== app.id) throw new AppsError(`an app named "${name}" already exists`)
    app.name = name
  }
  if (change.description !== undefined) app.description = change.description.trim()
  if (useCase !== undefined) app.useCase = useCase
  if (networks !== undefined) app.networks = networks
  if (change.chainMethods !== undefined) app.chainMethods = change.chainMethods
  await saveApps(dataDir, apps)
  return app
}

/** Gives the app a new API key; the old one stops working as soon as the server re-reads apps.json. */
export async function regenerateKey(dataDir: string, ref: string): Promise<App> {
  return updateApp(dataDir, ref, (app) => {
    app.apiKey = newApiKey()
  })
}
