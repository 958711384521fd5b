/// <reference types="@crxjs/vite-plugin/client" />
/**
 * Built file names of the content scripts. crxjs resolves a `?script` import of a `*.iife.ts` file
 * by building it as one self-contained synchronous file and replacing the import with its output
 * path (`src/inpage/index.iife.js`). The provider and relay are declared in the manifest by
 * vite.config.ts under those same names (`staticProviderScripts`); the withdraw script is
 * registered by the worker (injection.ts). Only the worker imports this module: unit tests give
 * createInjection their own names.
 */
import notMetaMask from '../content/notMetaMask.iife.ts?script'
import relay from '../content/relay.iife.ts?script'
import withdraw from '../content/withdraw.iife.ts?script'
import inpage from '../inpage/index.iife.ts?script'

export const INJECTED_FILES = { inpage, relay, withdraw, notMetaMask }
