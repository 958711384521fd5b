import { describe, expect, it } from 'vitest'
import { startUpGate } from './startUpGate.js'

/** A gate whose timer only fires when the test says so; `isOpen()` after the microtasks ran. */
function gate() {
  let fire = () => {}
  const g = startUpGate(1000, (run) => {
    fire = run
  })
  let open = false
  void g.opened.then(() => {
    open = true
  })
  const isOpen = async () => {
    await Promise.resolve()
    await Promise.resolve()
    return open
  }
  return { g, isOpen, fire: () => fire() }
}

describe('startUpGate', () => {
  it('stays shut for the requests a page sends first, until the first answer opens it', async () => {
    const { g, isOpen } = gate()
    g.request('eth_blockNumber')
    g.request('eth_chainId')
    expect(await isOpen()).toBe(false)
    g.open()
    expect(await isOpen()).toBe(true)
  })

  it('opens at once for a request that may sign or recover a sender', async () => {
    for (const method of ['eth_sendRawTransaction', 'eth_sendTransaction', 'personal_sign', 'evm_mine']) {
      const { g, isOpen } = gate()
      g.request(method)
      expect(await isOpen()).toBe(true)
    }
  })

  it('opens after the delay when no answer comes', async () => {
    const { isOpen, fire } = gate()
    expect(await isOpen()).toBe(false)
    fire()
    expect(await isOpen()).toBe(true)
  })
})
