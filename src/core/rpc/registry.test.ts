import { existsSync, readdirSync, readFileSync } from 'node:fs'
import { basename } from 'node:path'
import { fileURLToPath } from 'node:url'
import { describe, expect, test } from 'vitest'
import { createNode } from '../createNode.js'
import { createMemoryStore } from '../storage/memoryStore.js'
import type { MethodDefinition } from './defineMethod.js'
import type { ParamType } from './params.js'
import { createRegistry, type MethodStatus, namespaceOf } from './registry.js'
import fixture from './specMethodNames.fixture.json' with { type: 'json' }

/** The spec writes Rootstock's own namespace as `ledger_`; the node serves it as `rsk_`. */
const toNodeName = (specName: string) => specName.replace(/^ledger_/, 'rsk_')

const registry = createRegistry()

/** The methods this layer serves without a chain (issue 2). */
const NO_CHAIN_METHODS = [
  'eth_accounts',
  'eth_chainId',
  'eth_protocolVersion',
  'eth_syncing',
  'net_listening',
  'net_peerCount',
  'net_peerList',
  'net_version',
  'rpc_modules',
  'rsk_protocolVersion',
  'web3_clientVersion',
  'web3_sha3',
]

describe('registry against the specification fixture', () => {
  test('lists every method of the four Endpoints tables', () => {
    const names = [
      ...fixture.full,
      ...fixture.further,
      ...fixture.listed,
      ...fixture.unsupported,
      ...fixture.deprecated,
    ]
    expect(names).toHaveLength(106)
    const missing = names.map(toNodeName).filter((name) => !registry.get(name))
    expect(missing).toEqual([])
  })

  test('marks the compilers and Whisper unsupported and db_* deprecated', () => {
    for (const name of fixture.unsupported) expect(registry.get(name)?.status, name).toBe('unsupported')
    for (const name of fixture.deprecated) expect(registry.get(name)?.status, name).toBe('deprecated')
  })

  test('gives every supported spec method a served or pending status', () => {
    for (const name of [...fixture.full, ...fixture.further, ...fixture.listed].map(toNodeName)) {
      expect(['implemented', 'pending'] satisfies MethodStatus[], name).toContain(registry.get(name)?.status)
    }
  })

  test('serves the methods that need no chain', () => {
    const implemented = new Set(
      registry
        .entries()
        .filter((e) => e.status === 'implemented')
        .map((e) => e.name),
    )
    for (const name of NO_CHAIN_METHODS) expect(implemented.has(name), name).toBe(true)
  })

  test('resolves dev aliases to their canonical method and status', () => {
    const alias = registry.get('hardhat_setBalance')
    expect(alias).toMatchObject({
      aliasOf: 'anvil_setBalance',
      status: registry.get('anvil_setBalance')?.status,
    })
    for (const entry of registry.entries().filter((e) => e.aliasOf)) {
      expect(registry.get(entry.aliasOf as string), entry.name).toBeDefined()
    }
  })

  test('lists only optional parameters after the first optional one', () => {
    for (const entry of registry.entries()) {
      const firstOptional = entry.params.findIndex((p) => p.optional)
      if (firstOptional < 0) continue
      expect(
        entry.params.slice(firstOptional).every((p) => p.optional),
        entry.name,
      ).toBe(true)
    }
  })

  test('refuses a table where an unsupported method has a definition', async () => {
    const { web3_sha3 } = await import('./methods/web3/web3_sha3.js')
    expect(() =>
      createRegistry({
        rows: { web3_sha3: { group: 'dev', params: [], refused: 'unsupported' } },
        implemented: [web3_sha3],
      }),
    ).toThrow('unsupported but has a definition')
    expect(() => createRegistry({ rows: {}, implemented: [web3_sha3] })).toThrow('not listed')
  })
})

const methodsDir = fileURLToPath(new URL('./methods/', import.meta.url))

function isDefinition(value: unknown): value is MethodDefinition {
  const v = value as Partial<MethodDefinition> | null
  return (
    typeof v === 'object' &&
    v !== null &&
    typeof v.name === 'string' &&
    Array.isArray(v.params) &&
    typeof v.handler === 'function'
  )
}

describe('method files', () => {
  const files = readdirSync(methodsDir, { withFileTypes: true })
    .filter((d) => d.isDirectory())
    .flatMap((d) =>
      readdirSync(`${methodsDir}${d.name}`)
        .filter((f) => f.endsWith('.ts') && !f.endsWith('.test.ts'))
        .map((f) => ({ folder: d.name, file: f })),
    )

  test('there are method files to check', () => {
    expect(files.length).toBeGreaterThanOrEqual(12)
  })

  test('each defines one method named as the file, in its namespace folder, served by the registry', async () => {
    for (const { folder, file } of files) {
      const module = (await import(`./methods/${folder}/${file}`)) as Record<string, unknown>
      const definitions = Object.values(module).filter(isDefinition)
      const where = `methods/${folder}/${file}`
      expect(definitions, where).toHaveLength(1)
      const definition = definitions[0] as MethodDefinition
      expect(definition.name, where).toBe(basename(file, '.ts'))
      expect(namespaceOf(definition.name), where).toBe(folder)
      expect(registry.get(definition.name)?.definition, `${where} is not listed in IMPLEMENTED`).toBe(
        definition,
      )
    }
  })
})

