/** Test page: exposes each library's flow so the test runs it in the page and checks the outcome. */
import { ethersFlow } from './ethersFlow.js'
import { viemFlow } from './viemFlow.js'
import { wagmiConnectFlow, wagmiReconnectFlow } from './wagmiFlow.js'
import { web3Flow } from './web3Flow.js'

;(window as unknown as { flows: Record<string, () => Promise<unknown>> }).flows = {
  ethers: ethersFlow,
  viem: viemFlow,
  web3: web3Flow,
  wagmiConnect: wagmiConnectFlow,
  wagmiReconnect: wagmiReconnectFlow,
}
document.title = 'compat ready'
