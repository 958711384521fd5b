/**
 * The demo dApp: finds the wallet through EIP-6963, shows chain, account and block, deploys
 * DemoToken, sends a transfer, shows a revert reason and lists Transfer events as they happen.
 * Written with viem as a dApp developer would. Element ids double as e2e test hooks.
 * Each chain has its own token: a chain switch shows the one deployed on the new chain (remembered
 * per chain id in localStorage), its balance and its past Transfer events, or none.
 */
import {
  type Address,
  createPublicClient,
  createWalletClient,
  custom,
  type EIP1193Provider,
  formatUnits,
  type Hex,
  parseUnits,
} from 'viem'
import token from './demoToken.json' with { type: 'json' }

const abi = token.abi as typeof token.abi
const $ = (id: string) => document.getElementById(id) as HTMLElement
const show = (id: string, text: string) => {
  $(id).textContent = text
}

let provider: EIP1193Provider | undefined
let account: Address | undefined
let chainId: string | undefined
let tokenAddress: Address | undefined
let unwatch: (() => void) | undefined

const tokenKey = (chain: string) => `rsk-devnode-demo:token:${chain}`

window.addEventListener('eip6963:announceProvider', (event) => {
  const { info, provider: announced } = (event as CustomEvent).detail
  if (info.rdns !== 'dev.rskdevnode' || provider) return
  provider = announced
  show('wallet', `${info.name} (${info.rdns})`)
  void start()
})
window.dispatchEvent(new Event('eip6963:requestProvider'))

const publicClient = () => createPublicClient({ transport: custom(provider!) })
const walletClient = () => createWalletClient({ account: account!, transport: custom(provider!) })

async function start() {
  provider!.on('chainChanged', (next) => void selectChain(next))
  provider!.on('accountsChanged', (accounts) => {
    account = accounts[0] as Address | undefined
    show('account', account ?? 'not connected')
  })
  // A site the wallet already granted reconnects silently.
  const accounts = (await provider!.request({ method: 'eth_accounts' })) as Address[]
  account = accounts[0]
  show('account', account ?? 'not connected')
  await selectChain((await provider!.request({ method: 'eth_chainId' })) as string)
}

/** Shows the chain's own token (if one was deployed there and still is), its balance and events. */
async function selectChain(next: string) {
  chainId = next
  show('chain', next)
  unwatch?.()
  unwatch = undefined
  $('events').replaceChildren()
  tokenAddress = undefined
  show('balance', '–')
  const remembered = localStorage.getItem(tokenKey(next)) as Address | null
  // A reset or a reverted deploy leaves no code behind: forget that token.
  if (remembered && (await publicClient().getCode({ address: remembered }))) tokenAddress = remembered
  else if (remembered) localStorage.removeItem(tokenKey(next))
  if (chainId !== next) return // switched again meanwhile
  show('token', tokenAddress ?? '–')
  if (tokenAddress) await watchToken(tokenAddress)
  await refresh()
}

function listTransfers(logs: readonly unknown[]) {
  for (const log of logs) {
    const { from, to, value } = (log as { args: { from: string; to: string; value: bigint } }).args
    const item = document.createElement('li')
    item.textContent = `${from} → ${to}: ${formatUnits(value, 18)}`
    $('events').append(item)
  }
}

/** The token's past Transfer events, then new ones as they come. */
async function watchToken(address: Address) {
  const client = publicClient()
  const past = await client.getContractEvents({ address, abi, eventName: 'Transfer', fromBlock: 0n })
  listTransfers(past)
  unwatch = client.watchContractEvent({
    address,
    abi,
    eventName: 'Transfer',
    pollingInterval: 500,
    onLogs: listTransfers,
  })
}

async function refresh() {
  try {
    show('block', String(await publicClient().getBlockNumber()))
    if (tokenAddress && account) {
      const balance = await publicClient().readContract({
        address: tokenAddress,
        abi,
        functionName: 'balanceOf',
        args: [account],
      })
      show('balance', `${formatUnits(balance as bigint, 18)} DEMO`)
    }
  } catch (error) {
    show('status', `error: ${(error as Error).message}`)
  }
}

async function run(label: string, action: () => Promise<string>) {
  show('status', `${label}…`)
  try {
    show('status', await action())
  } catch (error) {
    // viem keeps the node's own text (e.g. Rootstock's "VM Exception … revert <reason>") in details.
    const e = error as { shortMessage?: string; details?: string; message: string }
    show('status', `${label} failed: ${[e.shortMessage, e.details].filter(Boolean).join(' ') || e.message}`)
  }
  await refresh()
}

$('connect').onclick = () =>
  run('connect', async () => {
    ;[account] = (await provider!.request({ method: 'eth_requestAccounts' })) as Address[]
    show('account', account ?? 'not connected')
    return 'connected'
  })

for (const [id, chainId] of [
  ['switch-mainnet', '0x1e'],
  ['switch-testnet', '0x1f'],
  ['switch-regtest', '0x21'],
] as const) {
  $(id).onclick = () =>
    run('switch', async () => {
      await provider!.request({ method: 'wallet_switchEthereumChain', params: [{ chainId }] })
      return `switched to ${chainId}`
    })
}

$('deploy').onclick = () =>
  run('deploy', async () => {
    const hash = await walletClient().deployContract({
      abi,
      bytecode: token.bytecode as Hex,
      args: [parseUnits('1000000', 18)],
      chain: null,
    })
    const receipt = await publicClient().waitForTransactionReceipt({ hash, pollingInterval: 250 })
    tokenAddress = receipt.contractAddress ?? undefined
    show('token', tokenAddress ?? '–')
    if (chainId && tokenAddress) localStorage.setItem(tokenKey(chainId), tokenAddress)
    unwatch?.()
    $('events').replaceChildren()
    if (tokenAddress) await watchToken(tokenAddress)
    return `deployed in block ${receipt.blockNumber}`
  })

$('send').onclick = () =>
  run('send', async () => {
    const [, second] = (await provider!.request({ method: 'eth_accounts' })) as Address[]
    const to = second ?? '0x7986b3df570230288501eea3d890bd66948c9b79'
    const hash = await walletClient().writeContract({
      address: tokenAddress!,
      abi,
      functionName: 'transfer',
      args: [to, parseUnits('1', 18)],
      chain: null,
    })
    const receipt = await publicClient().waitForTransactionReceipt({ hash, pollingInterval: 250 })
    return `transfer ${receipt.status} in block ${receipt.blockNumber}`
  })

$('revert').onclick = () =>
  run('fail()', async () => {
    await publicClient().simulateContract({ address: tokenAddress!, abi, functionName: 'fail', account })
    return 'did not revert?'
  })
