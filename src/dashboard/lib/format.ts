/** Small formatting helpers shared by the views. */

export const percent = (rate: number | null) => (rate === null ? '–' : `${(rate * 100).toFixed(1)}%`)

export const USE_CASE_LABELS: Record<string, string> = {
  defi: 'DeFi',
  analytics: 'Analytics',
  gaming: 'Gaming',
  wallet: 'Wallet',
  other: 'Other',
}

export const NETWORK_LABELS: Record<string, string> = {
  mainnet: 'Rootstock Mainnet',
  testnet: 'Rootstock Testnet',
  regtest: 'Regtest (local)',
}

/** The last `count` UTC days ending with `today` (YYYY-MM-DD), oldest first. */
export function lastDays(today: string, count: number): string[] {
  const end = Date.parse(`${today}T00:00:00Z`)
  return Array.from({ length: count }, (_, index) =>
    new Date(end - (count - 1 - index) * 86_400_000).toISOString().slice(0, 10),
  )
}
