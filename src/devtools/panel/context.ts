/** The store, connection and controller, shared with every component through one context. */
import { createContext } from 'preact'
import { useContext, useEffect, useState } from 'preact/hooks'
import type { PanelConnection } from './connection.js'
import type { PanelController } from './controller.js'
import type { PanelData, PanelStore } from './store.js'

export interface PanelServices {
  store: PanelStore
  connection: PanelConnection
  controller: PanelController
}

export const ServicesContext = createContext<PanelServices | null>(null)

export function useServices(): PanelServices {
  const services = useContext(ServicesContext)
  if (!services) throw new Error('Panel services are not provided')
  return services
}

/** The store's current data; re-renders on each (frame-coalesced) change. */
export function usePanelData(): PanelData {
  const { store } = useServices()
  const [data, setData] = useState(store.get())
  useEffect(() => store.subscribe(() => setData(store.get())), [store])
  return data
}

/** Runs an action, showing its name while busy and its error in the status bar. */
export function useAction() {
  const { store } = useServices()
  return async function act<T>(label: string, run: () => Promise<T>): Promise<T | undefined> {
    store.set({ busy: label, error: null })
    try {
      return await run()
    } catch (error) {
      store.set({ error: `${label}: ${error instanceof Error ? error.message : String(error)}` })
      return undefined
    } finally {
      store.set({ busy: null })
    }
  }
}
