/** Shared by the test pages: find our provider through EIP-6963, the token artifact. */
import token from '../../dapp/demoToken.json' with { type: 'json' }

export interface Eip1193 {
  request(args: { method: string; params?: unknown }): Promise<unknown>
  on(event: string, listener: (...args: never[]) => void): unknown
  removeListener(event: string, listener: (...args: never[]) => void): unknown
}

export const TOKEN_ABI = token.abi
export const TOKEN_BYTECODE = token.bytecode as `0x${string}`
/** cow1: a funded dev account other than the one a site is granted first. */
export const OTHER_ACCOUNT = '0x7986b3df570230288501eea3d890bd66948c9b79'

export function discoverProvider(rdns = 'dev.rskdevnode', timeoutMs = 2000): Promise<Eip1193> {
  return new Promise((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error('no EIP-6963 announcement')), timeoutMs)
    const onAnnounce = (event: Event) => {
      const { info, provider } = (event as CustomEvent).detail
      if (info.rdns !== rdns) return
      clearTimeout(timer)
      window.removeEventListener('eip6963:announceProvider', onAnnounce)
      resolve(provider)
    }
    window.addEventListener('eip6963:announceProvider', onAnnounce)
    window.dispatchEvent(new Event('eip6963:requestProvider'))
  })
}

/** Records provider events for the test to read. */
export function recordEvents(provider: Eip1193): Array<[string, unknown]> {
  const events: Array<[string, unknown]> = []
  for (const name of ['connect', 'disconnect', 'chainChanged', 'accountsChanged', 'message']) {
    provider.on(name, ((payload: unknown) => events.push([name, payload])) as never)
  }
  return events
}

export function errorInfo(error: unknown): Record<string, unknown> {
  const e = error as Record<string, unknown>
  return {
    name: e?.name,
    code: e?.code,
    message: String(e?.message ?? error),
    shortMessage: e?.shortMessage,
    reason: e?.reason,
    data: e?.data,
  }
}

export const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms))
