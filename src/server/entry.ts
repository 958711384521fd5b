/**
 * Entry of the Node.js server bundle (dist/server/rsk-devnode-server.js): the CLI for
 * `bin/rsk-devnode.mjs`, and the server API for scripts such as `npm start`.
 */
import { runCli } from './cli/main.js'
import { coreNodeFactory } from './node/coreNode.js'

export { loadApps } from './apps/appStore.js'
export { curlLine, formatServeBanner, rpcAddress } from './cli/format.js'
export { coreNodeFactory, type NodeOptions } from './node/coreNode.js'
export {
  DataDirectoryInUseError,
  DEFAULT_PORT,
  type RunningServer,
  SERVED_NETWORKS,
  type StartServerParameters,
  startServer,
} from './server.js'

/** Runs a command line; `serve` keeps running until SIGINT/SIGTERM, then closes cleanly. */
export async function main(argv: string[]): Promise<void> {
  const result = await runCli(argv, {
    io: { out: (line) => console.log(line), err: (line) => console.error(line) },
    nodeFactory: (options) => coreNodeFactory(options),
    defaultDataDir: process.env.RSK_DEVNODE_DATA_DIR,
  })
  const server = result.server
  if (!server) {
    process.exitCode = result.exitCode
    return
  }
  let stopping = false
  const stop = (signal: string) => {
    if (stopping) return
    stopping = true
    console.log(`\n${signal}: closing (flushing metrics, closing chains)…`)
    server.close().then(
      () => process.exit(0),
      (error: unknown) => {
        console.error(error)
        process.exit(1)
      },
    )
  }
  process.once('SIGINT', () => stop('SIGINT'))
  process.once('SIGTERM', () => stop('SIGTERM'))
}
