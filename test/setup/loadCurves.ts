/**
 * Unit tests sign, recover senders and run precompiles through core directly, outside a node's
 * dispatcher (which waits for the curves itself, see src/core/lateLoads.ts): each test file
 * loads them first. Tests of that waiting import a fresh module graph (`vi.resetModules()`).
 */
import { beforeAll } from 'vitest'
import { loadCurves } from '../../src/core/crypto/curves.js'

beforeAll(async () => {
  await loadCurves()
})
