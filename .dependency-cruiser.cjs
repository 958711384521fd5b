/**
 * The dependency rules of RSK Devnode, checked by dependency-cruiser: `npm run lint` runs it and
 * `npm test` runs it too (src/dependencyRules.test.ts). docs/architecture.md ("Layers") explains
 * them. Layers of src/core, each importing only its own layer and those below:
 *
 *   door     src/core/*.ts (createNode)       opens the engine and puts the JSON-RPC front on it
 *   rpc      src/core/rpc                     wire parsing, DTOs, errors → codes, one file per method
 *   node     src/core/node                    the engine and its queries, in domain types
 *   domain   chain evm state mining pool filters tracing accounts fork bitcoin
 *   base     trie crypto storage util network clock
 *
 * No exceptions: every import inside src/core points down.
 *
 * Test files (`*.test.ts`) may reach across layers (a test of the EVM may start a whole node),
 * but not into a circle, and not into a browser context's forbidden imports.
 */
// The composition root and what only it needs: the files directly in src/core, above every folder.
const DOOR = '^src/core/[^/]+$'
const RPC = '^src/core/rpc/'
const NODE = '^src/core/node/'
const DOMAIN = '^src/core/(chain|evm|state|mining|pool|filters|tracing|accounts|fork|bitcoin)/'
const BASE = '^src/core/(trie|crypto|storage|util|network|clock)/'
const TEST = '\\.test\\.tsx?$'

/** A rule that `from` (its test files excepted) imports nothing matching `to`. */
function layer(name, comment, from, to) {
  return { name, comment, severity: 'error', from: { path: from, pathNot: TEST }, to: { path: to } }
}

module.exports = {
  forbidden: [
    {
      name: 'no-circular',
      comment: 'No file reaches itself through its imports, type-only imports included.',
      severity: 'error',
      from: { path: '^src/' },
      to: { circular: true },
    },
    layer('rpc-not-to-door', 'rpc is below the door: it never builds a node.', RPC, DOOR),
    layer(
      'node-not-to-rpc',
      'node speaks domain types; only src/core/rpc knows the wire, and only the door builds a node.',
      NODE,
      `${RPC}|${DOOR}`,
    ),
    layer(
      'domain-not-up',
      'chain, evm, state, mining, pool, filters, tracing, accounts, fork and bitcoin know nothing of the node or the wire.',
      DOMAIN,
      `${NODE}|${RPC}|${DOOR}`,
    ),
    layer(
      'base-not-up',
      'trie, crypto, storage, util, network and clock import only each other.',
      BASE,
      `${DOMAIN}|${NODE}|${RPC}|${DOOR}`,
    ),
    {
      name: 'core-self-contained',
      comment: 'src/core runs unchanged in a worker, a page and Node.js: it imports nothing else of src.',
      severity: 'error',
      from: { path: '^src/core/', pathNot: TEST },
      to: { path: '^src/(?!core/)' },
    },
    {
      name: 'core-no-node-builtins',
      comment: 'src/core is pure: no Node built-ins (storage, clock and platform are passed in).',
      severity: 'error',
      from: { path: '^src/core/', pathNot: [TEST, '^src/core/.*/fixtures/'] },
      to: { dependencyTypes: ['core'] },
    },
    {
      name: 'core-no-extension-apis',
      comment:
        "src/core is pure: no browser-extension API packages (Biome's restricted globals catch `chrome`).",
      severity: 'error',
      from: { path: '^src/core/' },
      to: { path: '(^|/)node_modules/(webextension-polyfill|@types/chrome)/' },
    },
    {
      name: 'node-builtins-only-in-server',
      comment:
        'Node built-ins belong to the HTTP server and the CLI (src/server), the Playwright fixture (src/playwright, which runs in the test runner), tests and build configurations.',
      severity: 'error',
      // Build configurations (vite.config.ts) run in Node too.
      from: {
        path: '^src/',
        pathNot: [TEST, '^src/server/', '^src/playwright/', '^src/core/.*/fixtures/', '/vite\\.config\\.ts$'],
      },
      to: { dependencyTypes: ['core'] },
    },
    {
      name: 'page-scripts-only-shared',
      comment: 'The page provider (src/inpage) and the relay (src/content) import only src/shared.',
      severity: 'error',
      from: { path: '^src/(inpage|content)/' },
      to: { path: '^src/', pathNot: '^src/(inpage|content|shared)/' },
    },
    {
      name: 'page-scripts-no-extension-api',
      comment:
        'The page-side scripts stay small: chrome.runtime only, never the doors of the extension pages and the worker to the WebExtension APIs.',
      severity: 'error',
      from: { path: '^src/(inpage|content)/' },
      to: {
        path: '^src/shared/(extensionApi|nativeExtensionApi)\\.ts$|(^|/)node_modules/webextension-polyfill/',
      },
    },
    {
      name: 'inpage-content-apart',
      comment: 'The page provider and the relay run in different worlds and share only src/shared.',
      severity: 'error',
      from: { path: '^src/inpage/' },
      to: { path: '^src/content/' },
    },
    {
      name: 'content-inpage-apart',
      comment: 'The page provider and the relay run in different worlds and share only src/shared.',
      severity: 'error',
      from: { path: '^src/content/' },
      to: { path: '^src/inpage/' },
    },
    {
      name: 'extension-pages-only-shared',
      comment:
        'The popup and the DevTools page and panel talk to the worker by messages: they import src/shared, the pure src/core and their own folder, never another context (the background, the wallet, the page scripts, the server).',
      severity: 'error',
      from: { path: '^src/(devtools|wallet/popup)/' },
      to: { path: '^src/', pathNot: '^src/(shared|core|$1)/' },
    },
    {
      name: 'shared-only-shared',
      comment: 'src/shared (the messages between contexts) depends on no context.',
      severity: 'error',
      from: { path: '^src/shared/' },
      to: { path: '^src/', pathNot: '^src/(shared|core)/' },
    },
    {
      name: 'shared-core-types-only',
      comment:
        "src/shared may name src/core's types (one definition, erased from the build), never import its code: the page provider imports src/shared.",
      severity: 'error',
      from: { path: '^src/shared/' },
      to: { path: '^src/core/', dependencyTypesNot: ['type-only'] },
    },
    {
      name: 'playwright-only-shared',
      comment:
        'The Playwright fixture (src/playwright) drives the built extension from outside: it knows it only through the messages of src/shared.',
      severity: 'error',
      from: { path: '^src/playwright/', pathNot: TEST },
      to: { path: '^src/', pathNot: '^src/(playwright|shared)/' },
    },
    {
      name: 'server-is-node-only',
      comment: 'Only the server itself imports src/server: the browser contexts and the core never do.',
      severity: 'error',
      from: { path: '^src/', pathNot: '^src/server/' },
      to: { path: '^src/server/' },
    },
    {
      name: 'src-not-to-test',
      comment: 'Shipped code never imports test helpers.',
      severity: 'error',
      from: { path: '^src/', pathNot: TEST },
      to: { path: '^(test|bench)/' },
    },
  ],
  options: {
    tsPreCompilationDeps: true,
    tsConfig: { fileName: 'tsconfig.json' },
    doNotFollow: { path: 'node_modules' },
    enhancedResolveOptions: { extensions: ['.ts', '.tsx', '.js', '.mjs', '.json'] },
  },
}
