/**
 * Stands in for `tiny-secp256k1` in the browser-safe build (vite.provider.config.ts): its browser
 * entry imports a `.wasm` file as an ES module, which most bundlers refuse without a plugin. The
 * node's dynamic import of it then fails, and sender recovery stays on @noble/curves.
 */
throw new Error('libsecp256k1 (WebAssembly) is not part of the browser-safe build')
