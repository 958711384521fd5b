// The example dApp: finds the wallet through EIP-6963 (rdns dev.rskdevnode), connects, deploys
// and increments a Counter, lists its Incremented events, sends RBTC, signs a message and
// switches chains, with ethers v6. Rootstock has no EIP-1559: every transaction is legacy
// (`type: 0`; the wallet fills the gas price). What the tests check is what this page shows.
import { BrowserProvider, Contract, ContractFactory, formatEther, parseEther } from '/vendor/ethers.js'

export const RECIPIENT = '0x70997970C51812dc3A010C7d01b50e0d17dc79C8'
export const MESSAGE = 'Sign in to the Counter dApp'
const WALLET_RDNS = 'dev.rskdevnode'

const field = (id) => document.querySelector(`[data-testid="${id}"]`)
const show = (id, text) => {
  field(id).textContent = text
}
const button = (id) => document.getElementById(id)

const artifact = fetch('/counter.json').then((response) => response.json())

let eip1193 // the announced EIP-1193 provider
let provider // ethers' BrowserProvider for the current chain
let account
let chainId
let subscription
/** chain id → the Counter deployed there by this page. */
const counters = new Map()

window.addEventListener('eip6963:announceProvider', (event) => {
  const { info, provider: announced } = event.detail
  if (info.rdns !== WALLET_RDNS || eip1193) return
  eip1193 = announced
  show('wallet', info.name)
  void start()
})
window.dispatchEvent(new Event('eip6963:requestProvider'))
show('recipient', RECIPIENT)

async function start() {
  eip1193.on('chainChanged', (next) => void selectChain(next))
  eip1193.on('accountsChanged', (accounts) => {
    account = accounts[0]
    show('account', account ?? 'not connected')
    void refresh()
  })
  eip1193.on('message', ({ type, data }) => {
    if (type === 'eth_subscription' && data.subscription === subscription) void refresh()
  })
  // A site the wallet already granted is connected without asking.
  ;[account] = await eip1193.request({ method: 'eth_accounts' })
  show('account', account ?? 'not connected')
  await selectChain(await eip1193.request({ method: 'eth_chainId' }))
  document.body.dataset.ready = 'true'
}

/** A new ethers provider per chain (ethers refuses a provider whose chain changed), new heads pushed. */
async function selectChain(next) {
  if (next === chainId) return
  chainId = next
  show('chain', next)
  provider = new BrowserProvider(eip1193, undefined, { pollingInterval: 200, cacheTimeout: -1 })
  const previous = subscription
  subscription = undefined
  if (previous) eip1193.request({ method: 'eth_unsubscribe', params: [previous] }).catch(() => {})
  subscription = await eip1193.request({ method: 'eth_subscribe', params: ['newHeads'] })
  await refresh()
}

let started = 0
let rendered = 0
/** Reads block, balance, count and events, and shows them unless a newer read was shown already. */
async function refresh() {
  const generation = ++started
  const reading = provider
  try {
    const block = await reading.getBlock('latest')
    const balance = account ? await reading.getBalance(account) : undefined
    const address = counters.get(chainId)
    let count
    let events = []
    if (address) {
      const counter = new Contract(address, (await artifact).abi, reading)
      count = await counter.count({ blockTag: block.number })
      events = await counter.queryFilter('Incremented', 0, block.number)
    }
    if (generation < rendered || reading !== provider) return
    rendered = generation
    show('block', String(block.number))
    show('block-time', new Date(block.timestamp * 1000).toISOString())
    field('block-time').dataset.timestamp = String(block.timestamp)
    show('balance', balance === undefined ? '–' : `${formatEther(balance)} RBTC`)
    show('counter-address', address ?? '–')
    show('count', count === undefined ? '–' : String(count))
    field('events').replaceChildren(
      ...events.map((log) => {
        const item = document.createElement('li')
        item.textContent = `#${log.args.count} by ${log.args.by} in block ${log.blockNumber}`
        return item
      }),
    )
  } catch (error) {
    if (reading === provider) show('error', explain(error))
  }
}

/** What a failed request means to the user: 4001 is the user saying no. */
function explain(error) {
  const codes = [error?.code, error?.error?.code, error?.info?.error?.code]
  if (codes.includes(4001) || codes.includes('ACTION_REJECTED')) return 'Rejected by user'
  return error?.shortMessage ?? error?.message ?? String(error)
}

function action(id, label, run) {
  button(id).addEventListener('click', async () => {
    show('error', '')
    show('status', `${label}: waiting for the wallet…`)
    let status
    try {
      status = await run()
    } catch (error) {
      status = `${label} failed`
      show('error', explain(error))
    }
    // The status changes last, so a test that sees it sees what the action changed too.
    await refresh()
    show('status', status)
  })
}

const signer = () => provider.getSigner(account)

action('connect', 'Connect', async () => {
  ;[account] = await eip1193.request({ method: 'eth_requestAccounts' })
  show('account', account)
  return 'Connected'
})

for (const [id, target] of [
  ['switch-testnet', '0x1f'],
  ['switch-regtest', '0x21'],
]) {
  action(id, 'Switch', async () => {
    await eip1193.request({ method: 'wallet_switchEthereumChain', params: [{ chainId: target }] })
    await selectChain(target)
    return `Switched to ${target}`
  })
}

action('refresh', 'Refresh', async () => 'Refreshed')

/**
 * The receipt once the transaction is in a block. Asked until it is there rather than through
 * ethers' `tx.wait()`: that one listens for the next block *after* its first look, so a block
 * mined between the two (a test mining by hand with automine off) is never seen.
 */
async function mined(hash) {
  for (;;) {
    const receipt = await provider.getTransactionReceipt(hash)
    if (receipt) return receipt
    await new Promise((resolve) => setTimeout(resolve, 100))
  }
}

action('deploy', 'Deploy', async () => {
  const { abi, bytecode } = await artifact
  const contract = await new ContractFactory(abi, bytecode, await signer()).deploy(0, { type: 0 })
  show('status', `Deploy sent (${contract.deploymentTransaction().hash}), waiting for a block…`)
  const receipt = await mined(contract.deploymentTransaction().hash)
  counters.set(chainId, receipt.contractAddress)
  return `Counter deployed in block ${receipt.blockNumber}`
})

action('increment', 'Increment', async () => {
  const address = counters.get(chainId)
  if (!address) throw new Error('Deploy the counter first')
  const counter = new Contract(address, (await artifact).abi, await signer())
  const tx = await counter.increment({ type: 0 })
  show('status', `Increment sent (${tx.hash}), waiting for a block…`)
  const receipt = await mined(tx.hash)
  return `Incremented in block ${receipt.blockNumber}`
})

action('send', 'Send', async () => {
  const tx = await (await signer()).sendTransaction({ to: RECIPIENT, value: parseEther('0.01'), type: 0 })
  show('status', `Payment sent (${tx.hash}), waiting for a block…`)
  const receipt = await mined(tx.hash)
  return `Sent 0.01 RBTC in block ${receipt.blockNumber}`
})

action('sign', 'Sign', async () => {
  const signature = await (await signer()).signMessage(MESSAGE)
  show('signature', signature)
  return 'Signed'
})
