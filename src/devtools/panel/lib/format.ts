/** Small display helpers shared by the views. */

export function shortHash(hash: string | null | undefined, keep = 8): string {
  if (!hash) return ''
  return hash.length <= keep * 2 + 2 ? hash : `${hash.slice(0, keep + 2)}…${hash.slice(-keep + 2)}`
}

export function age(seconds: number, nowMs: number): string {
  const delta = Math.max(0, Math.round(nowMs / 1000 - seconds))
  if (delta < 60) return `${delta}s ago`
  if (delta < 3600) return `${Math.floor(delta / 60)}m ago`
  if (delta < 86_400) return `${Math.floor(delta / 3600)}h ago`
  return `${Math.floor(delta / 86_400)}d ago`
}

/** A hex quantity in wei as RBTC with up to 6 decimals. */
export function formatRbtc(weiHex: string | bigint): string {
  const wei = typeof weiHex === 'bigint' ? weiHex : BigInt(weiHex)
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
