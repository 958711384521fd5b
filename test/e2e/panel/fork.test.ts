/**
 * Forking in the extension, in Chromium with no internet: the upstream is our own HTTP server
 * (an ERC-20 deployed there, blocks mined past it). The panel forks the selected network from the
 * upstream's URL (its API key the last path segment); a page's ethers flow reads and transfers
 * the token on the forked state; with the worker stopped and the upstream gone, the page still
 * gets answers for everything touched, and a clear error for the rest; the popup resets to a
 * local chain. The URL's key is never on screen. A screenshot shows the fork with its progress.
 */
import type { Page } from 'playwright-core'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { contractAddress, signTransaction } from '../../../src/core/chain/transaction.js'
import { bytesToHex, hexToBytes } from '../../../src/core/util/hex.js'
import { coreNodeFactory } from '../../../src/server/node/coreNode.js'
import {
  bob,
  DEV0_UPSTREAM_NONCE,
  dev0,
  holder,
  populateUpstream,
  rpcOf,
  tokenBalance,
  useDev0Upstream,
} from '../../fork/forkHarness.js'
import { send, startTestServer, type TestServer } from '../../server/helpers.js'
import { type ExtensionBrowser, stopServiceWorker } from '../harness.js'
import { servePage } from '../pages.js'
import {
  headOf,
  launchPanelSetup,
  openPanel,
  type PanelSetup,
  providerRequest,
  screenshot,
} from './panelHarness.js'

type ForkFlow = {
  balances(token: string, owners: string[]): Promise<string[]>
  transfer(
    token: string,
    to: string,
    amount: string,
  ): Promise<{ from: string; status: number; blockNumber: number }>
}

