/** An `Rpc` over HTTP to one chain of a server (`TestServer.url(network)`). */
import { send } from '../server/helpers.js'
import { type Rpc, rpcOf } from './forkHarness.js'

export function httpRpc(url: string): Rpc {
  return rpcOf(async (body) => (await send(url, { body: JSON.stringify(body) })).json)
}
