/**
 * The data directory holds every app's API key (apps.json) and every chain: it is the user's
 * alone. It is created 0700, the files written here 0600, and a directory left by an earlier
 * version (0755 / 0644) is tightened at start. LevelDB creates its files with the process umask;
 * the 0700 directory above them is what keeps other users out of those.
 */
import { chmod, lstat, mkdir, readdir } from 'node:fs/promises'
import { join } from 'node:path'

export const PRIVATE_DIR_MODE = 0o700
export const PRIVATE_FILE_MODE = 0o600

/** Creates `dir` (and missing parents) 0700; an existing `dir` is set to 0700. */
export async function ensurePrivateDirectory(dir: string): Promise<void> {
  await mkdir(dir, { recursive: true, mode: PRIVATE_DIR_MODE })
  await chmod(dir, PRIVATE_DIR_MODE)
}

/**
 * Every directory under `root` (itself included) 0700, every file 0600; symbolic links are left
 * alone. An entry below `root` that disappears meanwhile is skipped: the chain's LevelDB runs while
 * this walks it, and a compaction that starts at open deletes table files.
 */
export async function tightenTree(root: string): Promise<void> {
  const info = await lstat(root)
  if (info.isSymbolicLink()) return
  if (info.isDirectory()) {
    if ((info.mode & 0o777) !== PRIVATE_DIR_MODE) await chmod(root, PRIVATE_DIR_MODE)
    for (const name of await readdir(root)) await tightenEntry(join(root, name))
  } else if (info.isFile() && (info.mode & 0o777) !== PRIVATE_FILE_MODE) {
    await chmod(root, PRIVATE_FILE_MODE)
  }
}

/** `tightenTree` of an entry found while walking: one that no longer exists needs nothing. */
export async function tightenEntry(path: string): Promise<void> {
  try {
    await tightenTree(path)
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== 'ENOENT') throw error
  }
}
