/** `eth_signTypedData_v4`: typed data (V4), signed through the one typed-data path (typedDataSigning.ts). */
import type { WalletMethod } from './kit.js'
import { signTypedData } from './typedDataSigning.js'

export const eth_signTypedData_v4: WalletMethod = (kit, params) =>
  signTypedData(kit, 'eth_signTypedData_v4', 'V4', params)
