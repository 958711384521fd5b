// Maps a V8 call frame in a bundle to the source it came from, through the source map written next
// to the bundle (the library build is minified onto a few lines: its own positions name nothing).
import { existsSync, readFileSync } from 'node:fs'
import { SourceMap } from 'node:module'
import { relative } from 'node:path'
import { fileURLToPath } from 'node:url'

const maps = new Map()

function mapOf(url) {
  if (!maps.has(url)) {
    const path = `${fileURLToPath(url)}.map`
    maps.set(
      url,
      existsSync(path)
        ? {
            dir: fileURLToPath(new URL('.', url)),
            map: new SourceMap(JSON.parse(readFileSync(path, 'utf8'))),
          }
        : null,
    )
  }
  return maps.get(url)
}

/**
 * `{ file, line, name }` of the source behind a call frame (0-based V8 positions), or undefined for
 * frames outside a bundle with a source map. Files are relative to the working directory, with
 * dependencies shortened to `node_modules/<package path>`.
 */
export function originalFrame({ functionName, url, lineNumber, columnNumber }) {
  if (!url?.startsWith('file:')) return undefined
  const entry = mapOf(url)
  if (!entry) return undefined
  const origin = entry.map.findOrigin(lineNumber + 1, columnNumber + 1)
  if (!origin?.fileName) return undefined
  const absolute = new URL(origin.fileName, `file://${entry.dir}`).pathname
  const file = relative(process.cwd(), absolute).replace(/^(\.\.\/)*.*node_modules\//, 'node_modules/')
  return { file, line: origin.lineNumber, name: origin.name ?? functionName }
}
