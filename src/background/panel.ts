/**
 * The DevTools panel's requests. Only extension pages can open the panel Port (index.ts checks
 * the sender), so the controls here (network, rejection switches, approvals, key import) are
 * out of reach of web pages.
 */
import type { BackgroundToPanel, PanelToBackground } from '../shared/protocol.js'
import { unwatchAsset } from '../wallet/assets.js'
import { CHAINS } from '../wallet/chains.js'
import { InvalidParamsError } from '../wallet/errors.js'
import { type BackgroundService, type PanelConnection, toErrorPayload } from './service.js'

/** The origin recorded in the request log for the panel's own requests. */
export const PANEL_ORIGIN = 'devtools-panel'

export function isPanelMessage(data: unknown): data is PanelToBackground {
  if (!data || typeof data !== 'object') return false
  const m = data as { kind?: unknown; id?: unknown }
  return typeof m.kind === 'string' && typeof m.id === 'number'
}

async function run(service: BackgroundService, message: PanelToBackground): Promise<unknown> {
  const { wallet } = service
  switch (message.kind) {
    case 'rpc': {
      const outcome = await service.execute(PANEL_ORIGIN, message.request.method, message.request.params)
      if (outcome.error) throw outcome.error
      return outcome.result
    }
    case 'getState':
      return service.panelState()
    case 'getLog':
      // Answered requests wait for a pause before they are written: the panel sees them all.
      await service.flushLog()
      return service.log.list({ limit: message.limit, beforeId: message.beforeId })
    case 'clearLog':
      await service.flushLog()
      await service.log.clear()
      return null
    case 'setNetwork':
      if (!CHAINS.some((c) => c.network === message.network))
        throw new InvalidParamsError(`Unknown network ${message.network}`)
      await wallet.setNetwork(message.network)
      return service.panelState()
    case 'setSettings':
      await wallet.approvals.updateSettings(message.settings)
      return service.panelState()
    case 'resolveApproval':
      return wallet.approvals.resolve(message.approvalId, message.approved)
    case 'importKey':
      return wallet.keyring.importKey(message.privateKey)
    case 'getWatchedAssets':
      return service.watchedAssets()
    case 'removeWatchedAsset': {
      const removed = await unwatchAsset(service.wallet.store, {
        network: await wallet.network(),
        address: String(message.address).toLowerCase(),
        account: String(message.account).toLowerCase(),
        ...(message.tokenId !== undefined && { tokenId: String(message.tokenId) }),
      })
      if (removed) await service.broadcastState()
      return removed
    }
    case 'revokeOrigin':
      await wallet.handle({ origin: message.origin }, 'wallet_revokePermissions', [{ eth_accounts: {} }])
      return null
  }
}

export async function handlePanelMessage(
  service: BackgroundService,
  panel: PanelConnection,
  message: PanelToBackground,
): Promise<void> {
  let reply: BackgroundToPanel
  try {
    reply = { kind: 'reply', id: message.id, result: await run(service, message) }
  } catch (error) {
    reply = { kind: 'reply', id: message.id, error: toErrorPayload(error) }
  }
  panel.send(reply)
}
