/**
 * The wallet setting a page's provider must know at its first script (`isMetaMask`), before the
 * worker answers: while it is off, one content script is registered, `rsk-devnode-not-metamask`
 * (ISOLATED world, document_start, every frame, persisted across sessions), which runs after the
 * manifest's provider and before any page script and tells it (src/content/notMetaMask.iife.ts).
 * On, nothing is registered. The provider learns changes at once from the worker too
 * (`walletSettings` events); the registration is for the next page loads.
 */
import type { ScriptingApi } from './injection.js'

export const NOT_METAMASK_SCRIPT_ID = 'rsk-devnode-not-metamask'

export function createProviderFlags(scripting: ScriptingApi, file: string) {
  let queue: Promise<unknown> = Promise.resolve()
  async function apply(isMetaMask: boolean): Promise<void> {
    const registered = await scripting.getRegisteredContentScripts({ ids: [NOT_METAMASK_SCRIPT_ID] })
    if (isMetaMask) {
      if (registered.length > 0) await scripting.unregisterContentScripts({ ids: [NOT_METAMASK_SCRIPT_ID] })
      return
    }
    if (registered.length > 0) return
    await scripting.registerContentScripts([
      {
        id: NOT_METAMASK_SCRIPT_ID,
        js: [file],
        matches: ['<all_urls>'],
        world: 'ISOLATED',
        runAt: 'document_start',
        allFrames: true,
        persistAcrossSessions: true,
      },
    ])
  }
  return {
    /** Brings the registration in line with the setting; changes run one at a time. */
    sync(isMetaMask: boolean): Promise<void> {
      const next = queue.then(() => apply(isMetaMask))
      queue = next.catch(() => undefined)
      return next
    },
  }
}