describe('forking a live network from the panel', () => {
  let upstream: TestServer | undefined
  let upstreamUrl: string
  let apiKey: string
  let token: `0x${string}`
  let forkBlock: number
  let holderAtFork: bigint
  let setup: PanelSetup
  let panel: Page
  let dapp: Page

  const flow = <K extends keyof ForkFlow>(name: K, ...args: Parameters<ForkFlow[K]>) =>
    dapp.evaluate(
      ([n, a]) =>
        (window as unknown as { forkFlow: Record<string, (...x: unknown[]) => Promise<unknown>> }).forkFlow[
          n as string
        ]!(...(a as unknown[])) as Promise<unknown>,
      [name, args] as const,
    ) as ReturnType<ForkFlow[K]>

  beforeAll(async () => {
    upstream = await startTestServer({ nodeFactory: coreNodeFactory() })
    upstreamUrl = upstream.url('testnet')
    apiKey = upstreamUrl.split('/').at(-1)!
    const up = rpcOf(async (body) => (await send(upstreamUrl, { body: JSON.stringify(body) })).json)
    ;({ tokenAddress: token } = await populateUpstream(up, 31))
    await useDev0Upstream(up, 31)
    await up.call('anvil_mine', [3])
    forkBlock = Number(await up.call<string>('eth_blockNumber'))
    holderAtFork = await tokenBalance(up, token, holder)
    setup = await launchPanelSetup()
    const pageUrl = await servePage(setup.server, '/fork', 'pages/forkFlow.ts')
    panel = await openPanel(setup)
    dapp = await setup.context.newPage()
    await dapp.goto(pageUrl)
    await dapp.waitForFunction(() => document.title === 'fork ready')
  }, 180_000)

  afterAll(async () => {
    await setup?.close()
    await upstream?.stop()
  })

  it('forks the selected network from the URL set in the panel, showing it redacted', async () => {
    await panel.click('[data-testid="fork-open"]')
    await panel.fill('[data-testid="fork-url"]', upstreamUrl)
    await panel.fill('[data-testid="fork-block"]', String(forkBlock))
    await panel.click('[data-testid="fork-start"]')
    const origin = panel.locator('[data-testid="fork-origin"]')
    await origin.filter({ hasText: `at block ${forkBlock}` }).waitFor()
    expect(await origin.textContent()).toContain(upstreamUrl.replace(apiKey, '***'))
    expect(await panel.locator('[data-testid="status-error"]').count()).toBe(0)
    await expect.poll(() => headOf(panel)).toBe(forkBlock)
    expect(await panel.locator('body').textContent()).not.toContain(apiKey)
  })

  it("runs a page's ethers flow on the forked state: balanceOf, transfer", async () => {
    expect(await flow('balances', token, [holder, bob])).toEqual([holderAtFork.toString(), '5'])
    const sent = await flow('transfer', token, bob, '7')
    expect(sent).toEqual({ from: holder, status: 1, blockNumber: forkBlock + 1 })
    expect(await flow('balances', token, [holder, bob])).toEqual([(holderAtFork - 7n).toString(), '12'])
    // The transfer stayed local.
    const up = rpcOf(async (body) => (await send(upstreamUrl, { body: JSON.stringify(body) })).json)
    expect(await tokenBalance(up, token, bob)).toBe(5n)
    // The panel followed the state as it arrived.
    const progress = panel.locator('[data-testid="fork-progress"]')
    await progress
      .filter({
        hasText:
          /[1-9]\d* upstream requests · [1-9]\d* accounts · [1-9]\d* slots fetched · [1-9]\d* cache hits/,
      })
      .waitFor()
    await expect.poll(() => headOf(panel)).toBe(forkBlock + 1)
    await panel.waitForTimeout(300)
    await screenshot(panel, 'fork-panel')
    expect(await panel.locator('body').textContent()).not.toContain(apiKey)
  })

  it("keeps dev account #0's upstream nonce: a page's raw creation signed with it is mined where the upstream would put it", async () => {
    const nonce = `0x${DEV0_UPSTREAM_NONCE.toString(16)}`
    expect(await providerRequest(dapp, 'eth_getTransactionCount', [dev0.address, 'latest'])).toEqual({
      result: nonce,
    })
    const { result: gasPrice } = (await providerRequest(dapp, 'eth_gasPrice')) as { result: string }
    const creation = signTransaction(
      {
        nonce: DEV0_UPSTREAM_NONCE,
        gasPrice: BigInt(gasPrice),
        gasLimit: 200_000n,
        value: 0n,
        data: hexToBytes('0x6001600c60003960016000f300'),
      },
      hexToBytes(dev0.privateKey),
      31,
    )
    const sent = (await providerRequest(dapp, 'eth_sendRawTransaction', [bytesToHex(creation.raw)])) as {
      result: string
    }
    const receipt = (await providerRequest(dapp, 'eth_getTransactionReceipt', [sent.result])) as {
      result: { status: string; contractAddress: string }
    }
    expect(receipt.result).toMatchObject({
      status: '0x1',
      contractAddress: contractAddress(dev0.address, DEV0_UPSTREAM_NONCE),
    })
  })

  it("shows the upstream's accounts and transactions in the address and transaction views", async () => {
    const up = rpcOf(async (body) => (await send(upstreamUrl, { body: JSON.stringify(body) })).json)
    // The transfer of 5 to bob, mined upstream before the fork block.
    const [log] = await up.call<Array<{ transactionHash: string }>>('eth_getLogs', [
      {
        fromBlock: '0x0',
        toBlock: `0x${forkBlock.toString(16)}`,
        address: token,
        topics: [null, null, `0x${bob.slice(2).padStart(64, '0')}`],
      },
    ])
    const search = async (query: string) => {
      await panel.fill('[data-testid="search-input"]', query)
      await panel.press('[data-testid="search-input"]', 'Enter')
    }
    await search(log!.transactionHash)
    const tx = panel.locator('[data-testid="tx-detail"]')
    await tx.locator('[data-testid="tx-status"]', { hasText: 'success' }).waitFor()
    expect(await tx.locator('[data-testid="decoded-log"]').first().textContent()).toMatch(/^Transfer\(/)
    await tx.locator('[data-testid="call-trace"]').waitFor()
    expect(await tx.locator('[data-testid="trace-unavailable"]').count()).toBe(0)
    await search(token)
    const address = panel.locator('[data-testid="address-detail"]')
    await expect
      .poll(() => address.locator('[data-field="code"]').textContent())
      .toMatch(/bytes \(a contract\)$/)
    await expect.poll(() => address.locator('[data-testid="address-tx"]').count()).toBeGreaterThan(1)
    expect(await address.locator('[data-testid="address-blocks-unavailable"]').count()).toBe(0)
  })

  it('answers what was touched after a worker stop with the upstream gone, and names what was never fetched', async () => {
    await upstream!.stop()
    upstream = undefined
    const ext = { context: setup.context, extensionId: setup.extensionId } as ExtensionBrowser
    expect(await stopServiceWorker(ext)).toBe(true)
    expect(await flow('balances', token, [holder, bob])).toEqual([(holderAtFork - 7n).toString(), '12'])
    expect(await providerRequest(dapp, 'eth_blockNumber')).toEqual({
      // The transfer and the creation from dev account #0.
      result: `0x${(forkBlock + 2).toString(16)}`,
    })
    const untouched = (await providerRequest(dapp, 'eth_getBalance', [
      '0x00000000000000000000000000000000000000e1',
      'latest',
    ])) as { code: number; message: string }
    expect(untouched.message).toMatch(
      /^fork upstream http:\/\/127\.0\.0\.1:\d+\/testnet\/\*\*\* could not provide eth_getBalance/,
    )
    expect(untouched.message).not.toContain(apiKey)
    // The restarted worker reopened the chain as the same fork: a new panel shows it.
    const reopened = await openPanel(setup)
    await reopened.locator('[data-testid="fork-origin"]', { hasText: `at block ${forkBlock}` }).waitFor()
    await reopened.close()
  })

  it('goes back to a plain local chain from the popup', async () => {
    const popup = await setup.context.newPage()
    await popup.goto(`chrome-extension://${setup.extensionId}/src/wallet/popup/index.html`)
    const origin = popup.locator('[data-testid="popup-fork-origin"]')
    await origin.filter({ hasText: `at block ${forkBlock}` }).waitFor()
    expect(await origin.textContent()).not.toContain(apiKey)
    await popup.click('[data-testid="popup-fork-reset"]')
    await origin.filter({ hasText: 'A local chain' }).waitFor()
    expect(await providerRequest(dapp, 'eth_blockNumber')).toEqual({ result: '0x0' })
    expect(await providerRequest(dapp, 'eth_getCode', [token, 'latest'])).toEqual({ result: '0x' })
    // The panel hears of it too.
    await panel.locator('[data-testid="fork-origin"]').waitFor({ state: 'detached' })
    await popup.close()
  })
})
