import { bytesToBigint } from '../../../util/hex.js'
import { defineBitcoind } from '../context.js'
import { BitcoindError, RPC_INVALID_ADDRESS_OR_KEY, RPC_WALLET_INVALID_LABEL_NAME } from '../errors.js'
import { decodeWif, importKey } from '../wallet/walletKeys.js'

const ORDER = 0xfffffffffffffffffffffffffffffffebaaedce6af48a03bbfd25e8cd0364141n

/** Adds a WIF key to the dev wallet; its outputs count at once (the chain is indexed by script). */
export const importprivkey = defineBitcoind({
  name: 'importprivkey',
  args: [
    { name: 'privkey', type: 'string' },
    { name: 'label', type: 'string', optional: true },
    { name: 'rescan', type: 'boolean', optional: true },
  ],
  async run(context, [privkey, label]) {
    if (label === '*') throw new BitcoindError(RPC_WALLET_INVALID_LABEL_NAME, "Invalid label name '*'")
    const decoded = decodeWif(String(privkey), context.read().params)
    const scalar = decoded ? bytesToBigint(decoded.privateKey) : 0n
    if (!decoded || scalar === 0n || scalar >= ORDER) {
      throw new BitcoindError(RPC_INVALID_ADDRESS_OR_KEY, 'Invalid private key encoding')
    }
    await context.edit((chain) => importKey(chain, decoded.privateKey, decoded.compressed))
    return null
  },
})
