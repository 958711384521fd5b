import { describe, expect, it } from 'vitest'
import { createNodeRegistry, type DevnodeNode } from './nodeHandle.js'

/** A node whose answers are released by the test, recording its generation and whether it closed. */
function fakeNodes() {
  const opened: Array<{ generation: number; closed: boolean; release: Array<() => void> }> = []
  const open = async (): Promise<DevnodeNode & { engine: string }> => {
    const state = { generation: opened.length + 1, closed: false, release: [] as Array<() => void> }
    opened.push(state)
    return {
      engine: `engine ${state.generation}`,
      async request(json) {
        if (state.closed) return { error: 'closed' }
        if ((json as { method: string }).method === 'slow')
          await new Promise<void>((done) => state.release.push(done))
        if (state.closed) return { error: 'closed while answering' }
        return { generation: state.generation }
      },
      async close() {
        state.closed = true
      },
    }
  }
  return { open, opened }
}

describe('createNodeRegistry', () => {
  it('opens a network once and keeps what the opener exposes', async () => {
    const { open, opened } = fakeNodes()
    const registry = createNodeRegistry(open)
    const [a, b] = await Promise.all([registry.get('regtest'), registry.get('regtest')])
    expect(a).toBe(b)
    expect(opened).toHaveLength(1)
    expect((a as unknown as { engine: string }).engine).toBe('engine 1')
    expect(registry.opened()).toEqual(['regtest'])
  })

  it('reopens a network after the requests in flight are answered; later ones go to the new node', async () => {
    const { open, opened } = fakeNodes()
    const registry = createNodeRegistry(open)
    const first = await registry.get('regtest')
    const slow = first.request({ method: 'slow' })
    await new Promise((done) => setTimeout(done, 0))
    const reopened = registry.reopen('regtest')
    // A caller that still holds the old handle is forwarded to the new node.
    const late = first.request({ method: 'fast' })
    await new Promise((done) => setTimeout(done, 10))
    expect(opened[0]!.closed).toBe(false)
    expect(opened).toHaveLength(1)
    opened[0]!.release.shift()!()
    expect(await slow).toEqual({ generation: 1 })
    const second = await reopened!
    expect(opened[0]!.closed).toBe(true)
    expect(await late).toEqual({ generation: 2 })
    expect(await second.request({ method: 'fast' })).toEqual({ generation: 2 })
    expect(await registry.get('regtest')).toBe(second)
    expect((second as unknown as { engine: string }).engine).toBe('engine 2')
  })

  it('leaves a network that was never opened to be opened on first use', async () => {
    const { open, opened } = fakeNodes()
    const registry = createNodeRegistry(open)
    expect(registry.reopen('mainnet')).toBeNull()
    expect(opened).toHaveLength(0)
  })
})
