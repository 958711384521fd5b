/** wagmi core: the injected connector found through EIP-6963 (its id is our rdns). */
import {
  connect,
  createConfig,
  getAccount,
  getChainId,
  reconnect,
  signMessage,
  switchChain,
  verifyMessage,
} from '@wagmi/core'
import { custom, defineChain } from 'viem'
import { rootstock, rootstockTestnet } from 'viem/chains'
import { discoverProvider, sleep } from './common.js'

const rootstockRegtest = defineChain({
  id: 33,
  name: 'Rootstock Regtest',
  nativeCurrency: { name: 'RBTC', symbol: 'RBTC', decimals: 18 },
  rpcUrls: { default: { http: ['http://127.0.0.1:4444'] } },
})

async function makeConfig() {
  const eth = await discoverProvider()
  const transport = custom(eth as never)
  const config = createConfig({
    chains: [rootstockTestnet, rootstock, rootstockRegtest],
    transports: {
      [rootstockTestnet.id]: transport,
      [rootstock.id]: transport,
      [rootstockRegtest.id]: transport,
    },
  })
  let connector = config.connectors.find((c) => c.id === 'dev.rskdevnode')
  for (let i = 0; i < 40 && !connector; i++) {
    await sleep(50)
    connector = config.connectors.find((c) => c.id === 'dev.rskdevnode')
  }
  if (!connector)
    throw new Error(`EIP-6963 connector not found among ${config.connectors.map((c) => c.id).join(', ')}`)
  return { config, connector }
}

export async function wagmiConnectFlow() {
  const { config, connector } = await makeConfig()
  const result = await connect(config, { connector })
  const out: Record<string, unknown> = {
    connectorName: connector.name,
    accounts: result.accounts.map((a) => a.toLowerCase()),
    chainId: result.chainId,
  }
  const signature = await signMessage(config, { message: 'hello wagmi' })
  out.messageVerifies = await verifyMessage(config, {
    address: result.accounts[0]!,
    message: 'hello wagmi',
    signature,
  })
  await switchChain(config, { chainId: 33 })
  out.afterSwitch = getChainId(config)
  await switchChain(config, { chainId: 31 })
  out.afterSwitchBack = getChainId(config)
  out.status = getAccount(config).status
  return out
}

/** After a reload: wagmi reconnects from its storage through eth_accounts, with no prompt. */
export async function wagmiReconnectFlow() {
  const { config } = await makeConfig()
  await reconnect(config)
  const account = getAccount(config)
  return {
    status: account.status,
    address: account.address?.toLowerCase() ?? null,
    connector: account.connector?.id ?? null,
  }
}
