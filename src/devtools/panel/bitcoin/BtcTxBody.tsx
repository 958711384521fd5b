/**
 * A Bitcoin transaction's inputs and outputs: what each input spends (address and value, read from
 * the spent transaction), each output's address and value in BTC, and OP_RETURN data as hex, as
 * text when it is, and as the RSK destination of an RSKIP170 peg-in instruction.
 */
import { useEffect, useState } from 'preact/hooks'
import { bytesToUnprefixedHex } from '../../../core/util/hex.js'
import { AddressLink } from '../components/ExploreLink.js'
import { usePanelData } from '../context.js'
import { BtcTxLink } from './BtcLinks.js'
import { outpointKey } from './btcController.js'
import { asciiOf, btcToSats, formatSats, opReturnData, pegInInstruction } from './btcFormat.js'
import { useBtc, useBtcData } from './context.js'
import type { BtcScriptPubKey, BtcTransaction, BtcVout } from './types.js'

function OpReturn({ script }: { script: BtcScriptPubKey }) {
  const { state } = usePanelData()
  const data = opReturnData(script.hex)
  if (!data) return <span class="muted">OP_RETURN (no data)</span>
  const text = asciiOf(data)
  const instruction = pegInInstruction(data, state?.network ?? 'regtest')
  return (
    <div class="btc-opreturn" data-testid="btc-opreturn">
      <code class="mono wrap">{bytesToUnprefixedHex(data)}</code>
      {text && !instruction && <div class="muted">“{text}”</div>}
      {instruction?.ok === true && (
        <div data-testid="btc-pegin-instruction">
          RSKIP170 peg-in v{instruction.version} → RSK <AddressLink address={instruction.destination} />
          {instruction.refundAddress && (
            <>
              , refund to <span class="mono">{instruction.refundAddress}</span>
            </>
          )}
        </div>
      )}
      {instruction?.ok === false && (
        <div class="error">RSKT data the Bridge refuses: {instruction.reason}</div>
      )}
    </div>
  )
}

/** An output's address, or its kind when it has none; the federation's and the faucet's are named. */
function Destination({ script }: { script: BtcScriptPubKey }) {
  const { info } = useBtcData()
  if (script.type === 'nulldata' || script.hex.startsWith('6a')) return <OpReturn script={script} />
  if (!script.address) return <span class="muted">{script.type ?? 'non-standard'}</span>
  const role =
    script.address === info?.federation.address
      ? 'federation'
      : script.address === info?.faucet.address
        ? 'faucet'
        : null
  return (
    <span class="mono">
      {script.address}
      {role && <span class="badge btc-role">{role}</span>}
    </span>
  )
}

const sumOf = (outputs: Array<BtcVout | undefined>) =>
  outputs.reduce((sum, o) => sum + (o ? btcToSats(o.value) : 0n), 0n)

export function BtcTxBody({ tx }: { tx: BtcTransaction }) {
  const { controller } = useBtc()
  const [spent, setSpent] = useState<Map<string, BtcVout>>(new Map())
  useEffect(() => {
    void controller.spentOutputs(tx).then(setSpent, () => undefined)
  }, [tx.txid])

  const coinbase = tx.vin.some((vin) => vin.coinbase !== undefined)
  const inputs = tx.vin.map((vin) =>
    vin.txid !== undefined && vin.vout !== undefined ? spent.get(outpointKey(vin.txid, vin.vout)) : undefined,
  )
  const outTotal = sumOf(tx.vout)
  const allKnown = !coinbase && inputs.every((o) => o !== undefined)
  return (
    <div class="btc-tx-body" data-testid="btc-tx-body">
      <table class="grid btc-io">
        <thead>
          <tr>
            <th>#</th>
            <th>Input spends</th>
            <th>Address</th>
            <th>Value</th>
          </tr>
        </thead>
        <tbody>
          {tx.vin.map((vin, i) => (
            <tr key={i} data-testid="btc-input">
              <td>{i}</td>
              {vin.coinbase !== undefined ? (
                <td colSpan={3} class="muted">
                  coinbase (new coins)
                </td>
              ) : (
                <>
                  <td>
                    <BtcTxLink txid={vin.txid ?? ''} />:{vin.vout}
                  </td>
                  <td>{inputs[i] ? <Destination script={inputs[i]!.scriptPubKey} /> : '…'}</td>
                  <td>{inputs[i] ? formatSats(btcToSats(inputs[i]!.value)) : ''}</td>
                </>
              )}
            </tr>
          ))}
        </tbody>
      </table>
      <table class="grid btc-io">
        <thead>
          <tr>
            <th>#</th>
            <th>Output to</th>
            <th>Value</th>
          </tr>
        </thead>
        <tbody>
          {tx.vout.map((out) => (
            <tr key={out.n} data-testid="btc-output">
              <td>{out.n}</td>
              <td>
                <Destination script={out.scriptPubKey} />
              </td>
              <td data-testid="btc-output-value">{formatSats(btcToSats(out.value))}</td>
            </tr>
          ))}
        </tbody>
      </table>
      <p class="muted">
        Outputs {formatSats(outTotal)}
        {allKnown && ` · fee ${formatSats(sumOf(inputs) - outTotal)}`}
      </p>
    </div>
  )
}
