/**
 * The merged-mining proof of a block, decoded and checked by the independent checker
 * (src/core/mining/verify): Bitcoin header and its PoW against the target, the coinbase tail
 * with the RSKBLOCK: tag, and the merkle path from the coinbase to the header's merkle root.
 */
import { verifyMergedMining } from '../../../core/mining/verify/verifyMergedMining.js'
import type { CheckStatus, VerifyMergedMiningReturnType } from '../../../core/mining/verify/verifyTypes.js'
import { hexToBytes } from '../../../core/util/hex.js'
import { quantity } from '../lib/format.js'

export interface RpcBlockFields {
  difficulty: string
  cumulativeDifficulty?: string
  totalDifficulty?: string
  minimumGasPrice?: string
  paidFees?: string
  hashForMergedMining?: string
  bitcoinMergedMiningHeader?: string
  bitcoinMergedMiningCoinbaseTransaction?: string
  bitcoinMergedMiningMerkleProof?: string
}

function Check({ status, label }: { status: CheckStatus; label: string }) {
  const mark = status === 'pass' ? '✓' : status === 'fail' ? '✗' : '–'
  return (
    <span class={`check ${status}`} data-testid={`check-${label}`}>
      {mark} {label}
    </span>
  )
}

function verify(block: RpcBlockFields): VerifyMergedMiningReturnType | null {
  if (!block.bitcoinMergedMiningHeader || !block.hashForMergedMining) return null
  return verifyMergedMining({
    hashForMergedMining: hexToBytes(block.hashForMergedMining),
    difficulty: BigInt(block.difficulty),
    bitcoinMergedMiningHeader: hexToBytes(block.bitcoinMergedMiningHeader),
    bitcoinMergedMiningCoinbaseTransaction: hexToBytes(block.bitcoinMergedMiningCoinbaseTransaction ?? '0x'),
    bitcoinMergedMiningMerkleProof: hexToBytes(block.bitcoinMergedMiningMerkleProof ?? '0x'),
  })
}

function TailWithTag({ tail, position }: { tail: string; position: number }) {
  const hex = tail.replace(/^0x/, '')
  if (position < 0) return <code class="mono wrap">{hex}</code>
  const start = position * 2
  const tagEnd = start + 18 // "RSKBLOCK:" is 9 bytes
  const hashEnd = tagEnd + 64
  return (
    <code class="mono wrap">
      {hex.slice(0, start)}
      <mark title="RSKBLOCK:">{hex.slice(start, tagEnd)}</mark>
      <mark class="hash" title="hashForMergedMining">
        {hex.slice(tagEnd, hashEnd)}
      </mark>
      {hex.slice(hashEnd)}
    </code>
  )
}

export function MergedMiningSection({ block }: { block: RpcBlockFields }) {
  const result = verify(block)
  if (!result) return <p>No merged-mining proof in this block (genesis).</p>
  const { checks, decoded } = result
  const header = decoded.header
  return (
    <section class="merged-mining" data-testid="merged-mining">
      <h3>
        Merged mining{' '}
        {result.valid ? (
          <span class="check pass">valid</span>
        ) : (
          <span class="check fail">{result.reason}</span>
        )}
      </h3>
      <h4>Bitcoin header</h4>
      {header && (
        <table class="fields">
          <tbody>
            <tr>
              <th>version</th>
              <td>{header.version}</td>
            </tr>
            <tr>
              <th>previous hash</th>
              <td class="mono">{header.previousBlockHash}</td>
            </tr>
            <tr>
              <th>merkle root</th>
              <td class="mono">{header.merkleRoot}</td>
            </tr>
            <tr>
              <th>time</th>
              <td>
                {header.time} ({new Date(header.time * 1000).toISOString()})
              </td>
            </tr>
            <tr>
              <th>bits</th>
              <td class="mono">0x{header.bits.toString(16).padStart(8, '0')}</td>
            </tr>
            <tr>
              <th>nonce</th>
              <td>{header.nonce}</td>
            </tr>
            <tr>
              <th>hash</th>
              <td class="mono">{decoded.bitcoinHash}</td>
            </tr>
            <tr>
              <th>target</th>
              <td class="mono">{decoded.target}</td>
            </tr>
          </tbody>
        </table>
      )}
      <p>
        <Check status={checks.headerSize} label="header is 80 bytes" />{' '}
        <Check status={checks.pow} label="PoW ≤ target" />
      </p>
      <h4>Coinbase</h4>
      {decoded.coinbase && (
        <>
          <p>
            midstate over {decoded.coinbase.midstateByteCount} bytes, coinbase{' '}
            {decoded.coinbase.coinbaseLength} bytes, txid <span class="mono">{decoded.coinbaseTxid}</span>
          </p>
          <TailWithTag tail={decoded.coinbase.tail} position={decoded.coinbase.lastTagPositionInTail} />
        </>
      )}
      <p>
        <Check status={checks.tag} label="tag = hashForMergedMining" />{' '}
        <Check status={checks.tagPosition} label="tag position" />{' '}
        <Check status={checks.coinbaseLength} label="coinbase length" />
      </p>
      <h4>Merkle proof</h4>
      <ol class="merkle-path mono">
        <li>coinbase {decoded.coinbaseTxid}</li>
        {decoded.merklePath.map((step, i) => (
          <li key={i}>
            + {step.sibling} → {step.parent ?? 'refused'}
          </li>
        ))}
        <li>
          root {decoded.computedMerkleRoot}{' '}
          {header &&
            (decoded.computedMerkleRoot === header.merkleRoot
              ? '= header merkle root'
              : '≠ header merkle root')}
        </li>
      </ol>
      <p>
        <Check status={checks.proofFormat} label="proof format" />{' '}
        <Check status={checks.merkleProof} label="merkle path reaches the root" />
      </p>
      <h4>Fees and difficulty</h4>
      <table class="fields">
        <tbody>
          <tr>
            <th>minimumGasPrice</th>
            <td>{quantity(block.minimumGasPrice)}</td>
          </tr>
          <tr>
            <th>paidFees</th>
            <td>{quantity(block.paidFees)}</td>
          </tr>
          <tr>
            <th>difficulty</th>
            <td>{quantity(block.difficulty)}</td>
          </tr>
          <tr>
            <th>cumulativeDifficulty</th>
            <td>{quantity(block.cumulativeDifficulty)}</td>
          </tr>
          <tr>
            <th>totalDifficulty</th>
            <td>{quantity(block.totalDifficulty)}</td>
          </tr>
        </tbody>
      </table>
    </section>
  )
}
