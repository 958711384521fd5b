/** `eth_signTypedData`: typed data (V1), signed through the one typed-data path (typedDataSigning.ts). */
import type { WalletMethod } from './kit.js'
import { signTypedData } from './typedDataSigning.js'

export const eth_signTypedData: WalletMethod = (kit, params) =>
  signTypedData(kit, 'eth_signTypedData', 'V1', params)
