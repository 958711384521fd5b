/**
 * The elliptic-curve libraries, in a module of their own so that they are evaluated on first need
 * (see curves.ts). Import them through `curves()`, never directly: a static import anywhere else
 * puts their construction back on the node's start-up.
 */
export { bn254 } from '@noble/curves/bn254.js'
export { secp256k1 } from '@noble/curves/secp256k1.js'
export { HDKey } from '@scure/bip32'
