/**
 * What an approval shows: the request decoded, so that "Require approval" shows what is signed
 * or sent — a transaction's fields with value and fee in RBTC, a message's text, typed data's
 * domain, primary type and fields, the calls of an EIP-5792 batch.
 */
import { bytesToHex } from '../core/util/hex.js'
import type { ApprovalDisplay } from '../shared/protocol.js'
import type { TypedDataV1, TypedMessage } from './eip712.js'
import type { LegacyTransaction } from './signer.js'

type Row = { label: string; value: string }

/** Wei as RBTC, every significant digit kept: 1000000000000000 → "0.001". */
export function formatUnits(value: bigint, decimals = 18): string {
  const negative = value < 0n
  const abs = negative ? -value : value
  const base = 10n ** BigInt(decimals)
  const whole = abs / base
  const fraction = (abs % base).toString().padStart(decimals, '0').replace(/0+$/, '')
  return `${negative ? '-' : ''}${whole}${fraction ? `.${fraction}` : ''}`
}

const rbtc = (wei: bigint, symbol = 'RBTC') => `${formatUnits(wei)} ${symbol}`

/** A value of typed data as text: strings as they are, the rest as compact JSON. */
function text(value: unknown): string {
  if (typeof value === 'string') return value
  if (typeof value === 'bigint') return value.toString()
  try {
    return JSON.stringify(value) ?? String(value)
  } catch {
    return String(value)
  }
}

/** Message bytes as the user reads them: UTF-8 text when they are printable, else hex. */
export function messageText(bytes: Uint8Array): string {
  try {
    const decoded = new TextDecoder('utf-8', { fatal: true }).decode(bytes)
    // biome-ignore lint/suspicious/noControlCharactersInRegex: the test is for control characters
    if (!/[\u0000-\u0008\u000e-\u001f\u007f]/.test(decoded)) return decoded
  } catch {
    // Not UTF-8: shown as hex below.
  }
  return bytesToHex(bytes)
}

function transactionRows(tx: LegacyTransaction & { from: string }, symbol: string): Row[] {
  const rows: Row[] = [
    { label: 'From', value: tx.from },
    { label: 'To', value: tx.to ?? '(contract creation)' },
    { label: 'Value', value: rbtc(tx.value, symbol) },
    { label: 'Gas limit', value: tx.gas.toString() },
    { label: 'Gas price', value: `${tx.gasPrice} wei (${rbtc(tx.gasPrice, symbol)})` },
    { label: 'Max fee', value: rbtc(tx.gas * tx.gasPrice, symbol) },
    { label: 'Nonce', value: tx.nonce.toString() },
    { label: 'Chain id', value: String(tx.chainId) },
  ]
  if (tx.data.length > 0) {
    rows.push({ label: 'Data', value: bytesToHex(tx.data) })
    if (tx.data.length >= 4)
      rows.push({ label: 'Function selector', value: bytesToHex(tx.data.subarray(0, 4)) })
  }
  return rows
}

export function describeTransaction(
  tx: LegacyTransaction & { from: string },
  symbol: string,
  sign = false,
): ApprovalDisplay {
  const what = tx.to ? `${rbtc(tx.value, symbol)} to ${tx.to}` : 'a contract creation'
  return {
    summary: `${sign ? 'Sign' : 'Send'} ${what}`,
    sections: [{ heading: 'Transaction', rows: transactionRows(tx, symbol) }],
  }
}

export function describeMessage(method: string, address: string, message: Uint8Array): ApprovalDisplay {
  return {
    summary: `Sign a message (${method})`,
    sections: [
      {
        heading: 'Message',
        rows: [
          { label: 'Account', value: address },
          { label: 'Text', value: messageText(message) },
          { label: 'Bytes', value: String(message.length) },
        ],
      },
    ],
  }
}

/** Flattens a struct into rows: nested structs as `outer.inner`, arrays as `field[i]`. */
function fieldRows(
  type: string,
  value: unknown,
  types: TypedMessage['types'],
  prefix: string,
  out: Row[],
): void {
  const array = /^(.*)\[\d*\]$/.exec(type)
  if (array && Array.isArray(value)) {
    value.forEach((v, i) => {
      fieldRows(array[1]!, v, types, `${prefix}[${i}]`, out)
    })
    return
  }
  const struct = types[type]
  if (struct && value && typeof value === 'object') {
    for (const field of struct)
      fieldRows(
        field.type,
        (value as Record<string, unknown>)[field.name],
        types,
        `${prefix}.${field.name}`,
        out,
      )
    return
  }
  out.push({ label: `${prefix.replace(/^\./, '')} (${type})`, value: text(value) })
}

export function describeTypedData(method: string, address: string, data: TypedMessage): ApprovalDisplay {
  const domain: Row[] = [{ label: 'Account', value: address }]
  for (const field of data.types.EIP712Domain ?? [])
    domain.push({ label: field.name, value: text(data.domain[field.name]) })
  const message: Row[] = []
  if (data.primaryType !== 'EIP712Domain')
    for (const field of data.types[data.primaryType] ?? [])
      fieldRows(field.type, data.message[field.name], data.types, field.name, message)
  return {
    summary: `Sign typed data (${method}): ${data.primaryType}`,
    sections: [
      { heading: 'Domain', rows: domain },
      { heading: `Message: ${data.primaryType}`, rows: message },
    ],
  }
}

export function describeTypedDataV1(address: string, data: TypedDataV1): ApprovalDisplay {
  return {
    summary: 'Sign typed data (eth_signTypedData, v1)',
    sections: [
      { heading: 'Account', rows: [{ label: 'Account', value: address }] },
      {
        heading: 'Message',
        rows: data.map((e) => ({ label: `${e.name} (${e.type})`, value: text(e.value) })),
      },
    ],
  }
}

export function describeCalls(
  from: string,
  calls: Array<{ to?: string; value: bigint; data: Uint8Array }>,
  symbol: string,
): ApprovalDisplay {
  return {
    summary: `Send ${calls.length} call${calls.length === 1 ? '' : 's'} one after another (not atomic)`,
    sections: calls.map((call, i) => ({
      heading: `Call ${i + 1}`,
      rows: [
        { label: 'From', value: from },
        { label: 'To', value: call.to ?? '(contract creation)' },
        { label: 'Value', value: rbtc(call.value, symbol) },
        ...(call.data.length > 0 ? [{ label: 'Data', value: bytesToHex(call.data) }] : []),
      ],
    })),
  }
}

export function describeSimple(summary: string, rows: Row[]): ApprovalDisplay {
  return { summary, sections: [{ heading: 'Request', rows }] }
}
