/**
 * Panel entry point. The panel UI itself is built separately under src/devtools/panel/; until
 * then this shows the connection to the background and the live request count, which is enough
 * for the e2e test to see the panel protocol working.
 */
import { render } from 'preact'
import { useEffect, useState } from 'preact/hooks'
import { type BackgroundToPanel, DEVTOOLS_PORT_NAME, type PanelState } from '../../shared/protocol.js'

function App() {
  const [state, setState] = useState<PanelState | null>(null)
  const [logged, setLogged] = useState(0)
  useEffect(() => {
    const port = chrome.runtime.connect({ name: DEVTOOLS_PORT_NAME })
    port.onMessage.addListener((message: BackgroundToPanel) => {
      if (message.kind === 'state') setState(message.state)
      else if (message.kind === 'log') setLogged((n) => n + 1)
      else if (message.kind === 'reply' && message.id === 1) setState(message.result as PanelState)
    })
    port.postMessage({ kind: 'getState', id: 1 })
    return () => port.disconnect()
  }, [])
  return (
    <main>
      <h1>RSK Devnode</h1>
      <p data-testid="network">{state ? `${state.network} (${state.chainId})` : 'connecting…'}</p>
      <p data-testid="logged">Requests seen: {logged}</p>
    </main>
  )
}

render(<App />, document.getElementById('app')!)
