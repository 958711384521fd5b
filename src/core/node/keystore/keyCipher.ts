/**
 * The primitives behind keyEncryption.ts, in a module of their own so that they load on the
 * first encryption or unlock instead of at start-up: @noble/ciphers builds its AES tables when
 * imported, and most sessions never touch an encrypted key.
 */
import { gcm } from '@noble/ciphers/aes.js'
import { scryptAsync } from '@noble/hashes/scrypt.js'

export { gcm, scryptAsync }
