// Checks that a target's result is complete and consistent: what the smoke run asserts, and what
// the full report lists as problems. Returns human-readable problems; empty means sound.
const PHASES = ['W1', 'W2', 'W3', 'W4', 'W5', 'W6', 'W7']

export function problemsOf(result) {
  if (result.unavailable) return [`unavailable: ${result.unavailable}`]
  const problems = Object.entries(result.errors ?? {}).map(
    ([phase, error]) => `${phase}: ${firstLine(error)}`,
  )
  for (const phase of PHASES) if (!result[phase]) problems.push(`${phase}: no result`)
  for (const phase of ['W1', 'W2', 'W3']) {
    const r = result[phase]
    if (r && !(r.sequential.p50Ms >= 0 && r.concurrent.callsPerSec > 0))
      problems.push(`${phase}: empty sample`)
    if (r?.sequential.truncated || r?.concurrent.truncated)
      problems.push(`${phase}: truncated by its time cap`)
  }
  for (const phase of ['W4', 'W5']) {
    const r = result[phase]
    if (r?.failed) problems.push(`${phase}: ${r.failed} transactions failed`)
    if (r?.truncated) problems.push(`${phase}: truncated at ${r.count} transactions by its time cap`)
  }
  const w6 = result.W6
  if (w6) {
    if (w6.blocks !== w6.txs) problems.push(`W6: ${w6.txs} transactions made ${w6.blocks} blocks`)
    if (w6.logsMatched !== w6.txs) problems.push(`W6: matched ${w6.logsMatched} logs, expected ${w6.txs}`)
    if (w6.logsForNothing !== 0) problems.push(`W6: the unmatched topic returned ${w6.logsForNothing} logs`)
    if (w6.txs < result.counts.eventBlocks) problems.push(`W6: truncated at ${w6.txs} blocks by its time cap`)
  }
  if (result.W7 && !(result.W7.startupMs > 0)) problems.push('W7: no start-up time')
  return problems
}

export function firstLine(text) {
  return String(text).split('\n')[0].slice(0, 240)
}
