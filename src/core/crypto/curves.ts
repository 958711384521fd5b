/**
 * secp256k1 (ecrecover, signing, the bridge's federation), bn254 (precompiles 0x06–0x08) and
 * BIP-32 keys, loaded on first need. @noble/curves builds each curve when its module is evaluated:
 * field constants, base-point tables and a probe of the platform's random source, which in Node
 * loads Web Crypto. That was ~15 ms of the ~75 ms from `import` to a node's first answer, spent
 * before answering requests that never touch a curve (`eth_blockNumber`, `eth_chainId`).
 *
 * `createNode` starts the load once the node is ready, and its dispatcher holds back every request
 * that may reach a curve until the load is done (`core/lateLoads.ts`); code paths that use a curve
 * are synchronous (the EVM's precompiles) and read it through `curves()`.
 *
 * The import is relative, so the extension's build turns it into a `require()` the bundler wraps
 * (service workers forbid `import()`, vite.config.ts): there the curves are in the worker's file
 * but evaluated at the load, after the first answers, and ready after a microtask.
 */
import type * as CurveModule from './curveModule.js'

export type Curves = typeof CurveModule

let loaded: Curves | undefined
let loading: Promise<Curves> | undefined

/** Loads the curves once; later calls return the same promise. */
export function loadCurves(): Promise<Curves> {
  loading ??= import('./curveModule.js').then((module) => {
    loaded = module
    return module
  })
  return loading
}

export function curvesLoaded(): boolean {
  return loaded !== undefined
}

/**
 * A code path used a curve before `loadCurves()` resolved: a bug in the node (a missing wait),
 * never an answer about the input. The EVM lets it through instead of failing the call with it.
 */
export class CurvesNotLoadedError extends Error {
  static readonly code = 'CURVES_NOT_LOADED'
  constructor() {
    super('elliptic curves used before loadCurves() resolved: the caller must wait for it')
    this.name = 'CurvesNotLoadedError'
  }
}

/** The loaded curves; throws `CurvesNotLoadedError` before `loadCurves()` has resolved. */
export function curves(): Curves {
  if (loaded === undefined) throw new CurvesNotLoadedError()
  return loaded
}
