/** The Bitcoin view's store and controller, shared with its components through one context. */
import { createContext } from 'preact'
import { useContext, useEffect, useState } from 'preact/hooks'
import type { PanelConnection } from '../connection.js'
import { nextFrame } from '../store.js'
import { type BtcController, createBtcController } from './btcController.js'
import { type BtcData, type BtcStore, createBtcStore } from './btcStore.js'

export interface BtcServices {
  store: BtcStore
  controller: BtcController
}

/** One store for the panel's life, fed by the connection's pushes; reads only while `isActive`. */
export function createBtcServices(connection: PanelConnection, isActive: () => boolean): BtcServices {
  const store = createBtcStore(nextFrame)
  const controller = createBtcController(store, (method, params) => connection.rpc(method, params), isActive)
  connection.onPush((push) => controller.onPush(push))
  return { store, controller }
}

export const BtcContext = createContext<BtcServices | null>(null)

export function useBtc(): BtcServices {
  const services = useContext(BtcContext)
  if (!services) throw new Error('Bitcoin view services are not provided')
  return services
}

/** The Bitcoin store's current data; re-renders on each (frame-coalesced) change. */
export function useBtcData(): BtcData {
  const { store } = useBtc()
  const [data, setData] = useState(store.get())
  useEffect(() => store.subscribe(() => setData(store.get())), [store])
  return data
}
