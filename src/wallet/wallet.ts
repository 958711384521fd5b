/**
 * The dev wallet: everything a wallet does that a node must not (accounts per origin, EIP-2255
 * grants, signing, chain switching, rejection switches). `handle` answers the methods it owns and
 * says `handled: false` for the rest, which the caller sends to the node unchanged.
 */
import type { Address, Hex } from '../core/util/hex.js'
import type { NetworkId, PendingApproval, WalletSettings } from '../shared/protocol.js'
import { type Approvals, createApprovals } from './approvals.js'
import { CHAINS, chainIdNumber, DEFAULT_NETWORK, networkOfChainId } from './chains.js'
import { describeMessage, describeTransaction } from './describe.js'
import { InvalidParamsError, UnauthorizedError, UnrecognizedChainError } from './errors.js'
import { createKeyring, type Keyring, type KeyringAccount } from './keyring.js'
import { WALLET_METHODS } from './methods/index.js'
import type { WalletContext, WalletKit } from './methods/kit.js'
import { createPermissions, type Permissions } from './permissions.js'
import { type SendIntents, walletStoreIntents } from './sendIntents.js'
import { messageBytes, signPersonalMessage } from './signer.js'
import type { WalletStore } from './store.js'
import { type CallNode, fillTransaction, parseTransactionRequest, signFilled } from './transactions.js'

export type { WalletContext }

export interface WalletDependencies {
  store: WalletStore
  /** Calls the node of the selected network; throws NodeRpcError when the node answers an error. */
  callNode: CallNode
  /** Calls the node of a given network (a batch's receipts on the chain it was sent on); callNode when absent. */
  callNodeOn?: (network: NetworkId, method: string, params: unknown[]) => Promise<unknown>
  /** Tells every page that the chain changed; awaited before wallet_switchEthereumChain resolves. */
  onChainChanged(network: NetworkId): Promise<void> | void
  onAccountsChanged(origin: string, accounts: Address[]): void
  onApprovalPending?(approval: PendingApproval): void
  onStateChanged?(): void
  /** Where signed sends are recorded before they go out; the wallet store when absent. */
  intents?: SendIntents
  now(): number
  newId(): string
}

export type WalletResult = { handled: true; result: unknown } | { handled: false }

const NETWORK_KEY = 'network'

export interface Wallet {
  handle(ctx: WalletContext, method: string, params: unknown): Promise<WalletResult>
  network(): Promise<NetworkId>
  setNetwork(network: NetworkId): Promise<void>
  accountsFor(origin: string): Promise<Address[]>
  keyring: Keyring
  permissions: Permissions
  approvals: Approvals
  settings(): Promise<WalletSettings>
  /** Where the wallet keeps what persists (watched assets, batches, grants…). */
  store: WalletStore
}

const asArray = (params: unknown): unknown[] =>
  Array.isArray(params) ? params : params === undefined ? [] : [params]

