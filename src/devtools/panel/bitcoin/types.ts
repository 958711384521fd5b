/** The `btc_*` answers the Bitcoin view reads: part of the panel protocol (src/shared). */
export * from '../../../shared/bitcoinProtocol.js'
