/** Small display helpers shared by the views. */

export function shortHash(hash: string | null | undefined, keep = 8): string {
  if (!hash) return ''
  return hash.length <= keep * 2 + 2 ? hash : `${hash.slice(0, keep + 2)}…${hash.slice(-keep + 2)}`
}

/** How long ago, for the last day; older times (a genesis of 1970, a pinned clock) as their day. */
export function age(seconds: number, nowMs: number): string {
  const delta = Math.max(0, Math.round(nowMs / 1000 - seconds))
  if (delta < 60) return `${delta}s ago`
  if (delta < 3600) return `${Math.floor(delta / 60)}m ago`
  if (delta < 86_400) return `${Math.floor(delta / 3600)}h ago`
  return dateTime(seconds).slice(0, 10)
}

/** A block timestamp as a UTC date and time: `2026-11-25 18:53:16 UTC`. */
export function dateTime(seconds: number | bigint): string {
  return `${new Date(Number(seconds) * 1000).toISOString().slice(0, 19).replace('T', ' ')} UTC`
}

/** A hex quantity in wei as gwei, with up to 3 decimals. */
export function formatGwei(weiHex: string | bigint): string {
  const wei = typeof weiHex === 'bigint' ? weiHex : BigInt(weiHex)
  const whole = wei / 10n ** 9n
  const fraction = (wei % 10n ** 9n).toString().padStart(9, '0').slice(0, 3).replace(/0+$/, '')
  return `${whole}${fraction ? `.${fraction}` : ''} gwei`
}

const TIME_FIELDS = new Set(['timestamp'])
const RBTC_FIELDS = new Set(['paidFees', 'value'])
const GWEI_FIELDS = new Set(['minimumGasPrice', 'gasPrice', 'effectiveGasPrice'])
const DECIMAL_FIELDS = new Set([
  'number',
  'gasLimit',
  'gasUsed',
  'cumulativeGasUsed',
  'size',
  'difficulty',
  'totalDifficulty',
  'cumulativeDifficulty',
  'uncleCount',
  'nonce',
  'transactionIndex',
  'blockNumber',
  'gas',
])

/**
 * A block or transaction field as an explorer shows it: quantities in decimal, amounts in RBTC or
 * gwei, times as dates. Anything else (hashes, addresses, data) is shown as it came; the raw hex
 * stays available on hover and copy.
 */
export function displayField(key: string, value: unknown): string {
  if (typeof value !== 'string') return json(value)
  if (!/^0x[0-9a-f]*$/i.test(value)) return value
  // Calldata, bytecode, merged-mining proofs: the start and the size (all of it on hover and copy).
  if (value.length > 130) return `${value.slice(0, 66)}… (${(value.length - 2) / 2} bytes)`
  if (value.length > 66) return value
  if (key === 'nonce' && value.length > 18) return value // a block's 8-byte nonce is data
  if (TIME_FIELDS.has(key)) return dateTime(BigInt(value))
  if (RBTC_FIELDS.has(key)) return formatRbtc(value)
  if (GWEI_FIELDS.has(key)) return formatGwei(value)
  if (DECIMAL_FIELDS.has(key)) return BigInt(value).toLocaleString('en-US')
  return value
}

/** A hex quantity in wei as RBTC with up to 6 decimals; an amount too small for them in wei. */
export function formatRbtc(weiHex: string | bigint): string {
  const wei = typeof weiHex === 'bigint' ? weiHex : BigInt(weiHex)
  if (wei > 0n && wei < 10n ** 12n) return `${wei.toLocaleString('en-US')} wei`
  const whole = wei / 10n ** 18n
  const fraction = (wei % 10n ** 18n).toString().padStart(18, '0').slice(0, 6).replace(/0+$/, '')
  return `${whole}${fraction ? `.${fraction}` : ''} RBTC`
}

export function quantity(hex: string | undefined | null): string {
  return hex ? BigInt(hex).toString() : ''
}

export function json(value: unknown): string {
  return JSON.stringify(value, (_k, v) => (typeof v === 'bigint' ? v.toString() : v), 2)
}

export async function copyText(text: string): Promise<void> {
  try {
    await navigator.clipboard.writeText(text)
  } catch {
    // DevTools panels may lack clipboard permission: fall back to a selection copy.
    const area = document.createElement('textarea')
    area.value = text
    document.body.append(area)
    area.select()
    document.execCommand('copy')
    area.remove()
  }
}

export function download(name: string, text: string): void {
  const url = URL.createObjectURL(new Blob([text], { type: 'application/json' }))
  const link = document.createElement('a')
  link.href = url
  link.download = name
  link.click()
  setTimeout(() => URL.revokeObjectURL(url), 1000)
}
