/**
 * The MetaMask surface of the page's provider: `isMetaMask` (on unless the wallet setting turns it
 * off), `_metamask.isUnlocked()`, the legacy `networkChanged` event, and `send` / `sendAsync` in
 * every legacy form, batches included, never throwing into the page.
 */
import { describe, expect, it } from 'vitest'
import { providerOverFakeRelay } from '../../test/inpage/fakeRelay.js'

function setup() {
  const { provider, sent, relay } = providerOverFakeRelay()
  /** Answers every request the provider sends: eth_chainId and eth_accounts succeed, the rest fail. */
  const answerAll = () => {
    for (const m of sent.splice(0)) {
      if (m.kind !== 'request') continue
      if (m.request.method === 'eth_chainId') relay({ kind: 'response', id: m.id, result: '0x1f' })
      else if (m.request.method === 'eth_accounts') relay({ kind: 'response', id: m.id, result: ['0xab'] })
      else relay({ kind: 'response', id: m.id, error: { code: -32601, message: 'nope' } })
    }
  }
  relay({ kind: 'hello' })
  relay({ kind: 'ready', state: { chainId: '0x1f', networkVersion: '31', accounts: ['0xab'] } })
  return { provider, relay, answerAll, sent }
}

const settle = async (answerAll: () => void) => {
  for (let i = 0; i < 5; i++) {
    await new Promise((r) => setTimeout(r, 0))
    answerAll()
  }
}

describe('the MetaMask surface', () => {
  it('says isMetaMask (and isRskDevnode) until the wallet setting turns it off', () => {
    const { provider, relay } = setup()
    expect(provider.isMetaMask).toBe(true)
    expect(provider.isRskDevnode).toBe(true)
    relay({ kind: 'event', event: { type: 'walletSettings', isMetaMask: false } })
    expect(provider.isMetaMask).toBe(false)
    relay({ kind: 'ready', state: { chainId: '0x1f', networkVersion: '31', accounts: [], isMetaMask: true } })
    expect(provider.isMetaMask).toBe(true)
  })

  it('answers _metamask.isUnlocked() with true', async () => {
    await expect(setup().provider._metamask.isUnlocked()).resolves.toBe(true)
  })

  it('emits the legacy networkChanged with the decimal network id after chainChanged', () => {
    const { provider, relay } = setup()
    const events: unknown[] = []
    provider.on('chainChanged', (id: never) => events.push(['chainChanged', id]))
    provider.on('networkChanged', (id: never) => events.push(['networkChanged', id]))
    relay({ kind: 'event', event: { type: 'chainChanged', chainId: '0x21', networkVersion: '33' } })
    relay({ kind: 'event', event: { type: 'chainChanged', chainId: '0x21', networkVersion: '33' } })
    expect(events).toEqual([
      ['chainChanged', '0x21'],
      ['networkChanged', '33'],
    ])
    expect(provider.networkVersion).toBe('33')
  })

  it('regression: sendAsync answers a batch with one response per request, in order', async () => {
    const { provider, answerAll } = setup()
    let got: unknown[] = []
    provider.sendAsync(
      [
        { id: 1, jsonrpc: '2.0', method: 'eth_chainId' },
        { id: 2, jsonrpc: '2.0', method: 'eth_nope' },
        { id: 3, jsonrpc: '2.0', method: 'eth_accounts', params: [] },
      ],
      (error, responses) => {
        got = [error, responses]
      },
    )
    await settle(answerAll)
    expect(got[0]).toBeNull()
    expect(got[1]).toEqual([
      { id: 1, jsonrpc: '2.0', result: '0x1f' },
      { id: 2, jsonrpc: '2.0', error: expect.objectContaining({ code: -32601, message: 'nope' }) },
      { id: 3, jsonrpc: '2.0', result: ['0xab'] },
    ])
  })

  it('regression: sendAsync without a callback throws nothing into the page and answers as a promise', async () => {
    const { provider, answerAll } = setup()
    const unhandled: unknown[] = []
    const onUnhandled = (e: unknown) => unhandled.push(e)
    process.on('unhandledRejection', onUnhandled)
    process.on('uncaughtException', onUnhandled)
    try {
      const answer = (provider.sendAsync as (p: unknown) => Promise<unknown>)({ id: 9, method: 'eth_nope' })
      await settle(answerAll)
      await expect(answer).resolves.toMatchObject({ id: 9, error: { code: -32601 } })
      await new Promise((r) => setTimeout(r, 10))
      expect(unhandled).toEqual([])
    } finally {
      process.off('unhandledRejection', onUnhandled)
      process.off('uncaughtException', onUnhandled)
    }
  })

  it('sendAsync with one payload calls back (error, response) as MetaMask does', async () => {
    const { provider, answerAll } = setup()
    const calls: unknown[] = []
    provider.sendAsync({ id: 'a', method: 'eth_chainId' }, (e, r) => calls.push([e, r]))
    provider.sendAsync({ id: 'b', method: 'eth_nope' }, (e, r) =>
      calls.push([e && (e as { code: number }).code, r]),
    )
    await settle(answerAll)
    expect(calls).toEqual([
      [null, { id: 'a', jsonrpc: '2.0', result: '0x1f' }],
      [-32601, { id: 'b', jsonrpc: '2.0', error: expect.objectContaining({ code: -32601 }) }],
    ])
  })

  it('send(method, params) resolves with the whole response; send(payload, callback) is sendAsync; send(payload) answers what it knows at once', async () => {
    const { provider, answerAll } = setup()
    const response = provider.send('eth_chainId', []) as Promise<unknown>
    const failed = (provider.send('eth_nope') as Promise<unknown>).catch((e: { code: number }) => e.code)
    let viaCallback: unknown
    provider.send({ id: 5, method: 'eth_chainId' }, (_e: unknown, r: unknown) => {
      viaCallback = r
    })
    await settle(answerAll)
    await expect(response).resolves.toEqual({ id: null, jsonrpc: '2.0', result: '0x1f' })
    await expect(failed).resolves.toBe(-32601)
    expect(viaCallback).toEqual({ id: 5, jsonrpc: '2.0', result: '0x1f' })
    expect(provider.send({ id: 1, method: 'eth_accounts' })).toEqual({
      id: 1,
      jsonrpc: '2.0',
      result: ['0xab'],
    })
    expect(provider.send({ id: 2, method: 'net_version' })).toEqual({ id: 2, jsonrpc: '2.0', result: '31' })
    expect(provider.send({ id: 3, method: 'eth_coinbase' })).toEqual({
      id: 3,
      jsonrpc: '2.0',
      result: '0xab',
    })
    expect(() => provider.send({ id: 4, method: 'eth_blockNumber' })).toThrow(
      expect.objectContaining({ code: 4200 }),
    )
  })
})
