/**
 * scrypt for keyEncryption.ts, in a module of its own so that it loads on the first encryption or
 * unlock instead of at start-up: most sessions never touch an encrypted key.
 */
import { scryptAsync } from '@noble/hashes/scrypt.js'

export { scryptAsync }
