/**
 * Panel entry: in DevTools (`browser.devtools` present) or as a plain tab (`index.html` opened
 * directly, for tests). Theme follows DevTools' themeName, else the OS, else `?theme=`.
 */
import { render } from 'preact'
import { browser } from '../../shared/extensionApi.js'
import { App } from './App.js'
import { BtcContext, createBtcServices } from './bitcoin/context.js'
import { connectToBackground } from './connection.js'
import { ServicesContext } from './context.js'
import { createController } from './controller.js'
import { createStore } from './store.js'
import './panel.css'

function theme(): 'light' | 'dark' {
  const forced = new URLSearchParams(location.search).get('theme')
  if (forced === 'dark' || forced === 'light') return forced
  const devtoolsTheme = browser.devtools?.panels?.themeName
  if (devtoolsTheme) return devtoolsTheme === 'dark' ? 'dark' : 'light'
  return matchMedia('(prefers-color-scheme: dark)').matches ? 'dark' : 'light'
}

document.documentElement.dataset.theme = theme()
const store = createStore()
const connection = connectToBackground()
const controller = createController(store, connection)
const bitcoin = createBtcServices(connection, () => store.get().view === 'bitcoin')
const view = new URLSearchParams(location.search).get('view')
const VIEW_NAMES = [
  'blocks',
  'transactions',
  'mempool',
  'filters',
  'requests',
  'accounts',
  'apps',
  'bitcoin',
] as const
const requested = VIEW_NAMES.find((name) => name === view)
if (requested) store.set({ view: requested })
void controller.start().catch((error: Error) => store.set({ error: `Start: ${error.message}` }))

render(
  <ServicesContext.Provider value={{ store, connection, controller }}>
    <BtcContext.Provider value={bitcoin}>
      <App />
    </BtcContext.Provider>
  </ServicesContext.Provider>,
  document.getElementById('app')!,
)
