import { describe, expect, test } from 'vitest'
import type { ProviderMessage } from '../../src/provider/createProvider.js'
import { createCompatNode } from './compatNode.js'

describe('eth_subscribe through the EIP-1193 adapter', () => {
  test('newHeads notifications arrive as provider message events until unsubscribed', async () => {
    const { provider } = await createCompatNode()
    const messages: ProviderMessage[] = []
    provider.on('message', (m) => messages.push(m))
    const id = (await provider.request({ method: 'eth_subscribe', params: ['newHeads'] })) as string
    await provider.request({ method: 'anvil_mine', params: ['0x2'] })
    expect(messages.map((m) => m.type)).toEqual(['eth_subscription', 'eth_subscription'])
    const numbers = messages.map(
      (m) => (m.data as { subscription: string; result: { number: string } }).result.number,
    )
    expect(numbers).toEqual(['0x1', '0x2'])
    expect((messages[0]!.data as { subscription: string }).subscription).toBe(id)
    expect(await provider.request({ method: 'eth_unsubscribe', params: [id] })).toBe(true)
    await provider.request({ method: 'evm_mine' })
    expect(messages).toHaveLength(2)
  })
})
