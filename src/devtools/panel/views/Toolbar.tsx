/**
 * Node controls: network, profile (rpc-api / rskj), mining mode and "mine N", time, named
 * snapshots, reset, chain export/import with progress, "reject next request", and the fork
 * control (ForkControl.tsx).
 */
import { useEffect, useRef, useState } from 'preact/hooks'
import type { ProfileName } from '../../../shared/panelProtocol.js'
import type { NetworkId } from '../../../shared/protocol.js'
import { useAction, usePanelData, useServices } from '../context.js'
import { download } from '../lib/format.js'
import { ForkControl } from './ForkControl.js'
import { SearchBox } from './SearchBox.js'

const NETWORKS: Array<{ id: NetworkId; label: string }> = [
  { id: 'mainnet', label: 'Mainnet (30)' },
  { id: 'testnet', label: 'Testnet (31)' },
  { id: 'regtest', label: 'Regtest (33)' },
]

const PROFILES: Array<{ id: ProfileName; label: string; title: string }> = [
  {
    id: 'rpc-api',
    label: 'rpc-api',
    title:
      'The hosted RPC service: eth_accounts is empty, pending refused by five methods, 2K-block / 10K-log getLogs',
  },
  {
    id: 'rskj',
    label: 'rskj',
    title: 'A self-run RSKj node: pending accepted everywhere, getLogs limited to 5000 blocks / 20000 logs',
  },
]

type MiningChoice = 'auto' | 'interval' | 'manual'

/** The interval in seconds as the field shows it: `5`, `0.5`, or a Hardhat range `3-6`. */
export function intervalText(mining: { seconds: number; maxSeconds?: number }): string {
  return mining.maxSeconds === undefined ? String(mining.seconds) : `${mining.seconds}-${mining.maxSeconds}`
}

/**
 * What the interval field asks of the node: whole seconds through Anvil's method, fractions and
 * `min-max` ranges through Hardhat's, which counts milliseconds. Anything else is sent as typed,
 * so the node's -32602 names the problem.
 */
export function intervalRequest(text: string): [string, unknown[]] {
  const trimmed = text.trim()
  const range = /^(\d+(?:\.\d+)?)\s*-\s*(\d+(?:\.\d+)?)$/.exec(trimmed)
  const ms = (seconds: string) => Math.round(Number(seconds) * 1000)
  if (range) return ['evm_setIntervalMining', [[ms(range[1]!), ms(range[2]!)]]]
  if (/^\d+$/.test(trimmed)) return ['anvil_setIntervalMining', [Number(trimmed)]]
  if (/^\d*\.\d+$/.test(trimmed)) return ['evm_setIntervalMining', [ms(trimmed)]]
  return ['anvil_setIntervalMining', [trimmed]]
}

