/**
 * One transaction: fields, receipt, decoded revert reason, decoded logs, the call trace
 * (debug_traceTransaction with callTracer, when the node answers it) and console.log output. On a
 * fork, a transaction of the upstream's (at or below the fork block) shows the same: the node
 * answers it from the upstream's history and traces it by replaying its block there.
 */

import { useEffect, useState } from 'preact/hooks'
import type { Abi } from 'viem'
import { AddressLink } from '../components/ExploreLink.js'
import { FieldTable } from '../components/FieldTable.js'
import { usePanelData, useServices } from '../context.js'
import { type CallFrame, consoleLines } from '../lib/consoleLog.js'
import { quantity, shortHash } from '../lib/format.js'
import { decodeLog, formatArg, type LogLike, parseUserAbi } from '../lib/logs.js'
import { decodeRevert, describeRevert } from '../lib/revert.js'

interface Tx {
  hash: string
  from: string
  to: string | null
  input: string
  value: string
  gas: string
  gasPrice: string
  nonce: string
  blockNumber: string | null
}
interface Receipt {
  status: string
  gasUsed: string
  cumulativeGasUsed: string
  contractAddress: string | null
  logs: LogLike[]
}

function CallTree({ frame, depth = 0 }: { frame: CallFrame; depth?: number }) {
  return (
    <li>
      <span class="mono">
        {frame.type} {frame.to ? <AddressLink address={frame.to} /> : ''} {frame.input.slice(0, 10)} gas{' '}
        {quantity(frame.gasUsed)}
        {frame.error && <span class="error"> {frame.error}</span>}
      </span>
      {frame.calls && frame.calls.length > 0 && (
        <ul>
          {frame.calls.map((child, i) => (
            <CallTree key={i} frame={child} depth={depth + 1} />
          ))}
        </ul>
      )}
    </li>
  )
}

function safeAbi(text: string): Abi | undefined {
  try {
    return text.trim() ? parseUserAbi(text) : undefined
  } catch {
    return undefined
  }
}

export function TransactionDetail({ hash }: { hash: string }) {
  const { connection, store } = useServices()
  const { userAbi } = usePanelData()
  const [tx, setTx] = useState<Tx | null>(null)
  const [receipt, setReceipt] = useState<Receipt | null>(null)
  const [trace, setTrace] = useState<CallFrame | string | null>(null)
  const [revertData, setRevertData] = useState<string | null>(null)
  const [missing, setMissing] = useState(false)
  const abi = safeAbi(userAbi)

  useEffect(() => {
    setTx(null)
    setReceipt(null)
    setTrace(null)
    setRevertData(null)
    setMissing(false)
    void (async () => {
      const [t, r] = await Promise.all([
        connection.rpc<Tx>('eth_getTransactionByHash', [hash]),
        connection.rpc<Receipt | null>('eth_getTransactionReceipt', [hash]),
      ])
      setTx(t)
      setReceipt(r)
      if (!t) {
        setMissing(true)
        return
      }
      const traced = await connection
        .rpc<CallFrame>('debug_traceTransaction', [hash, { tracer: 'callTracer' }])
        .catch((e: Error) => `trace unavailable: ${e.message}`)
      setTrace(traced)
      if (r && r.status === '0x0' && t?.blockNumber) {
        // Replays the call on the parent state to recover the revert data RSKj receipts omit.
        const parent = `0x${(BigInt(t.blockNumber) - 1n).toString(16)}`
        const call = { from: t.from, to: t.to, data: t.input, value: t.value, gas: t.gas }
        await connection.rpc('eth_call', [call, parent]).then(
          () => setRevertData('0x'),
          (e: { data?: unknown }) => setRevertData(typeof e.data === 'string' ? e.data : '0x'),
        )
      }
    })()
  }, [hash])

  const lines = typeof trace === 'object' ? consoleLines(trace) : []
  return (
    <section class="explore-tx" data-testid="tx-detail" aria-label={`Transaction ${hash}`}>
      <h2 class="mono" title={hash}>
        Transaction {shortHash(hash, 10)}
      </h2>
      {missing && (
        <p class="error" data-testid="detail-error">
          This transaction is not on the chain (reverted, reset, or dropped from the pool).
        </p>
      )}
      {tx && <FieldTable fields={tx as unknown as Record<string, unknown>} testId="tx-fields" />}
      {receipt && (
        <>
          <h3>Receipt</h3>
          <p data-testid="tx-status">
            {receipt.status === '0x1' ? '✓ success' : '✗ failed'} · gas used {quantity(receipt.gasUsed)}
            {receipt.contractAddress && (
              <>
                {' · created '}
                <AddressLink address={receipt.contractAddress}>{receipt.contractAddress}</AddressLink>
              </>
            )}
          </p>
          {revertData !== null && (
            <p class="error" data-testid="revert-reason">
              Revert: {describeRevert(decodeRevert(revertData, abi))}
            </p>
          )}
          <h3>Logs ({receipt.logs.length})</h3>
          <ol class="logs">
            {receipt.logs.map((log, i) => {
              const decoded = decodeLog(log, abi)
              return (
                <li key={i} class="mono">
                  <AddressLink address={log.address} />{' '}
                  {decoded ? (
                    <span data-testid="decoded-log">
                      {decoded.name}(
                      {Object.entries(decoded.args)
                        .map(([k, v]) => `${k}: ${formatArg(v)}`)
                        .join(', ')}
                      )
                    </span>
                  ) : (
                    `${log.topics[0] ?? 'anonymous'} ${log.data}`
                  )}
                </li>
              )
            })}
          </ol>
        </>
      )}
      <h3>Call trace</h3>
      {trace === null && <p>{missing ? 'none' : 'loading…'}</p>}
      {typeof trace === 'string' && (
        <p class="muted" data-testid="trace-unavailable">
          {trace}
        </p>
      )}
      {trace && typeof trace === 'object' && (
        <ul class="tree" data-testid="call-trace">
          <CallTree frame={trace} />
        </ul>
      )}
      <h3>console.log</h3>
      {lines.length === 0 ? (
        <p class="muted">no console output</p>
      ) : (
        <pre data-testid="console-output">{lines.join('\n')}</pre>
      )}
      <h3>ABI for decoding</h3>
      <textarea
        rows={3}
        placeholder="Paste an ABI (JSON or one signature per line) to decode logs and custom errors"
        value={userAbi}
        onInput={(e) => store.set({ userAbi: (e.currentTarget as HTMLTextAreaElement).value })}
      />
    </section>
  )
}
