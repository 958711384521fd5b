// idb checks instanceof IDBRequest etc. against globals: install fake-indexeddb's, then use a fresh factory per test.
import 'fake-indexeddb/auto'
import { IDBFactory } from 'fake-indexeddb'
import { describe, expect, it } from 'vitest'
import { idbServiceDependencies } from '../../test/background/idbService.js'
import { createBackgroundService } from './service.js'
import { createTestControl } from './testControl.js'

async function setup() {
  const service = createBackgroundService({
    ...(await idbServiceDependencies(new IDBFactory())),
    now: () => 1_700_000_000_000,
  })
  return { service, control: createTestControl(async () => service) }
}

describe('the test drivers’ control entry', () => {
  it('answers panel messages as a panel Port would', async () => {
    const { control } = await setup()
    expect(await control({ kind: 'setNetwork', network: 'regtest' })).toMatchObject({
      result: { network: 'regtest', chainId: '0x21' },
    })
    expect(await control({ kind: 'getState' })).toMatchObject({
      result: { network: 'regtest', approvals: [] },
    })
    expect(await control({ kind: 'setNetwork', network: 'nonet' as 'regtest' })).toMatchObject({
      error: { code: -32602 },
    })
    expect(await control({ kind: 'watchChain' } as never)).toMatchObject({ error: { message: /panel Port/ } })
  })

  it('sends nodeRequest to the selected network or the one named, not through the wallet', async () => {
    const { control } = await setup()
    expect(await control({ kind: 'nodeRequest', method: 'eth_chainId' })).toEqual({ result: '0x1f' })
    expect(await control({ kind: 'nodeRequest', method: 'eth_chainId', network: 'mainnet' })).toEqual({
      result: '0x1e',
    })
    await control({ kind: 'nodeRequest', method: 'anvil_mine', params: ['0x2'], network: 'regtest' })
    expect(await control({ kind: 'nodeRequest', method: 'eth_blockNumber', network: 'regtest' })).toEqual({
      result: '0x2',
    })
    expect(await control({ kind: 'nodeRequest', method: 'eth_blockNumber' })).toEqual({ result: '0x0' })
    // The node's eth_accounts (none), not the wallet's answer for an origin.
    expect(await control({ kind: 'nodeRequest', method: 'eth_accounts' })).toEqual({ result: [] })
    expect(await control({ kind: 'nodeRequest', method: 'no_such' })).toMatchObject({
      error: { code: -32601 },
    })
    // A reset of the selected network goes through the service (it remembers forks).
    expect(await control({ kind: 'nodeRequest', method: 'anvil_reset', params: [] })).toEqual({
      result: null,
    })
  })

  it('lists and selects accounts, and revokes every grant', async () => {
    const { control, service } = await setup()
    const listed = (await control({ kind: 'accounts' })).result as { selected: string; accounts: string[] }
    expect(listed.accounts).toHaveLength(20)
    expect(listed.selected).toBe(listed.accounts[0])
    const fifth = listed.accounts[4] as string
    expect(
      await control({ kind: 'selectAccount', address: fifth.toUpperCase().replace('0X', '0x') }),
    ).toEqual({
      result: fifth,
    })
    expect(await control({ kind: 'selectAccount', address: '0x00' })).toMatchObject({
      error: { code: -32602 },
    })
    await service.wallet.handle({ origin: 'http://a.test' }, 'eth_requestAccounts', [])
    await service.wallet.handle({ origin: 'http://b.test' }, 'eth_requestAccounts', [])
    expect(await service.wallet.permissions.all()).toEqual({
      'http://a.test': [fifth],
      'http://b.test': [fifth],
    })
    expect(await control({ kind: 'revokeAll' })).toEqual({ result: ['http://a.test', 'http://b.test'] })
    expect(await service.wallet.permissions.all()).toEqual({})
  })
})
