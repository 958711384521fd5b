#!/usr/bin/env node
// Where a kept LevelDB scale chain's write time goes: starts the server on it with a CPU profile,
// runs W4 and W5 rounds, and prints the CPU each of the server's threads spent a send (main thread
// against LevelDB's background compaction and libuv's pool) and the profile's top functions.
//   node bench/scale/profileWrites.mjs .data/scale/leveldb-1000000 [sends=400] [outDir]
import { spawn } from 'node:child_process'
import { readdirSync, readFileSync } from 'node:fs'
import { join, resolve } from 'node:path'
import { freePort } from '../lib/freePort.mjs'
import { httpClient } from '../lib/rpc.mjs'
import { OUR_NETWORK, OUR_SERVER_BUNDLE } from '../lib/targets.mjs'
import { prepareChain, w4ValueTransfers, w5TokenTransfers } from '../lib/workloads.mjs'
import { serveArgs, untilServerAnswers } from './workerCommon.mjs'

const dataDir = resolve(process.argv[2])
const sends = Number(process.argv[3] ?? 400)
const outDir = resolve(process.argv[4] ?? '/tmp/profile-writes')
const marker = JSON.parse(readFileSync(join(dataDir, 'scale-chain.json'), 'utf8'))
const port = await freePort()
const child = spawn(
  process.execPath,
  ['--cpu-prof', `--cpu-prof-dir=${outDir}`, ...serveArgs(OUR_SERVER_BUNDLE, port, dataDir)],
  { stdio: ['ignore', 'ignore', 'inherit'] },
)
const client = httpClient(`http://127.0.0.1:${port}/${OUR_NETWORK}/${marker.apiKey}`)
await untilServerAnswers(child, client, { started: performance.now(), pollMs: 20 })
const ticks = () =>
  Object.fromEntries(
    readdirSync(`/proc/${child.pid}/task`).map((tid) => {
      const stat = readFileSync(`/proc/${child.pid}/task/${tid}/stat`, 'utf8')
      const name = readFileSync(`/proc/${child.pid}/task/${tid}/comm`, 'utf8').trim()
      const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ')
      return [`${name}#${tid}`, Number(fields[11]) + Number(fields[12])]
    }),
  )
const chain = await prepareChain(client)
await w4ValueTransfers(client, { transfers: 100 }, chain) // warm-up
const before = ticks()
const w4 = await w4ValueTransfers(client, { transfers: sends }, chain)
const w5 = await w5TokenTransfers(client, { tokenTransfers: sends }, chain, marker.contracts.token)
const after = ticks()
const perSend = Object.entries(after)
  .map(([thread, t]) => [thread, ((t - (before[thread] ?? 0)) * 10) / (2 * sends)])
  .filter(([, ms]) => ms > 0.01)
  .sort((a, b) => b[1] - a[1])
console.log(JSON.stringify({ dataDir, w4: w4.txPerSec, w5: w5.txPerSec, w4p50: w4.p50Ms, w5p50: w5.p50Ms }))
for (const [thread, ms] of perSend) console.log(`  ${thread}: ${ms.toFixed(3)} ms CPU a send`)
child.kill('SIGINT')
