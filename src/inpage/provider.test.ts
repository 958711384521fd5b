import { describe, expect, it } from 'vitest'
import { providerOverFakeRelay } from '../../test/inpage/fakeRelay.js'
import type { PageToRelay, ProviderState } from '../shared/protocol.js'

function setup() {
  const { provider, sent, relay } = providerOverFakeRelay()
  const state = (s: Partial<ProviderState> = {}): ProviderState => ({
    chainId: '0x1f',
    networkVersion: '31',
    accounts: [],
    ...s,
  })
  const requests = () =>
    sent.filter((m) => m.kind === 'request') as Array<Extract<PageToRelay, { kind: 'request' }>>
  return { provider, sent, relay, state, requests }
}

describe('RskDevnodeProvider', () => {
  it('has request as a native async function (web3.js checks the constructor name)', () => {
    const { provider } = setup()
    expect(provider.request.constructor.name).toBe('AsyncFunction')
  })

  it('holds requests until the relay says hello, then sends them in order', async () => {
    const { provider, relay, requests, sent } = setup()
    expect(sent[0]?.kind).toBe('hello')
    void provider.request({ method: 'eth_chainId' })
    void provider.request({ method: 'eth_blockNumber' })
    expect(requests()).toHaveLength(0)
    relay({ kind: 'hello' })
    expect(requests().map((r) => r.request.method)).toEqual(['eth_chainId', 'eth_blockNumber'])
  })

  it('resolves with the bare result and tolerates extra keys such as id and jsonrpc', async () => {
    const { provider, relay, requests } = setup()
    relay({ kind: 'hello' })
    const pending = provider.request({ method: 'eth_chainId', id: 7, jsonrpc: '2.0' } as never)
    const [req] = requests()
    expect(req?.request).toEqual({ method: 'eth_chainId' })
    relay({ kind: 'response', id: req?.id, result: '0x1f' })
    await expect(pending).resolves.toBe('0x1f')
  })

  it('rejects with an Error carrying own enumerable code, message and data', async () => {
    const { provider, relay, requests } = setup()
    relay({ kind: 'hello' })
    const pending = provider.request({ method: 'eth_call', params: [] })
    relay({
      kind: 'response',
      id: requests()[0]?.id,
      error: { code: -32015, message: 'revert', data: '0x08c379a0' },
    })
    const error = await pending.catch((e: unknown) => e)
    expect(error).toBeInstanceOf(Error)
    expect(Object.keys(error as object)).toEqual(expect.arrayContaining(['code', 'message', 'data']))
    expect(error).toMatchObject({ code: -32015, message: 'revert', data: '0x08c379a0' })
  })

  it('rejects malformed arguments with -32600 without sending anything', async () => {
    const { provider, relay, requests } = setup()
    relay({ kind: 'hello' })
    await expect(provider.request(null as never)).rejects.toMatchObject({ code: -32600 })
    await expect(provider.request({ method: '' })).rejects.toMatchObject({ code: -32600 })
    await expect(provider.request({ method: 'x', params: 5 as never })).rejects.toMatchObject({
      code: -32600,
    })
    expect(requests()).toHaveLength(0)
  })

  it('emits connect once with the chain id, and chainChanged / accountsChanged only on change', () => {
    const { provider, relay, state } = setup()
    const events: unknown[][] = []
    for (const name of ['connect', 'chainChanged', 'accountsChanged', 'disconnect']) {
      provider.on(name, (...args: never[]) => events.push([name, ...args]))
    }
    relay({ kind: 'ready', state: state() })
    relay({ kind: 'ready', state: state() })
    relay({ kind: 'event', event: { type: 'chainChanged', chainId: '0x1f', networkVersion: '31' } })
    relay({ kind: 'event', event: { type: 'chainChanged', chainId: '0x21', networkVersion: '33' } })
    relay({ kind: 'event', event: { type: 'accountsChanged', accounts: [] } })
    relay({ kind: 'event', event: { type: 'accountsChanged', accounts: ['0xab'] } })
    relay({ kind: 'event', event: { type: 'accountsChanged', accounts: ['0xAB'] } })
    expect(events).toEqual([
      ['connect', { chainId: '0x1f' }],
      ['chainChanged', '0x21'],
      ['accountsChanged', ['0xab']],
    ])
    expect(provider.chainId).toBe('0x21')
    expect(provider.selectedAddress).toBe('0xab')
  })

  it('emits disconnect 1013 while the worker cannot answer, then connect when it is back', () => {
    const { provider, relay, state } = setup()
    const events: unknown[] = []
    provider.on('disconnect', (e: never) => events.push(['disconnect', (e as { code: number }).code]))
    provider.on('connect', (c: never) => events.push(['connect', c]))
    relay({ kind: 'ready', state: state() })
    relay({ kind: 'unavailable', permanent: false, message: 'restarting' })
    expect(provider.isConnected()).toBe(false)
    relay({ kind: 'unavailable', permanent: false, message: 'restarting' })
    relay({ kind: 'ready', state: state() })
    expect(events).toEqual([
      ['connect', { chainId: '0x1f' }],
      ['disconnect', 1013],
      ['connect', { chainId: '0x1f' }],
    ])
  })

  it('after a permanent disconnect rejects pending and new requests with 4900', async () => {
    const { provider, relay, state } = setup()
    relay({ kind: 'ready', state: state() })
    const pending = provider.request({ method: 'eth_blockNumber' })
    relay({ kind: 'unavailable', permanent: true, message: 'gone' })
    await expect(pending).rejects.toMatchObject({ code: 4900 })
    await expect(provider.request({ method: 'eth_chainId' })).rejects.toMatchObject({ code: 4900 })
  })

  it('updates accounts from eth_requestAccounts results and emits accountsChanged', async () => {
    const { provider, relay, requests, state } = setup()
    const seen: unknown[] = []
    provider.on('accountsChanged', (a: never) => seen.push(a))
    relay({ kind: 'ready', state: state() })
    const pending = provider.request({ method: 'eth_requestAccounts' })
    relay({ kind: 'response', id: requests()[0]?.id, result: ['0xcd2a3d9f938e13cd947ec05abc7fe734df8dd826'] })
    await pending
    expect(seen).toEqual([['0xcd2a3d9f938e13cd947ec05abc7fe734df8dd826']])
  })

  it('forwards eth_subscription notifications as message events', () => {
    const { provider, relay } = setup()
    const messages: unknown[] = []
    provider.on('message', (m: never) => messages.push(m))
    const message = { type: 'eth_subscription', data: { subscription: '0x1', result: { number: '0x2' } } }
    relay({ kind: 'event', event: { type: 'message', message } })
    expect(messages).toEqual([message])
  })

  it('supports once and removeListener with Node semantics', () => {
    const { provider } = setup()
    const calls: string[] = []
    const a = () => calls.push('a')
    provider.once('x', a)
    provider.on('x', () => calls.push('b'))
    provider.emit('x')
    provider.emit('x')
    const c = () => calls.push('c')
    provider.once('y', c)
    provider.removeListener('y', c)
    provider.emit('y')
    expect(calls).toEqual(['a', 'b', 'b'])
    expect(provider.listenerCount('x')).toBe(1)
  })
})
