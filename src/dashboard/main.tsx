/**
 * The server's dashboard: apps, their addresses, metrics and settings. Routes live in the hash
 * (#/, #/new, #/apps/<id>/<tab>) so the server serves one page. Theme: ?theme=, else the saved
 * choice, else the OS.
 */
import { render } from 'preact'
import { useEffect, useState } from 'preact/hooks'
import '../devtools/panel/panel.css'
import './dashboard.css'
import { AppsList } from './views/AppsList.js'
import { AppView, type TabName } from './views/AppView.js'
import { CreateApp } from './views/CreateApp.js'

type Theme = 'light' | 'dark'

function initialTheme(): Theme {
  const forced = new URLSearchParams(location.search).get('theme')
  if (forced === 'dark' || forced === 'light') return forced
  const saved = localStorage.getItem('rsk-devnode-theme')
  if (saved === 'dark' || saved === 'light') return saved
  return matchMedia('(prefers-color-scheme: dark)').matches ? 'dark' : 'light'
}

type Route = { view: 'list' } | { view: 'new' } | { view: 'app'; id: string; tab: TabName }

function parseHash(hash: string): Route {
  const parts = hash.replace(/^#\/?/, '').split('/').filter(Boolean)
  if (parts[0] === 'new') return { view: 'new' }
  if (parts[0] === 'apps' && parts[1]) {
    const tab = parts[2] === 'metrics' || parts[2] === 'settings' ? parts[2] : 'networks'
    return { view: 'app', id: parts[1], tab }
  }
  return { view: 'list' }
}

function Dashboard() {
  const [route, setRoute] = useState(() => parseHash(location.hash))
  const [theme, setTheme] = useState(initialTheme)
  useEffect(() => {
    const onHash = () => setRoute(parseHash(location.hash))
    addEventListener('hashchange', onHash)
    return () => removeEventListener('hashchange', onHash)
  }, [])
  useEffect(() => {
    document.documentElement.dataset.theme = theme
  }, [theme])

  return (
    <div class="dashboard">
      <header class="topbar">
        <a href="#/" class="brand">
          RSK Devnode <span class="muted">· Apps</span>
        </a>
        <button
          type="button"
          data-testid="theme-toggle"
          onClick={() => {
            const next = theme === 'dark' ? 'light' : 'dark'
            localStorage.setItem('rsk-devnode-theme', next)
            setTheme(next)
          }}
        >
          {theme === 'dark' ? 'Light theme' : 'Dark theme'}
        </button>
      </header>
      <main class="page">
        {route.view === 'list' && <AppsList />}
        {route.view === 'new' && <CreateApp />}
        {route.view === 'app' && <AppView id={route.id} tab={route.tab} />}
      </main>
    </div>
  )
}

render(<Dashboard />, document.getElementById('app')!)
