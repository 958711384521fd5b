/** The wallet's method files, by method name: wallet.ts answers these before the node. */
import { eth_decrypt } from './eth_decrypt.js'
import { eth_getEncryptionPublicKey } from './eth_getEncryptionPublicKey.js'
import { eth_signTypedData } from './eth_signTypedData.js'
import { eth_signTypedData_v3 } from './eth_signTypedData_v3.js'
import { eth_signTypedData_v4 } from './eth_signTypedData_v4.js'
import type { WalletMethod } from './kit.js'
import { personal_ecRecover } from './personal_ecRecover.js'
import { wallet_getCallsStatus } from './wallet_getCallsStatus.js'
import { wallet_getCapabilities } from './wallet_getCapabilities.js'
import { wallet_sendCalls } from './wallet_sendCalls.js'
import { wallet_showCallsStatus } from './wallet_showCallsStatus.js'
import { wallet_watchAsset } from './wallet_watchAsset.js'

export const WALLET_METHODS: Readonly<Record<string, WalletMethod>> = {
  eth_signTypedData,
  eth_signTypedData_v3,
  eth_signTypedData_v4,
  personal_ecRecover,
  eth_getEncryptionPublicKey,
  eth_decrypt,
  wallet_watchAsset,
  wallet_getCapabilities,
  wallet_sendCalls,
  wallet_getCallsStatus,
  wallet_showCallsStatus,
}
