import { describe, expect, it } from 'vitest'
import type { InjectedScript, ScriptingApi } from './injection.js'
import { createProviderFlags, NOT_METAMASK_SCRIPT_ID } from './providerFlags.js'

function fakeScripting() {
  const scripts = new Map<string, InjectedScript>()
  const api: ScriptingApi = {
    getRegisteredContentScripts: async (filter) =>
      [...scripts.values()].filter((s) => !filter?.ids || filter.ids.includes(s.id)),
    registerContentScripts: async (list) => {
      for (const s of list) {
        if (scripts.has(s.id)) throw new Error(`Duplicate script ID '${s.id}'`)
        scripts.set(s.id, s)
      }
    },
    updateContentScripts: async () => {},
    unregisterContentScripts: async (filter) => {
      for (const id of filter?.ids ?? []) scripts.delete(id)
    },
  }
  return { api, scripts }
}

describe('the isMetaMask setting at the first script', () => {
  it('registers the not-MetaMask script while the setting is off and removes it when on, once each', async () => {
    const { api, scripts } = fakeScripting()
    const flags = createProviderFlags(api, 'src/content/notMetaMask.iife.js')
    await flags.sync(true)
    expect(scripts.size).toBe(0)
    await Promise.all([flags.sync(false), flags.sync(false)])
    expect([...scripts.values()]).toEqual([
      expect.objectContaining({
        id: NOT_METAMASK_SCRIPT_ID,
        js: ['src/content/notMetaMask.iife.js'],
        matches: ['<all_urls>'],
        runAt: 'document_start',
        allFrames: true,
        persistAcrossSessions: true,
      }),
    ])
    await flags.sync(true)
    expect(scripts.size).toBe(0)
  })
})
