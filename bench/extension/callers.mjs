#!/usr/bin/env node
// Who calls a function, in a CPU profile written by profile.mjs (PROFILE_OUT): self time of every
// frame named `name`, summed by the chain of its `depth` nearest callers.
// Usage: node bench/extension/callers.mjs <file.cpuprofile> <name> [depth=3]
import { readFileSync } from 'node:fs'

const [file, name, depthArg] = process.argv.slice(2)
const depth = Number(depthArg ?? 3)
const profile = JSON.parse(readFileSync(file, 'utf8'))
const byId = new Map(profile.nodes.map((n) => [n.id, n]))
const parent = new Map()
for (const n of profile.nodes) for (const c of n.children ?? []) parent.set(c, n.id)
const label = (n) => `${n.callFrame.functionName || '(anon)'}:${n.callFrame.lineNumber}`
const chains = new Map()
let total = 0
for (let i = 0; i < profile.samples.length; i++) {
  const node = byId.get(profile.samples[i])
  if (node.callFrame.functionName !== name) continue
  const ms = (profile.timeDeltas[i + 1] ?? 0) / 1000
  total += ms
  const chain = []
  for (let x = parent.get(node.id); x !== undefined && chain.length < depth; x = parent.get(x))
    chain.push(label(byId.get(x)))
  const key = chain.join(' < ')
  chains.set(key, (chains.get(key) ?? 0) + ms)
}
console.log(`${name}: ${total.toFixed(1)} ms self`)
for (const [key, ms] of [...chains].sort((a, b) => b[1] - a[1]).slice(0, 25))
  console.log(ms.toFixed(1).padStart(8), key)
