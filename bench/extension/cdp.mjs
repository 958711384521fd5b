// One Chrome DevTools Protocol connection over a target's WebSocket, for the bench scripts that
// speak CDP themselves (coldProfile, profile, unattachedBrowser, scale/extension).
import { readFileSync } from 'node:fs'
import { join } from 'node:path'
import WebSocket from 'ws'

/** The port Chromium's `--remote-debugging-port=0` picked, from its profile folder. */
export function devToolsPort(profileDir) {
  return readFileSync(join(profileDir, 'DevToolsActivePort'), 'utf8').split('\n')[0]
}

/**
 * Connects to `webSocketUrl`. `send` resolves with the whole reply (`result` or `error`) and takes
 * an optional flattened session id; `on` adds a listener for events and returns what removes it.
 */
export async function connectCdp(webSocketUrl) {
  const ws = new WebSocket(webSocketUrl)
  await new Promise((done, fail) => {
    ws.on('open', done)
    ws.on('error', fail)
  })
  let id = 0
  const waiting = new Map()
  const listeners = []
  ws.on('message', (raw) => {
    const message = JSON.parse(raw)
    if (message.id && waiting.has(message.id)) {
      waiting.get(message.id)(message)
      waiting.delete(message.id)
    } else for (const listener of listeners) listener(message)
  })
  return {
    send: (method, params = {}, sessionId = undefined) =>
      new Promise((done) => {
        const i = ++id
        waiting.set(i, done)
        ws.send(JSON.stringify({ id: i, method, params, ...(sessionId ? { sessionId } : {}) }))
      }),
    on: (listener) => {
      listeners.push(listener)
      return () => listeners.splice(listeners.indexOf(listener), 1)
    },
    close: () => ws.close(),
  }
}
