/** viem with a `custom` transport over the injected provider. */
import {
  createPublicClient,
  createWalletClient,
  custom,
  defineChain,
  parseUnits,
  verifyMessage,
  verifyTypedData,
} from 'viem'
import { rootstock, rootstockTestnet } from 'viem/chains'
import {
  discoverProvider,
  type Eip1193,
  errorInfo,
  OTHER_ACCOUNT,
  recordEvents,
  sleep,
  TOKEN_ABI,
  TOKEN_BYTECODE,
} from './common.js'

const rootstockRegtest = defineChain({
  id: 33,
  name: 'Rootstock Regtest',
  nativeCurrency: { name: 'RBTC', symbol: 'RBTC', decimals: 18 },
  rpcUrls: { default: { http: ['http://127.0.0.1:4444'] } },
})

export async function viemFlow() {
  const eth = (await discoverProvider()) as Eip1193
  const events = recordEvents(eth)
  const transport = custom(eth as never)
  const wallet = createWalletClient({ chain: rootstockTestnet, transport })
  const client = createPublicClient({ chain: rootstockTestnet, transport, pollingInterval: 250 })
  const out: Record<string, unknown> = {}
  const [account] = await wallet.requestAddresses()
  out.account = account!.toLowerCase()
  out.chainId = await client.getChainId()
  const hash = await wallet.deployContract({
    abi: TOKEN_ABI,
    bytecode: TOKEN_BYTECODE,
    account: account!,
    args: [parseUnits('1000', 18)],
  })
  const receipt = await client.waitForTransactionReceipt({ hash })
  const address = receipt.contractAddress!
  out.deployStatus = receipt.status
  out.balance = String(
    await client.readContract({ address, abi: TOKEN_ABI, functionName: 'balanceOf', args: [account!] }),
  )

  // Logs through filters (eth_newFilter + eth_getFilterChanges).
  const logs: unknown[] = []
  const unwatch = client.watchContractEvent({
    address,
    abi: TOKEN_ABI,
    eventName: 'Transfer',
    onLogs: (l) => logs.push(...l),
  })
  // And through eth_subscribe: notifications arrive as EIP-1193 `message` events.
  let subscription: unknown = null
  try {
    subscription = await eth.request({ method: 'eth_subscribe', params: ['logs', { address }] })
  } catch (e) {
    subscription = errorInfo(e)
  }
  out.subscription = subscription
  const transferHash = await wallet.writeContract({
    address,
    abi: TOKEN_ABI,
    functionName: 'transfer',
    args: [OTHER_ACCOUNT, 7n],
    account: account!,
  })
  out.transferStatus = (await client.waitForTransactionReceipt({ hash: transferHash })).status
  for (let i = 0; i < 40 && logs.length === 0; i++) await sleep(100)
  unwatch()
  out.filterLogs = logs.length
  out.subscriptionMessages = events.filter(([name]) => name === 'message').length

  out.revert = await client
    .simulateContract({ address, abi: TOKEN_ABI, functionName: 'fail', account: account! })
    .then(
      () => null,
      (e: unknown) => errorInfo(e),
    )

  const message = 'hello from viem'
  const signature = await wallet.signMessage({ account: account!, message })
  out.messageVerifies = await verifyMessage({ address: account!, message, signature })
  const typed = {
    domain: { name: 'Demo', version: '1', chainId: 31, verifyingContract: address },
    types: {
      Mail: [
        { name: 'to', type: 'address' },
        { name: 'amount', type: 'uint256' },
      ],
    },
    primaryType: 'Mail' as const,
    message: { to: OTHER_ACCOUNT as `0x${string}`, amount: 9n },
  }
  const typedSignature = await wallet.signTypedData({ account: account!, ...typed })
  out.typedVerifies = await verifyTypedData({ address: account!, signature: typedSignature, ...typed })

  const switched: number[] = []
  for (const chain of [rootstockRegtest, rootstock, rootstockTestnet]) {
    await wallet.switchChain({ id: chain.id })
    switched.push(await client.getChainId())
  }
  out.switched = switched
  out.unknownChain = await wallet.switchChain({ id: 1 }).then(
    () => null,
    (e: unknown) => errorInfo(e),
  )
  out.chainChangedEvents = events.filter(([name]) => name === 'chainChanged').map(([, id]) => id)
  return out
}
