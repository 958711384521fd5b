import * as bitcoin from 'bitcoinjs-lib'
import { ECPairFactory } from 'ecpair'
import * as ecc from 'tiny-secp256k1'
import { describe, expect, test } from 'vitest'
import { COW_ACCOUNTS, DEV_ACCOUNTS } from '../../accounts/devAccounts.js'
import { bytesToUnprefixedHex, hexToBytes } from '../../util/hex.js'
import { BitcoinChain } from './bitcoinChain.js'
import { federationOf } from './federation.js'
import { BTC_GENESIS_HEIGHT, bitcoinGenesis, compressedPublicKey, FAUCET_PRIVATE_KEY } from './genesis.js'
import { mapBtcStore } from './store.js'

const regtest = bitcoin.networks.regtest
const ECPair = ECPairFactory(ecc)

describe('the simulated federation', () => {
  test("is RSKj's regtest genesis federation: 2 of 3 at 2N5muMepJizJE1gR7FbHJU6CD18V3BpNF9p", () => {
    const federation = federationOf('regtest')
    expect(federation.address).toBe('2N5muMepJizJE1gR7FbHJU6CD18V3BpNF9p')
    expect(federation.threshold).toBe(2)
    expect(federation.publicKeys).toHaveLength(3)
    const p2ms = bitcoin.payments.p2ms({ m: 2, pubkeys: federation.publicKeys, network: regtest })
    const p2sh = bitcoin.payments.p2sh({ redeem: p2ms, network: regtest })
    expect(p2sh.address).toBe(federation.address)
    expect(bytesToUnprefixedHex(federation.redeemScript)).toBe(bytesToUnprefixedHex(p2ms.output!))
    federation.privateKeys.forEach((key, i) => {
      expect(compressedPublicKey(key)).toEqual(federation.publicKeys[i])
    })
  })

  test('testnet and mainnet have their own stand-in federations with their prefixes', () => {
    expect(federationOf('testnet').address).toMatch(/^2/)
    expect(federationOf('testnet').publicKeys).toHaveLength(5)
    expect(federationOf('mainnet').address).toMatch(/^3/)
    expect(federationOf('mainnet').threshold).toBe(5)
  })
})

describe('the genesis block', () => {
  test('parses with bitcoinjs-lib, has valid proof of work and its merkle root', () => {
    const genesis = bitcoinGenesis('regtest')
    const block = bitcoin.Block.fromBuffer(genesis.raw)
    expect(block.getId()).toBe(bytesToUnprefixedHex(genesis.hash))
    expect(block.checkProofOfWork()).toBe(true)
    expect(block.checkTxRoots()).toBe(true)
    expect(block.bits).toBe(0x207fffff)
    expect(genesis.height).toBe(0)
  })

  test("pays 100 BTC to every dev account's P2PKH address and 20 × 50 BTC to the federation", () => {
    const genesis = bitcoinGenesis('regtest')
    const coinbase = bitcoin.Block.fromBuffer(genesis.raw).transactions![0]!
    expect(coinbase.outs).toHaveLength(DEV_ACCOUNTS.length + 21)
    DEV_ACCOUNTS.forEach((account, i) => {
      const pubkey = compressedPublicKey(hexToBytes(account.privateKey))
      const address = bitcoin.payments.p2pkh({ pubkey, network: regtest }).address!
      const out = coinbase.outs[i]!
      expect(bitcoin.address.fromOutputScript(out.script, regtest)).toBe(address)
      expect(out.value).toBe(10_000_000_000n)
    })
    for (const out of coinbase.outs.slice(DEV_ACCOUNTS.length, -1)) {
      expect(bitcoin.address.fromOutputScript(out.script, regtest)).toBe(
        '2N5muMepJizJE1gR7FbHJU6CD18V3BpNF9p',
      )
      expect(out.value).toBe(5_000_000_000n)
    }
    const faucet = ECPair.fromPrivateKey(FAUCET_PRIVATE_KEY)
    const faucetOut = coinbase.outs[coinbase.outs.length - 1]!
    expect(faucetOut.value).toBe(100_000_000_000_000n)
    expect(faucetOut.script).toEqual(bitcoin.payments.p2pkh({ pubkey: faucet.publicKey }).output)
    expect(genesis.federationUtxos).toHaveLength(20)
    expect(genesis.federationUtxos[0]).toMatchObject({ index: DEV_ACCOUNTS.length, value: 5_000_000_000n })
  })

  test('is the same on every run and sits at the Bridge checkpoint height of each network', () => {
    for (const network of ['regtest', 'testnet', 'mainnet'] as const) {
      const genesis = bitcoinGenesis(network)
      const coinbase = bitcoin.Block.fromBuffer(genesis.raw).transactions![0]!
      expect(genesis.height).toBe(BTC_GENESIS_HEIGHT[network])
      // BIP34: the coinbase's scriptSig starts with the height.
      const [height] = bitcoin.script.decompile(coinbase.ins[0]!.script)!
      if (network === 'regtest') expect(height).toBe(bitcoin.opcodes.OP_0)
      else expect(bitcoin.script.number.decode(height as Uint8Array)).toBe(genesis.height)
    }
    expect(bitcoinGenesis('testnet').hash).not.toEqual(bitcoinGenesis('regtest').hash)
  })

  test('a fresh chain answers from the genesis without writing anything', () => {
    const store = mapBtcStore()
    const chain = new BitcoinChain(store, 'regtest')
    const cow = bitcoin.payments.p2pkh({
      pubkey: compressedPublicKey(hexToBytes(COW_ACCOUNTS[0]!.privateKey)),
      network: regtest,
    })
    expect(chain.bestHeight()).toBe(0)
    expect(chain.bestHash()).toEqual(bitcoinGenesis('regtest').hash)
    expect(chain.balanceOf(cow.output!)).toBe(10_000_000_000n)
    expect(chain.utxosOf(federationOf('regtest').scriptPubKey)).toHaveLength(20)
    expect(chain.blockByHeight(0)?.raw).toEqual(bitcoinGenesis('regtest').raw)
    expect(store.entries.size).toBe(0)
  })
})
