/**
 * The switches that let a developer exercise a dApp's rejection paths: "reject the next request"
 * (one-shot 4001) and "require approval" (each account, signing, sending or chain request waits
 * for a click in the popup or the panel). Pending approvals live in memory: if the worker
 * restarts, the relay replays the request and it asks again.
 */
import type { PendingApproval, WalletSettings } from '../shared/protocol.js'
import { UserRejectedRequestError } from './errors.js'
import type { WalletStore } from './store.js'

const SETTINGS_KEY = 'settings'
export const DEFAULT_SETTINGS: WalletSettings = {
  requireApproval: false,
  rejectNext: false,
  isMetaMask: true,
}

export interface Approvals {
  settings(): Promise<WalletSettings>
  updateSettings(patch: Partial<WalletSettings>): Promise<WalletSettings>
  /** Resolves when approved; throws UserRejectedRequestError (4001) otherwise. */
  check(request: Omit<PendingApproval, 'id'>): Promise<void>
  pending(): PendingApproval[]
  resolve(id: string, approved: boolean): boolean
}

export interface ApprovalHooks {
  /** Called when a request starts waiting, so the UI can open or refresh. */
  onPending?(approval: PendingApproval): void
  /** Called whenever settings or the pending list change. */
  onChange?(): void
  newId(): string
}

export function createApprovals(store: WalletStore, hooks: ApprovalHooks): Approvals {
  const waiting = new Map<string, { approval: PendingApproval; settle(approved: boolean): void }>()

  async function settings(): Promise<WalletSettings> {
    return { ...DEFAULT_SETTINGS, ...((await store.get<WalletSettings>(SETTINGS_KEY)) ?? {}) }
  }

  async function updateSettings(patch: Partial<WalletSettings>): Promise<WalletSettings> {
    const next = { ...(await settings()), ...patch }
    await store.put(SETTINGS_KEY, next)
    hooks.onChange?.()
    return next
  }

  return {
    settings,
    updateSettings,
    async check(request) {
      const current = await settings()
      if (current.rejectNext) {
        await updateSettings({ rejectNext: false })
        throw new UserRejectedRequestError()
      }
      if (!current.requireApproval) return
      const approval: PendingApproval = { id: hooks.newId(), ...request }
      const approved = await new Promise<boolean>((settle) => {
        waiting.set(approval.id, { approval, settle })
        hooks.onPending?.(approval)
        hooks.onChange?.()
      })
      if (!approved) throw new UserRejectedRequestError()
    },
    pending() {
      return [...waiting.values()].map((w) => w.approval)
    },
    resolve(id, approved) {
      const entry = waiting.get(id)
      if (!entry) return false
      waiting.delete(id)
      entry.settle(approved)
      hooks.onChange?.()
      return true
    },
  }
}
