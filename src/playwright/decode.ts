/** What a pending approval asks, read from its parameters as the wallet reads them. */
import type { DecodedRequest, NetworkName } from './types.js'

const NETWORK_OF_CHAIN: Record<number, NetworkName> = { 30: 'mainnet', 31: 'testnet', 33: 'regtest' }

const isAddress = (value: unknown): value is string =>
  typeof value === 'string' && /^0x[0-9a-fA-F]{40}$/.test(value)

function quantity(value: unknown): bigint | undefined {
  if (typeof value === 'bigint') return value
  if (typeof value === 'number' && Number.isSafeInteger(value)) return BigInt(value)
  if (typeof value === 'string' && value.trim() !== '') {
    try {
      return BigInt(value)
    } catch {
      return undefined
    }
  }
  return undefined
}

function hexToBytes(hex: string): Uint8Array | undefined {
  if (!/^0x([0-9a-fA-F]{2})*$/.test(hex)) return undefined
  const bytes = new Uint8Array((hex.length - 2) / 2)
  for (let i = 0; i < bytes.length; i++) bytes[i] = Number.parseInt(hex.slice(2 + 2 * i, 4 + 2 * i), 16)
  return bytes
}

function textOf(payload: string): { message: string; raw: string } {
  const bytes = hexToBytes(payload)
  if (!bytes) {
    // personal_sign also takes the text itself (MetaMask does).
    const raw = `0x${Array.from(new TextEncoder().encode(payload), (b) => b.toString(16).padStart(2, '0')).join('')}`
    return { message: payload, raw }
  }
  try {
    return { message: new TextDecoder('utf-8', { fatal: true }).decode(bytes), raw: payload.toLowerCase() }
  } catch {
    return { message: payload.toLowerCase(), raw: payload.toLowerCase() }
  }
}

const record = (value: unknown): Record<string, unknown> =>
  value && typeof value === 'object' ? (value as Record<string, unknown>) : {}

export function decodeRequest(method: string, params: unknown): DecodedRequest {
  const list = Array.isArray(params) ? params : params === undefined ? [] : [params]
  switch (method) {
    case 'eth_sendTransaction':
    case 'eth_signTransaction': {
      const tx = record(list[0])
      const decoded: DecodedRequest = {
        kind: 'transaction',
        from: String(tx.from ?? '').toLowerCase(),
        to: typeof tx.to === 'string' ? tx.to.toLowerCase() : null,
        value: quantity(tx.value) ?? 0n,
        data: String(tx.data ?? tx.input ?? '0x').toLowerCase(),
      }
      const gas = quantity(tx.gas ?? tx.gasLimit)
      const gasPrice = quantity(tx.gasPrice)
      const nonce = quantity(tx.nonce)
      if (gas !== undefined) decoded.gas = gas
      if (gasPrice !== undefined) decoded.gasPrice = gasPrice
      if (nonce !== undefined) decoded.nonce = nonce
      return decoded
    }
    case 'personal_sign':
    case 'eth_sign': {
      let [address, payload] = method === 'personal_sign' ? [list[1], list[0]] : [list[0], list[1]]
      if (method === 'personal_sign' && isAddress(payload) && !isAddress(address))
        [address, payload] = [payload, address]
      return {
        kind: 'message',
        address: String(address ?? '').toLowerCase(),
        ...textOf(String(payload ?? '')),
      }
    }
    case 'eth_signTypedData_v4': {
      let data: unknown = list[1]
      if (typeof data === 'string') {
        try {
          data = JSON.parse(data)
        } catch {
          data = {}
        }
      }
      const typed = record(data)
      return {
        kind: 'typedData',
        address: String(list[0] ?? '').toLowerCase(),
        domain: record(typed.domain),
        primaryType: String(typed.primaryType ?? ''),
        message: record(typed.message),
        types: record(typed.types) as Record<string, Array<{ name: string; type: string }>>,
      }
    }
    case 'eth_requestAccounts':
    case 'wallet_requestPermissions':
      return { kind: 'connect' }
    case 'wallet_switchEthereumChain':
    case 'wallet_addEthereumChain': {
      const chainId = String(record(list[0]).chainId ?? '')
      const n = /^0x[0-9a-f]+$/i.test(chainId) ? Number.parseInt(chainId.slice(2), 16) : Number.NaN
      return { kind: 'switchChain', chainId, network: NETWORK_OF_CHAIN[n] ?? null }
    }
    default:
      return { kind: 'other' }
  }
}
