#!/usr/bin/env node
// Opens a chain written by one build of the library with another, in one process over one
// in-memory IndexedDB (fake-indexeddb): what a storage layout change must keep. The older build
// writes blocks with transfers, a contract whose slot changes, a dev edit and a snapshot; the newer
// one must read every old block's balances, storage and a proof as the older one answered them,
// build on them, reopen, revert to the older build's snapshot and build again.
//   git worktree add /tmp/old <commit> && (cd /tmp/old && npm ci && npm run build:lib)
//   npm run build:lib && node scripts/check-layout-migration.mjs /tmp/old/dist/lib/index.js [dist/lib/index.js]
// Exits 1 and prints each difference when the newer build reads anything differently.
import { resolve } from 'node:path'
import { IDBFactory, IDBKeyRange } from 'fake-indexeddb'

const factory = new IDBFactory()
const OLD = resolve(process.argv[2] ?? '')
const NEW = resolve(process.argv[3] ?? 'dist/lib/index.js')
if (!process.argv[2]) {
  console.error('usage: node scripts/check-layout-migration.mjs <older dist/lib/index.js> [newer]')
  process.exit(2)
}
async function open(path) {
  const lib = await import(path)
  const storage = await lib.createIndexedDbStore({ indexedDB: factory, keyRange: IDBKeyRange, name: 'chain' })
  const node = await lib.createNode({
    network: 'regtest',
    storage,
    clock: lib.createManualClock(1_700_000_000_000),
  })
  let id = 0
  const call = async (method, params = []) => {
    const r = await node.request({ jsonrpc: '2.0', id: ++id, method, params })
    if (r.error) throw new Error(`${method}: ${r.error.message}`)
    return r.result
  }
  return { node, call, close: () => node.close() }
}
// A contract whose slot 0 starts at 10 and takes each call's first word: PUSH1 0 CALLDATALOAD PUSH1 0
// SSTORE STOP, copied out by the init code after it stores the 10.
const init = '600a600055' + '6007' + '6011' + '6000' + '39' + '6007' + '6000' + 'f3' + '60003560005500'
const word = (n) => `0x${n.toString(16).padStart(64, '0')}`
const expect = (actual, expected, what) => {
  if (actual === expected) return
  console.log('differs:', what, actual, 'expected', expected)
  process.exitCode = 1
}

// Old code writes a chain.
const old = await open(OLD)
// The regtest node's first dev account, unlocked for eth_sendTransaction.
const from = '0xf39fd6e51aad88f6f4ce6ab8827279cfffb92266'
const deployHash = await old.call('eth_sendTransaction', [{ from, data: `0x${init}`, gas: '0x30000' }])
const contract = (await old.call('eth_getTransactionReceipt', [deployHash])).contractAddress
const recipients = [`0x${'11'.repeat(20)}`, `0x${'22'.repeat(20)}`]
for (let i = 0; i < 20; i++) {
  await old.call('eth_sendTransaction', [{ from, to: recipients[i % 2], value: `0x${(i + 1).toString(16)}` }])
  if (i % 5 === 0)
    await old.call('eth_sendTransaction', [{ from, to: contract, data: word(100 + i), gas: '0x20000' }])
}
await old.call('anvil_setBalance', [`0x${'33'.repeat(20)}`, '0x1234'])
const snapshot = await old.call('evm_snapshot')
await old.call('eth_sendTransaction', [{ from, to: contract, data: word(999), gas: '0x20000' }])
const head = Number(await old.call('eth_blockNumber'))
const seen = []
for (let n = 0; n <= head; n++) {
  const tag = `0x${n.toString(16)}`
  seen.push({
    tag,
    b0: await old.call('eth_getBalance', [recipients[0], tag]),
    s: await old.call('eth_getStorageAt', [contract, '0x0', tag]),
    f: await old.call('eth_getBalance', [from, tag]),
  })
}
const proofOld = await old.call('eth_getProof', [contract, [word(0)], '0x5'])
await old.close()

// New code opens it.
const neu = await open(NEW)
expect(Number(await neu.call('eth_blockNumber')), head, 'head')
for (const { tag, b0, s, f } of seen) {
  expect(await neu.call('eth_getBalance', [recipients[0], tag]), b0, `balance ${tag}`)
  expect(await neu.call('eth_getStorageAt', [contract, '0x0', tag]), s, `storage ${tag}`)
  expect(await neu.call('eth_getBalance', [from, tag]), f, `sender ${tag}`)
}
expect(
  JSON.stringify(await neu.call('eth_getProof', [contract, [word(0)], '0x5'])),
  JSON.stringify(proofOld),
  'proof at 5',
)
// It goes on: storage and balances change on top of the old roots.
for (let i = 0; i < 10; i++) {
  await neu.call('eth_sendTransaction', [{ from, to: recipients[i % 2], value: '0x5' }])
  await neu.call('eth_sendTransaction', [{ from, to: contract, data: word(2000 + i), gas: '0x20000' }])
}
expect(await neu.call('eth_getStorageAt', [contract, '0x0', 'latest']), word(2009), 'storage after')
const newHead = Number(await neu.call('eth_blockNumber'))
const afterBalance = await neu.call('eth_getBalance', [recipients[0], 'latest'])
await neu.close()
// Reopened, then reverted to the snapshot the old code took (no location: under t:).
const again = await open(NEW)
expect(Number(await again.call('eth_blockNumber')), newHead, 'head after reopen')
expect(await again.call('eth_getBalance', [recipients[0], 'latest']), afterBalance, 'balance after reopen')
expect(
  await again.call('eth_getStorageAt', [contract, '0x0', `0x${(head + 4).toString(16)}`]),
  word(2001),
  'storage mid',
)
for (const { tag, s } of seen)
  expect(await again.call('eth_getStorageAt', [contract, '0x0', tag]), s, `old storage ${tag}`)
expect(await again.call('evm_revert', [snapshot]), true, 'revert')
expect(
  await again.call('eth_getBalance', [`0x${'33'.repeat(20)}`, 'latest']),
  '0x1234',
  'dev edit kept by the snapshot',
)
expect(
  await again.call('eth_getStorageAt', [contract, '0x0', 'latest']),
  seen[head - 1].s,
  'storage at snapshot',
)
await again.call('eth_sendTransaction', [{ from, to: contract, data: word(7), gas: '0x20000' }])
await again.close()
const last = await open(NEW)
expect(
  await last.call('eth_getStorageAt', [contract, '0x0', 'latest']),
  word(7),
  'storage after revert and reopen',
)
await last.close()
console.log(
  'checked',
  seen.length,
  'old blocks; head',
  head,
  '→',
  newHead,
  process.exitCode ? 'FAILED' : 'OK',
)
