/** `eth_signTypedData_v3`: typed data (V3), signed through the one typed-data path (typedDataSigning.ts). */
import type { WalletMethod } from './kit.js'
import { signTypedData } from './typedDataSigning.js'

export const eth_signTypedData_v3: WalletMethod = (kit, params) =>
  signTypedData(kit, 'eth_signTypedData_v3', 'V3', params)
