/**
 * Small JSON files of the data directory (apps, metrics, the running server's address), written
 * so a crash at any instant leaves either the old or the new file, never a torn one: write a
 * temporary file beside it, fsync, rename over the original. Only the user may read them (0600).
 */
import { open, readFile, rename } from 'node:fs/promises'
import { dirname } from 'node:path'
import { ensurePrivateDirectory, PRIVATE_FILE_MODE } from './privateFiles.js'

export async function readJsonFile<T>(path: string): Promise<T | undefined> {
  let text: string
  try {
    text = await readFile(path, 'utf8')
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return undefined
    throw error
  }
  return JSON.parse(text) as T
}

let sequence = 0

export async function writeJsonFileAtomic(path: string, data: unknown): Promise<void> {
  await ensurePrivateDirectory(dirname(path))
  const temporary = `${path}.${process.pid}.${sequence++}.tmp`
  const file = await open(temporary, 'w', PRIVATE_FILE_MODE)
  try {
    await file.writeFile(`${JSON.stringify(data, null, 2)}\n`)
    await file.sync()
  } finally {
    await file.close()
  }
  await rename(temporary, path)
}
