// CPU time of the Chromium processes of one browser profile, by role, read from /proc (Linux):
// which process a workload keeps busy (the extension's worker, the page, the browser process
// where IndexedDB runs, the GPU or utility processes).
import { execSync } from 'node:child_process'
import { readdirSync, readFileSync } from 'node:fs'

const TICKS_PER_SECOND = Number(execSync('getconf CLK_TCK').toString().trim()) || 100

function stat(pid) {
  try {
    const text = readFileSync(`/proc/${pid}/stat`, 'utf8')
    // The command name is in parentheses and may hold spaces: fields start after the last ')'.
    const fields = text.slice(text.lastIndexOf(')') + 2).split(' ')
    return { ppid: Number(fields[1]), cpuTicks: Number(fields[11]) + Number(fields[12]) }
  } catch {
    return undefined
  }
}

function commandLine(pid) {
  try {
    // Zygote-forked children rewrite their title: their arguments are then one space-separated string.
    return readFileSync(`/proc/${pid}/cmdline`, 'utf8').split(/[\0 ]/)
  } catch {
    return []
  }
}

function role(args) {
  const type = args.find((a) => a.startsWith('--type='))?.slice(7)
  if (!type) return 'browser'
  if (type === 'renderer') return args.includes('--extension-process') ? 'extension' : 'page'
  if (type === 'utility')
    return `utility ${args.find((a) => a.startsWith('--utility-sub-type='))?.slice(19) ?? ''}`.trim()
  return type
}

/** Milliseconds of CPU (user + system) so far of each role's processes, for the browser using `profileDir`. */
export function chromiumCpu(profileDir) {
  const processes = new Map()
  for (const name of readdirSync('/proc')) {
    if (!/^\d+$/.test(name)) continue
    const s = stat(name)
    if (s) processes.set(Number(name), s)
  }
  const root = [...processes.keys()].find((pid) => {
    const args = commandLine(pid)
    return role(args) === 'browser' && args.some((a) => a === `--user-data-dir=${profileDir}`)
  })
  const out = {}
  if (root === undefined) return out
  const inTree = (pid) => {
    for (let p = pid, hops = 0; p > 1 && hops < 10; p = processes.get(p)?.ppid ?? 0, hops++)
      if (p === root) return true
    return false
  }
  for (const [pid, s] of processes) {
    if (!inTree(pid)) continue
    const r = role(commandLine(pid))
    out[r] = (out[r] ?? 0) + (s.cpuTicks * 1000) / TICKS_PER_SECOND
  }
  return out
}

/** CPU milliseconds each role spent between two `chromiumCpu` readings, per unit of work. */
export function cpuPer(before, after, units) {
  const out = {}
  for (const [r, ms] of Object.entries(after))
    out[r] = Math.round(((ms - (before[r] ?? 0)) / units) * 1000) / 1000
  return out
}
