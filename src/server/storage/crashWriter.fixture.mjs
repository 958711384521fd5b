// Test helper for levelStore.test.ts: commits "blocks" as single LevelDB batches (eight parts
// plus the new head, as a block commit does; not fsynced, as the server writes by default) until
// it is killed, printing each committed number. Plain JavaScript so a bare `node` can run it; keys are ASCII, so their bytes are the
// ones levelStore.ts writes.
import { ClassicLevel } from 'classic-level'

const db = new ClassicLevel(process.argv[2], { keyEncoding: 'utf8', valueEncoding: 'view' })
await db.open()
const pad = (n) => n.toString().padStart(8, '0')
for (let n = 1; ; n++) {
  const operations = []
  for (let part = 0; part < 8; part++) {
    operations.push({ type: 'put', key: `block:${pad(n)}:${part}`, value: new Uint8Array(512).fill(part) })
  }
  const head = new Uint8Array(4)
  new DataView(head.buffer).setUint32(0, n)
  operations.push({ type: 'put', key: 'head', value: head })
  await db.batch(operations, { sync: false })
  process.stdout.write(`${n}\n`)
}