/** A well-formed value for each parameter type, so a served method gets past parameter parsing. */
const SAMPLE: Record<ParamType, unknown> = {
  QUANTITY: '0x0',
  DATA: '0x',
  DATA20: '0x0000000000000000000000000000000000000000',
  DATA32: `0x${'0'.repeat(64)}`,
  TAG: 'latest',
  BLOCK: 'latest',
  BLOCK_EXT: 'latest',
  BOOLEAN: false,
  CALL: { to: '0x0000000000000000000000000000000000000000' },
  FILTER: {},
  STRING: '',
  OBJECT: {},
  DATA32_ARRAY: [],
  ANY: {},
}

describe('every registry method on the wire', () => {
  test('answers each method with a result or the exact -32601 text', async () => {
    const node = await createNode({
      storage: createMemoryStore(),
      platform: { os: 'linux', runtime: 'node-20.20' },
    })
    const notAvailable: string[] = []
    for (const entry of node.registry.entries()) {
      const params = entry.params.filter((p) => !p.optional).map((p) => SAMPLE[p.type])
      const response = await node.request({ jsonrpc: '2.0', id: 1, method: entry.name, params })
      if (entry.status !== 'implemented') {
        expect(response, entry.name).toEqual({
          jsonrpc: '2.0',
          id: 1,
          error: { code: -32601, message: `the method ${entry.name} does not exist/is not available` },
        })
        notAvailable.push(entry.name)
      } else if (NO_CHAIN_METHODS.includes(entry.name)) {
        expect(response, entry.name).toHaveProperty('result')
      } else {
        // A chain method may refuse a sample value for a domain reason (a zero-byte transaction is
        // not a transaction), but it is served, and it does not crash.
        const code = response && 'error' in response ? response.error.code : undefined
        expect([-32601, -32603], `${entry.name}: ${JSON.stringify(response)}`).not.toContain(code)
      }
    }
    expect(notAvailable).toContain('eth_compileSolidity')
    expect(notAvailable).toContain('db_getHex')
    expect(notAvailable).toContain('shh_post')
  })
})

const specPath = fileURLToPath(new URL('../../../../shared/spec/rpc-service-spec.md', import.meta.url))

/** Rows of the markdown table(s) under a `### title` heading, header row dropped. */
function tableRows(markdown: string, title: string): string[][] {
  const start = markdown.indexOf(`### ${title}`)
  if (start < 0) throw new Error(`section "${title}" not found in the spec`)
  const rest = markdown.slice(start + 4)
  const end = rest.search(/\n##+ /)
  const section = end < 0 ? rest : rest.slice(0, end)
  const rows = section
    .split('\n')
    .filter((line) => line.startsWith('|') && !line.startsWith('|---'))
    .map((line) =>
      line
        .replace(/^\||\|$/g, '')
        .split('|')
        .map((cell) => cell.trim()),
    )
  return rows.slice(1)
}

const splitNames = (cell: string) =>
  cell
    .replace('(all supported)', '')
    .split(',')
    .map((s) => s.trim())
    .filter(Boolean)

// The spec lives beside the repository on the development machine only; a fresh clone has the
// fixture above as its copy. The check is registered only where there is something to check.
if (existsSync(specPath)) {
  test('the fixture matches the method names in the service specification', () => {
    const spec = readFileSync(specPath, 'utf8')
    const refusedRows = tableRows(spec, 'Methods not supported or deprecated')
    expect({
      full: tableRows(spec, 'Methods with full descriptions').map((r) => r[0]),
      further: tableRows(spec, 'Further methods with descriptions').map((r) => r[0]),
      listed: tableRows(spec, 'Methods listed as supported, without parameter description').flatMap((r) =>
        splitNames(r[1] ?? ''),
      ),
      unsupported: refusedRows
        .filter((r) => !r[1]?.startsWith('Deprecated'))
        .flatMap((r) => splitNames(r[0] ?? '')),
      deprecated: refusedRows
        .filter((r) => r[1]?.startsWith('Deprecated'))
        .flatMap((r) => splitNames(r[0] ?? '')),
    }).toEqual({
      full: fixture.full,
      further: fixture.further,
      listed: fixture.listed,
      unsupported: fixture.unsupported,
      deprecated: fixture.deprecated,
    })
  })
}
