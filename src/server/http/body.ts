/**
 * Reads a request body up to a byte limit. A declared Content-Length over the limit is refused
 * before a byte is read; a streamed body is cut off as soon as it passes the limit.
 */
import type { IncomingMessage } from 'node:http'

export type BodyResult = { ok: true; text: string } | { ok: false; reason: 'tooLarge' | 'aborted' }

export function readBody(request: IncomingMessage, limit: number): Promise<BodyResult> {
  const declared = request.headers['content-length']
  if (declared !== undefined && Number(declared) > limit)
    return Promise.resolve({ ok: false, reason: 'tooLarge' })
  return new Promise((resolve) => {
    const chunks: Buffer[] = []
    let size = 0
    let done = false
    const finish = (result: BodyResult) => {
      if (done) return
      done = true
      request.removeListener('data', onData)
      resolve(result)
    }
    const onData = (chunk: Buffer) => {
      size += chunk.length
      if (size > limit) {
        finish({ ok: false, reason: 'tooLarge' })
        return
      }
      chunks.push(chunk)
    }
    request.on('data', onData)
    request.once('end', () => {
      const text = chunks.length === 1 ? chunks[0]!.toString('utf8') : Buffer.concat(chunks).toString('utf8')
      finish({ ok: true, text })
    })
    request.once('aborted', () => finish({ ok: false, reason: 'aborted' }))
    request.once('error', () => finish({ ok: false, reason: 'aborted' }))
  })
}
