/**
 * The upstream transport over the platform's `fetch` (Node, service workers and pages all have
 * one): a JSON-RPC batch is one POST, a single request a plain request. HTTP errors become
 * `TransportHttpError` so the client can retry 429s and 5xx; a failing network is fetch's own
 * TypeError.
 */
import {
  TransportHttpError,
  type UpstreamRequest,
  type UpstreamResponse,
  type UpstreamTransport,
} from './upstreamClient.js'

export type FetchLike = (
  url: string,
  init: { method: string; headers: Record<string, string>; body: string },
) => Promise<{ ok: boolean; status: number; json(): Promise<unknown> }>

export function createFetchTransport(
  url: string,
  headers: Record<string, string> = {},
  fetchImpl: FetchLike = (input, init) => globalThis.fetch(input, init),
): UpstreamTransport {
  return async (batch: UpstreamRequest[]): Promise<UpstreamResponse[]> => {
    // One request travels as a plain request, which every node takes (some refuse batches).
    const single = batch.length === 1
    const response = await fetchImpl(url, {
      method: 'POST',
      headers: { 'content-type': 'application/json', ...headers },
      body: JSON.stringify(single ? batch[0] : batch),
    })
    if (!response.ok) throw new TransportHttpError(response.status)
    const body = await response.json()
    if (single && !Array.isArray(body)) {
      const answer = body as UpstreamResponse | null
      if (answer?.error && answer.id === null) return [{ ...answer, id: batch[0]!.id }]
      return [answer as UpstreamResponse]
    }
    // A server that refuses the whole batch answers with one error object.
    if (!Array.isArray(body)) {
      const error = (body as UpstreamResponse | null)?.error
      if (error) return batch.map((request) => ({ id: request.id, error }))
      throw new Error('the upstream answered a batch with something that is not an array')
    }
    return body as UpstreamResponse[]
  }
}

/**
 * A `sleep` without `setTimeout` (core may not name timers): the platform's abort timer, which
 * Node does not count as keeping the process alive. Hosts may inject their own.
 */
export function platformSleep(ms: number): Promise<void> {
  return new Promise((resolve) => {
    AbortSignal.timeout(Math.max(0, ms)).addEventListener('abort', () => resolve(), { once: true })
  })
}