export function Toolbar() {
  const { state, snapshots, head, node } = usePanelData()
  const { connection, controller, store } = useServices()
  const act = useAction()
  const [mining, setMining] = useState<MiningChoice>('auto')
  const [interval, setIntervalSeconds] = useState('2')
  const [mineCount, setMineCount] = useState('1')
  const [seconds, setSeconds] = useState('3600')
  const [nextTimestamp, setNextTimestamp] = useState('')
  const [snapshotName, setSnapshotName] = useState('')
  const [progress, setProgress] = useState<number | null>(null)

  // The node's real mode and interval (also after the panel is reopened); primitives as deps, so
  // the periodic refresh does not overwrite an interval being typed.
  const nodeMining = node?.mining.type
  const nodeSeconds = node?.mining.type === 'interval' ? intervalText(node.mining) : undefined
  // Nor may the answer to switching to interval mode: the field being edited keeps what is typed.
  const editingInterval = useRef(false)
  useEffect(() => {
    if (nodeMining) setMining(nodeMining)
    if (nodeSeconds !== undefined && !editingInterval.current) setIntervalSeconds(String(nodeSeconds))
  }, [nodeMining, nodeSeconds])

  async function applyMining(choice: MiningChoice, everySeconds = interval) {
    setMining(choice)
    const applied = await act('Mining mode', async () => {
      if (choice === 'interval') {
        const [method, params] = intervalRequest(everySeconds)
        await connection.rpc(method, params)
      } else await connection.rpc('anvil_setAutomine', [choice === 'auto'])
      await controller.refreshNodeSettings()
      return true
    })
    // Refused (a bad interval): show what the node still does.
    if (!applied) setMining(store.get().node?.mining.type ?? 'auto')
  }

  async function exportChain() {
    await act('Export chain', async () => {
      setProgress(0.1)
      const dump = await connection.rpc<unknown>('anvil_dumpState')
      setProgress(0.8)
      download(`rsk-devnode-${state?.network ?? 'chain'}-${head}.json`, JSON.stringify(dump))
      setProgress(1)
    })
    setTimeout(() => setProgress(null), 800)
  }

  async function importChain(file: File) {
    await act('Import chain', async () => {
      setProgress(0.1)
      const dump = JSON.parse(await file.text()) as unknown
      setProgress(0.3)
      await connection.rpc('anvil_loadState', [dump])
      setProgress(0.9)
      store.dropBlocksAbove(-1)
      await controller.refreshHead()
      setProgress(1)
    })
    setTimeout(() => setProgress(null), 800)
  }

  return (
    <div class="controls" role="toolbar" aria-label="Node controls">
      <SearchBox />
      <select
        aria-label="Network"
        data-testid="network-select"
        value={state?.network}
        onChange={(e) =>
          void act('Switch network', () =>
            connection.request({
              kind: 'setNetwork',
              network: (e.currentTarget as HTMLSelectElement).value as NetworkId,
            }),
          )
        }
      >
        {NETWORKS.map((n) => (
          <option key={n.id} value={n.id}>
            {n.label}
          </option>
        ))}
      </select>
      <label class="group" title={PROFILES.find((p) => p.id === node?.profile)?.title}>
        profile
        <select
          aria-label="Profile"
          data-testid="profile-select"
          value={node?.profile}
          disabled={!node}
          onChange={(e) => {
            const profile = (e.currentTarget as HTMLSelectElement).value as ProfileName
            void act('Switch profile', async () => {
              store.set({ node: await connection.request({ kind: 'setProfile', profile }) })
            })
          }}
        >
          {PROFILES.map((p) => (
            <option key={p.id} value={p.id} title={p.title}>
              {p.label}
            </option>
          ))}
        </select>
      </label>
      {node?.remascOmitted && (
        <span
          class="group"
          data-testid="remasc-omitted"
          title="This node leaves the REMASC transaction out of its blocks (an option for test suites); Rootstock blocks always end with it"
        >
          no REMASC
        </span>
      )}
      <span class="group">
        <select
          aria-label="Mining mode"
          data-testid="mining-mode"
          value={mining}
          onChange={(e) => void applyMining((e.currentTarget as HTMLSelectElement).value as MiningChoice)}
        >
          <option value="auto">automine</option>
          <option value="interval">interval</option>
          <option value="manual">manual</option>
        </select>
        {mining === 'interval' && (
          <input
            aria-label="Interval seconds"
            data-testid="interval-seconds"
            size={3}
            value={interval}
            onFocus={() => {
              editingInterval.current = true
            }}
            onBlur={() => {
              editingInterval.current = false
            }}
            onInput={(e) => setIntervalSeconds((e.currentTarget as HTMLInputElement).value)}
            onChange={(e) => {
              const value = (e.currentTarget as HTMLInputElement).value
              setIntervalSeconds(value)
              void applyMining('interval', value)
            }}
          />
        )}
        <input
          aria-label="Blocks to mine"
          data-testid="mine-count"
          size={3}
          value={mineCount}
          onInput={(e) => setMineCount((e.currentTarget as HTMLInputElement).value)}
        />
        <button
          type="button"
          data-testid="mine"
          onClick={() =>
            void act('Mine', async () => {
              await connection.rpc('anvil_mine', [Number(mineCount)])
              await controller.refreshHead()
            })
          }
        >
          Mine
        </button>
      </span>
      <span class="group">
        <input
          aria-label="Seconds"
          size={5}
          value={seconds}
          onInput={(e) => setSeconds((e.currentTarget as HTMLInputElement).value)}
        />
        <button
          type="button"
          onClick={() =>
            void act('Increase time', () => connection.rpc('evm_increaseTime', [Number(seconds)]))
          }
        >
          +time
        </button>
        <input
          aria-label="Next block timestamp"
          placeholder="next ts"
          size={10}
          value={nextTimestamp}
          onInput={(e) => setNextTimestamp((e.currentTarget as HTMLInputElement).value)}
        />
        <button
          type="button"
          onClick={() =>
            void act('Set next timestamp', () =>
              connection.rpc('anvil_setNextBlockTimestamp', [Number(nextTimestamp)]),
            )
          }
        >
          Set
        </button>
      </span>
      <span class="group">
        <input
          aria-label="Snapshot name"
          data-testid="snapshot-name"
          placeholder="snapshot name"
          size={10}
          value={snapshotName}
          onInput={(e) => setSnapshotName((e.currentTarget as HTMLInputElement).value)}
        />
        <button
          type="button"
          data-testid="snapshot-take"
          onClick={() =>
            void act('Snapshot', async () => {
              const id = await connection.rpc<string>('evm_snapshot')
              store.set({
                snapshots: [
                  ...store.get().snapshots,
                  { name: snapshotName || `#${id}`, id, blockNumber: store.get().head },
                ],
              })
              setSnapshotName('')
            })
          }
        >
          Snapshot
        </button>
        <select
          aria-label="Revert to snapshot"
          data-testid="snapshot-revert"
          value=""
          onChange={(e) => {
            const id = (e.currentTarget as HTMLSelectElement).value
            void act('Revert', async () => {
              await connection.rpc('evm_revert', [id])
              // A revert consumes the snapshot and every later one.
              const kept = store.get().snapshots
              store.set({
                snapshots: kept.slice(
                  0,
                  kept.findIndex((s) => s.id === id),
                ),
              })
              store.dropBlocksAbove(-1)
              await controller.refreshHead()
            })
          }}
        >
          <option value="">revert to…</option>
          {snapshots.map((s) => (
            <option key={s.id} value={s.id}>
              {s.name} (block {s.blockNumber})
            </option>
          ))}
        </select>
      </span>
      <button
        type="button"
        data-testid="reset"
        title={
          node?.fork ? 'Start the fork again from its fork block' : 'Start the chain again from a new genesis'
        }
        onClick={() => {
          const question = node?.fork
            ? 'Reset the fork to its fork block? Every local block and transaction is lost.'
            : 'Reset the chain to its genesis? Every block and transaction is lost.'
          if (!confirm(question)) return
          void act('Reset', async () => {
            // evm_reset keeps what the chain is: a fork starts again from its fork block.
            await connection.rpc('evm_reset')
            store.set({ snapshots: [] })
            store.dropBlocksAbove(-1)
            await controller.refreshHead()
          })
        }}
      >
        Reset
      </button>
      <span class="group">
        <button type="button" onClick={() => void exportChain()}>
          Export chain
        </button>
        <label class="button">
          Import chain
          <input
            type="file"
            accept="application/json"
            hidden
            onChange={(e) => {
              const file = (e.currentTarget as HTMLInputElement).files?.[0]
              if (file) void importChain(file)
            }}
          />
        </label>
        {progress !== null && <progress value={progress} max={1} aria-label="Chain transfer progress" />}
      </span>
      <label class="group" title="The next request that needs approval is rejected with 4001">
        <input
          type="checkbox"
          data-testid="reject-next"
          checked={!!state?.settings.rejectNext}
          onChange={(e) =>
            void act('Reject next', () =>
              connection.request({
                kind: 'setSettings',
                settings: { rejectNext: (e.currentTarget as HTMLInputElement).checked },
              }),
            )
          }
        />{' '}
        reject next request
      </label>
      <label class="group" title="Pages' provider says isMetaMask: true (dApps built for MetaMask need it)">
        <input
          type="checkbox"
          data-testid="is-metamask"
          checked={state?.settings.isMetaMask !== false}
          onChange={(e) =>
            void act('isMetaMask', () =>
              connection.request({
                kind: 'setSettings',
                settings: { isMetaMask: (e.currentTarget as HTMLInputElement).checked },
              }),
            )
          }
        />{' '}
        isMetaMask
      </label>
      <ForkControl />
    </div>
  )
}
