/** The dashboard's calls to its server: JSON, with the session token the server wrote into the page. */

const token = document.querySelector<HTMLMetaElement>('meta[name="rsk-devnode-token"]')?.content ?? ''

export class ApiError extends Error {}

export async function api<T>(method: string, path: string, body?: unknown): Promise<T> {
  const response = await fetch(`/dashboard/api/${path}`, {
    method,
    headers: { 'content-type': 'application/json', 'x-dashboard-token': token },
    body: body === undefined ? undefined : JSON.stringify(body),
  })
  const answer = (await response.json().catch(() => ({}))) as { error?: string }
  if (!response.ok) throw new ApiError(answer.error ?? `${response.status} ${response.statusText}`)
  return answer as T
}

export type NetworkName = 'mainnet' | 'testnet' | 'regtest'

export interface NetworkChoice {
  name: NetworkName
  chainId: number
}

export interface AppSummary {
  id: string
  name: string
  description: string
  useCase: string
  networks: NetworkName[]
  createdAt: string
  requestsToday: number
  totalRequests: number
  successRate: number | null
}

export interface AppList {
  baseUrl: string
  apps: AppSummary[]
  useCases: string[]
  networks: NetworkChoice[]
}

export interface LatencySummary {
  count: number
  p50Ms: number
  p99Ms: number
}

export interface NetworkMetrics {
  total: number
  success: number
  errors: number
  methods: Record<string, number>
  methodLatency: Record<string, LatencySummary>
  errorCodes: Record<string, number>
  latency: LatencySummary
}

export interface AppDetail {
  app: {
    id: string
    name: string
    description: string
    useCase: string
    apiKey: string
    createdAt: string
    networks: NetworkName[]
    chainMethods: boolean
    allowList: { origins: string[]; ips: string[] }
    jwtKeys: Array<{ name: string; algorithm: string; addedAt: string }>
    quota: { daily?: number; monthly?: number }
  }
  addresses: Array<{ network: NetworkName; chainId: number; url: string; providerUrl: string }>
  metrics: {
    networks: Partial<Record<NetworkName, NetworkMetrics>>
    rejections: Record<string, number>
    usage: { day: string; dayCount: number; month: string; monthCount: number }
    days: Array<{ day: string; total: number; success: number }>
    total: number
    success: number
    successRate: number | null
    requestsToday: number
  }
  chainMethodsSummary: string
  useCases: string[]
  networks: NetworkChoice[]
}
