/**
 * Bitcoin network parameters of the simulated Bitcoin chain. Each RSK network pairs with the Bitcoin
 * network its Bridge expects (regtest with regtest, testnet with testnet, mainnet with mainnet), so
 * addresses look like the ones a real wallet on that network shows. Proof of work is always at
 * regtest difficulty whatever the network: the chain is mined on demand.
 */
export interface BtcParams {
  name: 'regtest' | 'testnet' | 'mainnet'
  /** Version byte of base58 P2PKH addresses. */
  pubKeyHash: number
  /** Version byte of base58 P2SH addresses. */
  scriptHash: number
  /** Human-readable part of segwit addresses. */
  bech32: string
  /** Version byte of WIF private keys. */
  wif: number
}

export const BTC_PARAMS: Readonly<Record<'regtest' | 'testnet' | 'mainnet', BtcParams>> = Object.freeze({
  regtest: Object.freeze({ name: 'regtest', pubKeyHash: 0x6f, scriptHash: 0xc4, bech32: 'bcrt', wif: 0xef }),
  testnet: Object.freeze({ name: 'testnet', pubKeyHash: 0x6f, scriptHash: 0xc4, bech32: 'tb', wif: 0xef }),
  mainnet: Object.freeze({ name: 'mainnet', pubKeyHash: 0x00, scriptHash: 0x05, bech32: 'bc', wif: 0x80 }),
})

/** Compact target of regtest's proof-of-work limit: about one hash in two meets it. */
export const REGTEST_BITS = 0x207fffff
