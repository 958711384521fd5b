import { bytesToUnprefixedHex } from '../../../util/hex.js'
import { defineBitcoind } from '../context.js'
import { scriptPubKeyJson } from '../scriptJson.js'
import { ownerOf } from '../wallet/walletKeys.js'
import { scriptFacts } from './addressInfo.js'
import { scriptOfAddress } from './common.js'

export const getaddressinfo = defineBitcoind({
  name: 'getaddressinfo',
  args: [{ name: 'address', type: 'string' }],
  run(context, [address]) {
    const chain = context.read()
    const script = scriptOfAddress(chain, address, 'Invalid address')
    const owner = ownerOf(chain, script)
    const facts = scriptFacts(script)
    return {
      address,
      scriptPubKey: facts.scriptPubKey,
      ismine: owner !== undefined,
      solvable: owner !== undefined,
      desc: scriptPubKeyJson(script, chain.params).desc,
      iswatchonly: false,
      ...facts,
      ...(owner
        ? { pubkey: bytesToUnprefixedHex(owner.key.publicKey), iscompressed: owner.key.compressed }
        : {}),
      ischange: false,
      labels: [''],
    }
  },
})
