/** Storage use as the panel shows it: the browser's estimate for the extension's origin. */

export interface StorageUse {
  usage: number
  quota: number
}

/** Above this share of the quota the status bar warns. */
export const STORAGE_WARN_SHARE = 0.8

export function formatBytes(bytes: number): string {
  if (bytes < 1024) return `${bytes} B`
  const units = ['KB', 'MB', 'GB', 'TB']
  let value = bytes / 1024
  let unit = 0
  while (value >= 1024 && unit < units.length - 1) {
    value /= 1024
    unit++
  }
  return `${value >= 100 ? Math.round(value) : value.toFixed(1)} ${units[unit]}`
}

/** `1.2 MB of 10 GB (0.01%)`. */
export function describeStorage({ usage, quota }: StorageUse): string {
  const share = quota > 0 ? (usage / quota) * 100 : 0
  const percent = share >= 10 ? share.toFixed(0) : share >= 0.1 ? share.toFixed(1) : share.toFixed(2)
  return `${formatBytes(usage)} of ${formatBytes(quota)} (${percent}%)`
}

/** The browser's estimate, or null where there is none (an old browser, a test without it). */
export async function estimateStorage(): Promise<StorageUse | null> {
  const estimate = await globalThis.navigator?.storage?.estimate?.()
  if (!estimate || estimate.usage === undefined || estimate.quota === undefined) return null
  return { usage: estimate.usage, quota: estimate.quota }
}
