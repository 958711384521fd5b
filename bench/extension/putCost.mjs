#!/usr/bin/env node
// What one IndexedDB put costs in Chromium, by kind of key: in a page of headless Chromium,
// transactions of 100 puts of 100-byte ArrayBuffers under string keys (`bh:` and 64 hex digits),
// the same key as a Uint8Array of its bytes (the store's byte keys) and as an ArrayBuffer. Prints
// the time of the put() calls in the page (µs a put) and to each transaction's completion (ms),
// means of `rounds` rounds after one warm-up round, kinds alternating.
// Usage: node bench/extension/putCost.mjs [rounds=5]
import { mkdtemp, rm } from 'node:fs/promises'
import { createServer } from 'node:http'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { chromium } from 'playwright-core'

const rounds = Number(process.argv[2] ?? 5)
const server = createServer((_q, r) =>
  r.writeHead(200, { 'content-type': 'text/html' }).end('<!doctype html><title>put cost</title>'),
)
await new Promise((done) => server.listen(0, '127.0.0.1', done))
const profile = await mkdtemp(join(tmpdir(), 'rsk-devnode-putcost-'))
const context = await chromium.launchPersistentContext(profile, {
  executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
  headless: true,
  args: ['--no-sandbox'],
})
try {
  const page = await context.newPage()
  await page.goto(`http://127.0.0.1:${server.address().port}/`)
  const result = await page.evaluate(async (rounds) => {
    const db = await new Promise((resolve) => {
      const open = indexedDB.open('put-cost', 1)
      open.onupgradeneeded = () => open.result.createObjectStore('kv')
      open.onsuccess = () => resolve(open.result)
    })
    const keyOf = (kind, text) => {
      if (kind === 'string') return text
      const bytes = new Uint8Array(text.length + 1)
      bytes[0] = 1
      for (let c = 0; c < text.length; c++) bytes[c + 1] = text.charCodeAt(c)
      return kind === 'Uint8Array' ? bytes : bytes.buffer
    }
    const out = {}
    let n = 0
    for (let round = 0; round <= rounds; round++)
      for (const kind of ['string', 'Uint8Array', 'ArrayBuffer']) {
        let putMs = 0
        let txMs = 0
        for (let t = 0; t < 10; t++) {
          const started = performance.now()
          const tx = db.transaction('kv', 'readwrite', { durability: 'relaxed' })
          const store = tx.objectStore('kv')
          for (let i = 0; i < 100; i++) {
            const value = crypto.getRandomValues(new Uint8Array(100))
            const key = keyOf(kind, `bh:${(n++).toString(16).padStart(64, '0')}`)
            const before = performance.now()
            store.put(value.buffer, key)
            putMs += performance.now() - before
          }
          await new Promise((done) => {
            tx.oncomplete = done
          })
          txMs += performance.now() - started
        }
        if (round === 0) continue
        out[kind] ??= { putUs: 0, txMs: 0 }
        out[kind].putUs += putMs / rounds // 1,000 puts a round: ms per 1,000 = µs per put
        out[kind].txMs += txMs / 10 / rounds
      }
    db.close()
    return out
  }, rounds)
  for (const [kind, { putUs, txMs }] of Object.entries(result))
    console.log(
      `${kind.padEnd(12)} put() ${putUs.toFixed(1)} µs in the page; 100-put transaction ${txMs.toFixed(1)} ms to complete`,
    )
} finally {
  await context.close()
  server.close()
  await rm(profile, { recursive: true, force: true })
}