export function createWallet(deps: WalletDependencies): Wallet {
  const keyring = createKeyring(deps.store)
  const permissions = createPermissions(deps.store)
  const approvals = createApprovals(deps.store, {
    newId: deps.newId,
    onPending: deps.onApprovalPending,
    onChange: deps.onStateChanged,
  })
  const intents = deps.intents ?? walletStoreIntents(deps.store)
  /** eth_sendTransaction runs one at a time: concurrent sends would read the same pending nonce. */
  let sendQueue: Promise<unknown> = Promise.resolve()

  /** Read on every request: kept in memory after the first read (one worker owns the store). */
  let cachedNetwork: NetworkId | undefined
  const network = async () => {
    cachedNetwork ??= (await deps.store.get<NetworkId>(NETWORK_KEY)) ?? DEFAULT_NETWORK
    return cachedNetwork
  }

  async function setNetwork(next: NetworkId): Promise<void> {
    if ((await network()) === next) return
    await deps.store.put(NETWORK_KEY, next)
    cachedNetwork = next
    await deps.onChainChanged(next)
    deps.onStateChanged?.()
  }

  async function authorizedAccount(origin: string, address: unknown): Promise<KeyringAccount> {
    if (typeof address !== 'string') throw new InvalidParamsError('Expected an account address.')
    const granted = await permissions.accounts(origin)
    if (!granted.includes(address.toLowerCase() as Address)) throw new UnauthorizedError()
    const account = await keyring.find(address)
    if (!account) throw new UnauthorizedError()
    return account
  }

  async function connect(ctx: WalletContext, method: string, params: unknown): Promise<Address[]> {
    const granted = await permissions.accounts(ctx.origin)
    if (granted.length > 0 && method === 'eth_requestAccounts') return granted
    await approvals.check({ origin: ctx.origin, method, params, time: deps.now() })
    const accounts = granted.length > 0 ? granted : [await keyring.selected()]
    await permissions.grant(ctx.origin, accounts, deps.now())
    if (granted.length === 0) deps.onAccountsChanged(ctx.origin, accounts)
    deps.onStateChanged?.()
    return accounts
  }

  const symbolOf = (chainId: number) => CHAINS.find((c) => c.chainId === chainId)?.symbol ?? 'RBTC'

  async function sendTransaction(
    ctx: WalletContext,
    params: unknown[],
    options: { approved?: boolean; requestId?: string } = {},
  ): Promise<Hex> {
    const request = parseTransactionRequest(params[0])
    const account = await authorizedAccount(ctx.origin, request.from)
    const sendingOn = await network()
    const requestId = options.requestId ?? ctx.requestId
    // Only a request replayed after the worker died can have been signed already.
    let intent = ctx.replay && requestId ? await intents.find(sendingOn, requestId) : undefined
    let durable: Promise<void> = Promise.resolve()
    if (!intent) {
      const chainId = chainIdNumber(sendingOn)
      // Filled before the approval, so that it shows the gas and fee that will be signed.
      const filled = await fillTransaction(request, chainId, deps.callNode)
      if (!options.approved)
        await approvals.check({
          origin: ctx.origin,
          method: 'eth_sendTransaction',
          params,
          time: deps.now(),
          display: describeTransaction({ ...filled, from: account.address }, symbolOf(chainId)),
        })
      const signed = signFilled(filled, account)
      intent = { id: requestId ?? deps.newId(), ...signed }
      // Durable no later than the transaction: if the worker dies after the node accepted it, the
      // replay resends these same bytes instead of signing a second one with the next nonce.
      const recorded = await intents.record(sendingOn, intent)
      durable = recorded.durable
      if (!recorded.orderedWithChain) await durable
      // Ordered with the chain's writes, it commits before the block that includes the transaction.
      else durable.catch(() => {})
    }
    const sent = intent
    const known = async () =>
      sent.hash && (await deps.callNode('eth_getTransactionByHash', [sent.hash])) !== null
    if (ctx.replay && (await known())) return intent.hash
    try {
      const hash = (await deps.callNode('eth_sendRawTransaction', [intent.raw])) as Hex
      // The node accepted it: a failed intent write costs only the replay protection.
      await durable.catch(() => {})
      return hash
    } catch (error) {
      if (ctx.replay && (await known())) return intent.hash
      throw error
    }
  }

  async function sign(ctx: WalletContext, method: string, params: unknown[]): Promise<Hex> {
    let [address, payload] = method === 'personal_sign' ? [params[1], params[0]] : [params[0], params[1]]
    // Some dApps pass personal_sign's parameters in eth_sign order; MetaMask accepts both.
    if (method === 'personal_sign' && isAddress(payload) && !isAddress(address))
      [address, payload] = [payload, address]
    const account = await authorizedAccount(ctx.origin, address)
    if (typeof payload !== 'string') throw new InvalidParamsError('Expected the message as a string.')
    if (method === 'eth_sign' && !/^0x([0-9a-fA-F]{2})*$/.test(payload)) {
      throw new InvalidParamsError('eth_sign expects the message as hex data.')
    }
    const message = messageBytes(payload)
    await approvals.check({
      origin: ctx.origin,
      method,
      params,
      time: deps.now(),
      display: describeMessage(method, account.address, message),
    })
    return signPersonalMessage(message, account.privateKey)
  }

  async function switchChain(ctx: WalletContext, method: string, params: unknown[]): Promise<null> {
    const request = params[0] as { chainId?: unknown } | undefined
    if (!request || typeof request !== 'object' || typeof request.chainId !== 'string') {
      throw new InvalidParamsError('Expected [{ chainId }] with a hex chain id.')
    }
    const target = networkOfChainId(request.chainId)
    if (!target) {
      if (method === 'wallet_switchEthereumChain') throw new UnrecognizedChainError(request.chainId)
      throw new InvalidParamsError(
        `RSK Devnode cannot add chain ${request.chainId}: it simulates 0x1e, 0x1f and 0x21.`,
      )
    }
    if (target === (await network())) return null
    await approvals.check({ origin: ctx.origin, method, params, time: deps.now() })
    await setNetwork(target)
    return null
  }

  /** Sends one transaction through the queue: concurrent sends read the pending nonce in turn. */
  function queuedSend(
    ctx: WalletContext,
    params: unknown[],
    options: { approved?: boolean; requestId?: string } = {},
  ) {
    const run = sendQueue.then(() => sendTransaction(ctx, params, options))
    sendQueue = run.catch(() => undefined)
    return run
  }

  function kitFor(ctx: WalletContext): WalletKit {
    let sent = 0
    return {
      ctx,
      store: deps.store,
      keyring,
      permissions,
      approvals,
      callNode: deps.callNode,
      callNodeOn: (on) => {
        const callNodeOn = deps.callNodeOn
        return callNodeOn ? (method, params) => callNodeOn(on, method, params) : deps.callNode
      },
      now: deps.now,
      newId: deps.newId,
      network,
      chain: async () => {
        const chainId = chainIdNumber(await network())
        return { chainId, symbol: symbolOf(chainId) }
      },
      authorizedAccount: (address) => authorizedAccount(ctx.origin, address),
      approve: (method, params, display) =>
        approvals.check({
          origin: ctx.origin,
          method,
          params,
          time: deps.now(),
          ...(display && { display }),
        }),
      // Each call of a batch gets its own intent id, so a replayed batch resends the same bytes.
      sendTransaction: (request, options) =>
        queuedSend(ctx, [request], {
          ...options,
          ...(ctx.requestId && { requestId: `${ctx.requestId}#${sent++}` }),
        }),
      onStateChanged: deps.onStateChanged,
    }
  }

  async function handle(ctx: WalletContext, method: string, rawParams: unknown): Promise<WalletResult> {
    const params = asArray(rawParams)
    const done = (result: unknown): WalletResult => ({ handled: true, result })
    if (Object.hasOwn(WALLET_METHODS, method))
      return done(await WALLET_METHODS[method]!(kitFor(ctx), params, rawParams))
    switch (method) {
      case 'eth_accounts':
        return done(await permissions.accounts(ctx.origin))
      case 'eth_requestAccounts':
        return done(await connect(ctx, method, params))
      case 'wallet_requestPermissions': {
        const requested = params[0] as Record<string, unknown> | undefined
        if (
          !requested ||
          typeof requested !== 'object' ||
          !('eth_accounts' in requested) ||
          Object.keys(requested).length !== 1
        ) {
          throw new InvalidParamsError('Only the eth_accounts permission can be requested.')
        }
        await connect(ctx, method, params)
        return done(
          (await permissions.list(ctx.origin)).map(({ parentCapability, date }) => ({
            parentCapability,
            date,
          })),
        )
      }
      case 'wallet_getPermissions':
        return done(await permissions.list(ctx.origin))
      case 'wallet_revokePermissions': {
        const had = (await permissions.accounts(ctx.origin)).length > 0
        await permissions.revoke(ctx.origin)
        if (had) deps.onAccountsChanged(ctx.origin, [])
        deps.onStateChanged?.()
        return done(null)
      }
      case 'eth_sendTransaction': {
        // An address the wallet holds no key for is the node's to answer: a sender impersonated
        // with anvil_impersonateAccount, a node account of the rskj profile, or RSKj's error.
        if (!(await keyring.find(parseTransactionRequest(params[0]).from))) return { handled: false }
        return done(await queuedSend(ctx, params))
      }
      case 'eth_signTransaction': {
        const request = parseTransactionRequest(params[0])
        const account = await authorizedAccount(ctx.origin, request.from)
        const chainId = chainIdNumber(await network())
        const filled = await fillTransaction(request, chainId, deps.callNode)
        await approvals.check({
          origin: ctx.origin,
          method,
          params,
          time: deps.now(),
          display: describeTransaction({ ...filled, from: account.address }, symbolOf(chainId), true),
        })
        return done(signFilled(filled, account).raw)
      }
      case 'personal_sign':
      case 'eth_sign':
        return done(await sign(ctx, method, params))
      case 'wallet_switchEthereumChain':
      case 'wallet_addEthereumChain':
        return done(await switchChain(ctx, method, params))
      default:
        return { handled: false }
    }
  }

  return {
    handle,
    network,
    setNetwork,
    accountsFor: (origin) => permissions.accounts(origin),
    keyring,
    permissions,
    approvals,
    settings: () => approvals.settings(),
    store: deps.store,
  }
}

function isAddress(value: unknown): boolean {
  return typeof value === 'string' && /^0x[0-9a-fA-F]{40}$/.test(value)
}
