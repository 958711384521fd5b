/** The trie hashes with the node's keccak256 (WebAssembly when loaded): see src/core/crypto/hash.ts. */
export { initFastKeccak, isFastKeccakReady, keccak256 } from '../crypto/hash.js'
