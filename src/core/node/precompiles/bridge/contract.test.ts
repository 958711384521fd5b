import { beforeAll, describe, expect, it } from 'vitest'
import { loadCurves } from '../../../crypto/curves.js'
import { loadFastSha256 } from '../../../crypto/fastSha256.js'
import type { Address } from '../../../util/hex.js'
import { bytesToBigint, bytesToUtf8 } from '../../../util/hex.js'
import { bridgeFederation } from './federation.js'
import { createBridgeContract } from './index.js'
import {
  bridgeOnMemoryState,
  callData,
  headersData,
  mineBlocks,
  staticCallerCode,
  USER,
} from './testing/harness.js'

beforeAll(() => Promise.all([loadCurves(), loadFastSha256()]))

const CALLER = `0x${'5c'.repeat(20)}` as Address

describe('the Bridge contract', () => {
  it("charges RSKj's costs plus twice the call data", () => {
    const bridge = createBridgeContract({ name: 'regtest' })
    const headers = headersData(mineBlocks(3))
    expect(bridge.gas(headers)).toBe(25_000n + 2n * 3_500n + BigInt(headers.length * 2))
    const register = callData(
      'registerBtcTransaction(bytes,int256,bytes)',
      { type: 'bytes', value: new Uint8Array(10) },
      { type: 'int', value: 1n },
      { type: 'bytes', value: new Uint8Array(10) },
    )
    expect(bridge.gas(register)).toBe(22_000n + BigInt(register.length * 2))
    const best = callData('getBtcBlockchainBestChainHeight()')
    expect(bridge.gas(best)).toBe(19_000n + 8n)
  })

  it('refuses a state-changing method in a static call, and answers reads there', () => {
    const bridge = bridgeOnMemoryState([USER])
    bridge.state.put(CALLER, { code: staticCallerCode() })
    const succeeded = (data: Uint8Array) => bytesToBigint(bridge.send(USER, data, { to: CALLER }).returnData)
    expect(succeeded(callData('getBtcBlockchainBestChainHeight()'))).toBe(1n)
    const [first] = mineBlocks(1)
    expect(
      succeeded(
        callData('receiveHeader(bytes)', { type: 'bytes', value: first?.header ?? new Uint8Array() }),
      ),
    ).toBe(0n)
  })

  it('names the federation the simulated chain pays (RSKj regtest genesis federation)', () => {
    const bridge = bridgeOnMemoryState([USER])
    const answer = bridge.call(callData('getFederationAddress()')).returnData
    const length = Number(bytesToBigint(answer.subarray(32, 64)))
    expect(bytesToUtf8(answer.subarray(64, 64 + length))).toBe('2N5muMepJizJE1gR7FbHJU6CD18V3BpNF9p')
    expect(bridgeFederation('regtest').address).toBe('2N5muMepJizJE1gR7FbHJU6CD18V3BpNF9p')
  })
})

describe('federator keys', () => {
  it('answers each key type with the federator key and fails on an unknown type', () => {
    const bridge = bridgeOnMemoryState([USER])
    const keyOf = (type: string) =>
      bridge.call(
        callData(
          'getFederatorPublicKeyOfType(int256,string)',
          { type: 'int', value: 1n },
          { type: 'string', value: type },
        ),
      )
    const expected = bridgeFederation('regtest').publicKeys[1] as Uint8Array
    for (const type of ['btc', 'rsk', 'mst'])
      expect(keyOf(type).returnData.subarray(64, 97)).toEqual(expected)
    expect(keyOf('xyz').success).toBe(false)
  })
})
