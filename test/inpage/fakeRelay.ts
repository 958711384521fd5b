/**
 * The page's provider (src/inpage/provider.ts) over a fake relay: what it posts is kept in
 * `sent`, and `relay(body)` delivers a relay-to-page message to it.
 */
import { RskDevnodeProvider } from '../../src/inpage/provider.js'
import type { PageToRelay, RelayToPage } from '../../src/shared/protocol.js'

export function providerOverFakeRelay() {
  const sent: PageToRelay[] = []
  let deliver: (m: RelayToPage) => void = () => {}
  const provider = new RskDevnodeProvider({ post: (m) => sent.push(m), listen: (h) => (deliver = h) })
  const relay = (body: Record<string, unknown>) =>
    deliver({ channel: 'rsk-devnode:provider', v: 1, dir: 'relay-to-page', ...body } as RelayToPage)
  return { provider, sent, relay }
}
