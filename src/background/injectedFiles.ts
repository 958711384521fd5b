/// <reference types="@crxjs/vite-plugin/client" />
/**
 * The built file names of the two scripts the worker registers (injection.ts). crxjs resolves a
 * `?script` import of a `*.iife.ts` file by building it as one self-contained synchronous file
 * (as it did for the manifest's static content scripts) and replacing the import with its output
 * path (`src/inpage/index.iife.js`), so the registration always names a real file of the build.
 * Only the worker imports this module: unit tests give createInjection their own names.
 */
import relay from '../content/relay.iife.ts?script'
import inpage from '../inpage/index.iife.ts?script'

export const INJECTED_FILES = { inpage, relay }
