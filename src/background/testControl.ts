/**
 * The control entry of test drivers: `globalThis.rskDevnodeControl(message)` in the worker, which
 * the Playwright fixture (src/playwright) calls over the DevTools protocol (`worker.evaluate`).
 * Web pages cannot reach it: a page has no handle on the worker's global scope, and the relay's
 * Port carries page requests only. Anyone who can evaluate in the worker (its DevTools console)
 * could do all this already.
 *
 * Its messages are in src/shared/testControl.ts. It answers the panel protocol (src/shared/protocol.ts, panel/panelProtocol.ts) exactly as a
 * panel Port would, and a few requests the panel has no message for:
 *  - `nodeRequest`: one JSON-RPC request straight to a network's node (the selected one by
 *    default), not through the wallet and not logged; a reset goes through the service, so that a
 *    fork or a return to a local chain is remembered as when a page sends it;
 *  - `accounts`: the wallet's accounts and the selected one; `selectAccount`: the account newly
 *    connected sites get;
 *  - `revokeAll`: revokes every origin's grant.
 */

import type { BackgroundToPanel } from '../shared/protocol.js'
import type { ControlEntry, ControlMessage } from '../shared/testControl.js'
import { CHAINS } from '../wallet/chains.js'
import { InvalidParamsError } from '../wallet/errors.js'
import { RESET_METHODS } from './forks.js'
import type { JsonRpcResponse } from './nodeHandle.js'
import { handlePanelExtra, isPanelExtraRequest } from './panel/panelQueries.js'
import { handlePanelMessage, isPanelMessage, PANEL_ORIGIN } from './panel.js'
import { type BackgroundService, toErrorPayload } from './service.js'

let nextNodeId = 1

async function own(service: BackgroundService, message: ControlMessage): Promise<unknown> {
  const { wallet } = service
  switch (message.kind) {
    case 'nodeRequest': {
      const network = message.network ?? (await wallet.network())
      if (!CHAINS.some((c) => c.network === network))
        throw new InvalidParamsError(`Unknown network ${String(network)}`)
      const params = message.params ?? []
      if (RESET_METHODS.has(message.method) && network === (await wallet.network())) {
        const outcome = await service.execute(PANEL_ORIGIN, message.method, params)
        if (outcome.error) throw outcome.error
        return outcome.result ?? null
      }
      const node = await service.nodes.get(network)
      const response = (await node.request({
        jsonrpc: '2.0',
        id: `control-${nextNodeId++}`,
        method: message.method,
        params,
      })) as JsonRpcResponse
      if (response.error) throw response.error
      return response.result ?? null
    }
    case 'accounts':
      return {
        selected: await wallet.keyring.selected(),
        accounts: (await wallet.keyring.list()).map((a) => a.address),
      }
    case 'selectAccount':
      await wallet.keyring.select(message.address)
      await service.broadcastState()
      return wallet.keyring.selected()
    case 'revokeAll': {
      const origins = Object.keys(await wallet.permissions.all())
      for (const origin of origins)
        await wallet.handle({ origin }, 'wallet_revokePermissions', [{ eth_accounts: {} }])
      return origins
    }
  }
  throw new InvalidParamsError(`Unknown control message ${String((message as { kind?: unknown }).kind)}`)
}

const OWN_KINDS: ReadonlySet<string> = new Set(['nodeRequest', 'accounts', 'selectAccount', 'revokeAll'])

export function createTestControl(service: () => Promise<BackgroundService>): ControlEntry {
  return async (message) => {
    try {
      const s = await service()
      if (OWN_KINDS.has(message.kind)) return { result: await own(s, message) }
      const withId = { ...message, id: 0 }
      // A feed of engine events needs a Port to push on.
      if ((withId.kind as string) === 'watchChain')
        throw new InvalidParamsError('watchChain needs a panel Port')
      // One reply, as a panel Port would receive it; no panel is registered for pushes.
      let reply: BackgroundToPanel | undefined
      const panel = {
        send: (m: BackgroundToPanel) => {
          if (!reply) reply = m
        },
      }
      if (isPanelExtraRequest(withId)) await handlePanelExtra(s, panel, withId)
      else if (isPanelMessage(withId)) await handlePanelMessage(s, panel, withId)
      else throw new InvalidParamsError('Not a control message')
      const answer = reply as BackgroundToPanel | undefined
      if (answer?.kind !== 'reply') throw new Error(`No reply to ${message.kind}`)
      return answer.error ? { error: answer.error } : { result: answer.result }
    } catch (error) {
      return { error: toErrorPayload(error) }
    }
  }
}
