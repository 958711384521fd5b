/**
 * `rsk-devnode extension --path [--firefox]`: prints the folder of the unpacked extension that
 * came with the package, for `--load-extension=…`, chrome://extensions' "Load unpacked" or
 * `web-ext run --source-dir …`. The folders sit beside the server bundle (dist/extension/…); run
 * from the sources, they are the repository's dist/extension/ after `npm run build`.
 */
import { findBuiltDirectory } from '../builtDirectory.js'
import { type CliContext, CliError, type CliResult, common, UsageError } from './context.js'
import { asksForHelp, help, parseCommand, usageOf } from './usage.js'

export type ExtensionBrowser = 'chromium' | 'firefox'

/** The unpacked extension's folder for a browser, or undefined when it is not built. */
export function findExtensionDirectory(browser: ExtensionBrowser): string | undefined {
  const directory = findBuiltDirectory(
    import.meta.url,
    // dist/server/rsk-devnode-server.js, or src/server/cli/extensionCommand.ts → dist/extension/
    [`../extension/${browser}/`, `../../../dist/extension/${browser}/`],
    'manifest.json',
  )
  return directory?.replace(/[\\/]$/, '')
}

export function extension(args: string[], context: CliContext): CliResult {
  if (asksForHelp(args)) return help(context, usageOf('extension'))
  const { values } = parseCommand('extension', {
    args,
    options: {
      ...common,
      path: { type: 'boolean' },
      firefox: { type: 'boolean' },
      chromium: { type: 'boolean' },
    },
  })
  if (!values.path) throw new UsageError('extension: say what to print (--path)', usageOf('extension'))
  if (values.firefox && values.chromium) {
    throw new UsageError('extension: --firefox and --chromium exclude each other', usageOf('extension'))
  }
  const browser: ExtensionBrowser = values.firefox ? 'firefox' : 'chromium'
  const directory = findExtensionDirectory(browser)
  if (directory === undefined) {
    throw new CliError(
      `the ${browser} extension is not built: run \`npm run build\` in the package's sources`,
    )
  }
  context.io.out(directory)
  return { exitCode: 0 }
}
