/**
 * The EIP-1193 provider a page sees as `window.ethereum` and through EIP-6963. It knows nothing
 * of the chain: it forwards requests to the relay and turns the relay's messages into promises
 * and EIP-1193 events. The transport is injected so the class runs unchanged in Node tests.
 */
import {
  PAGE_CHANNEL,
  type PageToRelay,
  PROTOCOL_VERSION,
  type ProviderEvent,
  type ProviderState,
  type RelayToPage,
  type RpcRequestPayload,
} from '../shared/protocol.js'
import { EventEmitter } from './emitter.js'
import { ProviderErrorCode, ProviderRpcError } from './errors.js'

type OutgoingBody = { kind: 'hello' } | { kind: 'request'; id: number; request: RpcRequestPayload }

export interface ProviderTransport {
  /** Sends one message to the relay. */
  post(message: PageToRelay): void
  /** Calls `handler` for every well-formed message the relay sends to this page. */
  listen(handler: (message: RelayToPage) => void): void
}

export interface RequestArguments {
  method: string
  params?: readonly unknown[] | object
}

interface Pending {
  resolve(value: unknown): void
  reject(error: ProviderRpcError): void
  method: string
}

const ACCOUNT_METHODS = new Set(['eth_accounts', 'eth_requestAccounts'])

/** A JSON-RPC request as the legacy `send` / `sendAsync` take it. */
export interface LegacyPayload {
  id?: number | string | null
  jsonrpc?: string
  method: string
  params?: unknown
}
export interface LegacyResponse {
  id: number | string | null
  jsonrpc: '2.0'
  result?: unknown
  error?: ProviderRpcError
}
type LegacyCallback = (error: ProviderRpcError | null, response?: unknown) => void

export class RskDevnodeProvider extends EventEmitter {
  readonly isRskDevnode = true
  /**
   * What dApps built for MetaMask check before they enable their wallet features. True unless the
   * wallet's setting turns it off (the worker says so when the page connects, and on change).
   */
  isMetaMask = true
  /** MetaMask's experimental API that dApps still call. The dev wallet is never locked. */
  readonly _metamask = Object.freeze({ isUnlocked: async (): Promise<boolean> => true })
  #transport: ProviderTransport
  #nextId = 1
  #pending = new Map<number, Pending>()
  /** Requests made before the relay said hello. */
  #unsent: OutgoingBody[] = []
  #relayPresent = false
  #connected = false
  #permanentlyDisconnected = false
  #chainId: `0x${string}` | null = null
  #networkVersion: string | null = null
  #accounts: string[] = []

  constructor(transport: ProviderTransport) {
    super()
    this.#transport = transport
    transport.listen((message) => this.#onRelayMessage(message))
    this.#post({ kind: 'hello' })
  }

  /** EIP-1193. Tolerates extra keys (`id`, `jsonrpc`) that web3.js passes along. */
  async request(args: RequestArguments): Promise<unknown> {
    if (!args || typeof args !== 'object' || Array.isArray(args)) {
      throw new ProviderRpcError(
        ProviderErrorCode.invalidRequest,
        'Expected a single, non-array, object argument.',
      )
    }
    const { method, params } = args
    if (typeof method !== 'string' || method.length === 0) {
      throw new ProviderRpcError(
        ProviderErrorCode.invalidRequest,
        "'args.method' must be a non-empty string.",
      )
    }
    if (params !== undefined && (params === null || typeof params !== 'object')) {
      throw new ProviderRpcError(
        ProviderErrorCode.invalidRequest,
        "'args.params' must be an object or array if provided.",
      )
    }
    if (this.#permanentlyDisconnected) {
      throw new ProviderRpcError(
        ProviderErrorCode.disconnected,
        'Disconnected: the extension was reloaded or removed.',
      )
    }
    const id = this.#nextId++
    const request: RpcRequestPayload = params === undefined ? { method } : { method, params }
    const result = await new Promise<unknown>((resolve, reject) => {
      this.#pending.set(id, { resolve, reject, method })
      this.#send({ kind: 'request', id, request })
    })
    if (ACCOUNT_METHODS.has(method) && Array.isArray(result)) this.#setAccounts(result.map(String))
    return result
  }

  /** True while the worker can answer (EIP-1193 `isConnected`). */
  isConnected(): boolean {
    return this.#connected
  }

  /** Legacy MetaMask fields some dApps still read. */
  get chainId(): string | null {
    return this.#chainId
  }
  get networkVersion(): string | null {
    return this.#networkVersion
  }
  get selectedAddress(): string | null {
    return this.#accounts[0] ?? null
  }

  /** Deprecated EIP-1102 entry point, kept for old dApps. */
  enable(): Promise<unknown> {
    return this.request({ method: 'eth_requestAccounts' })
  }

  /** One legacy payload as a JSON-RPC response; never rejects. */
  async #answer(payload: unknown): Promise<LegacyResponse> {
    const p = (payload ?? {}) as Partial<LegacyPayload>
    const id = typeof p.id === 'number' || typeof p.id === 'string' ? p.id : null
    try {
      const result = await this.request({ method: p.method as string, params: p.params as object })
      return { id, jsonrpc: '2.0', result }
    } catch (error) {
      return { id, jsonrpc: '2.0', error: error as ProviderRpcError }
    }
  }

  /** Answers a legacy payload or batch (in order, as MetaMask does). */
  async #legacy(payload: LegacyPayload | LegacyPayload[]): Promise<LegacyResponse | LegacyResponse[]> {
    if (!Array.isArray(payload)) return this.#answer(payload)
    const responses: LegacyResponse[] = []
    for (const one of payload) responses.push(await this.#answer(one))
    return responses
  }

  /**
   * Legacy callback API (web3.js 0.x/1.x, truffle-contract): a payload or a batch of them; the
   * callback gets `(error, response)` or, for a batch, `(null, responses)`. Without a callback
   * the answer is only returned as a promise (which never rejects), never thrown into the page.
   */
  sendAsync(payload: LegacyPayload | LegacyPayload[], callback?: LegacyCallback): Promise<unknown> {
    const answered = this.#legacy(payload)
    if (typeof callback === 'function') {
      answered.then((response) => {
        const error = !Array.isArray(response) && response.error ? response.error : null
        callback(error, response)
      })
    }
    return answered
  }

  /**
   * MetaMask's deprecated `send`, in each of its forms: `send(method, params?)` resolves with the
   * whole JSON-RPC response (rejects with the error); `send(payload, callback)` is sendAsync;
   * `send(payload)` answers at once the few methods it can answer from what it knows
   * (`eth_accounts`, `eth_coinbase`, `net_version`, `eth_uninstallFilter`) and throws otherwise.
   */
  send(methodOrPayload: string | LegacyPayload | LegacyPayload[], paramsOrCallback?: unknown): unknown {
    if (typeof methodOrPayload === 'string') {
      const params = Array.isArray(paramsOrCallback) ? paramsOrCallback : undefined
      return this.#answer({ method: methodOrPayload, params }).then((response) => {
        if (response.error) throw response.error
        return response
      })
    }
    if (typeof paramsOrCallback === 'function')
      return this.sendAsync(methodOrPayload, paramsOrCallback as LegacyCallback)
    if (Array.isArray(methodOrPayload) || !methodOrPayload || typeof methodOrPayload !== 'object')
      return this.sendAsync(methodOrPayload as LegacyPayload[])
    const payload = methodOrPayload
    const id = payload.id ?? null
    let result: unknown
    switch (payload.method) {
      case 'eth_accounts':
        result = this.selectedAddress ? [this.selectedAddress] : []
        break
      case 'eth_coinbase':
        result = this.selectedAddress ?? null
        break
      case 'net_version':
        result = this.#networkVersion
        break
      case 'eth_uninstallFilter':
        void this.request({ method: 'eth_uninstallFilter', params: payload.params as object }).catch(() => {})
        result = true
        break
      default:
        throw new ProviderRpcError(
          ProviderErrorCode.unsupportedMethod,
          `The provider does not support synchronous methods like ${String(payload.method)} without a callback parameter.`,
        )
    }
    return { id, jsonrpc: '2.0', result }
  }

  #post(body: OutgoingBody): void {
    this.#transport.post({ channel: PAGE_CHANNEL, v: PROTOCOL_VERSION, dir: 'page-to-relay', ...body })
  }

  #send(body: OutgoingBody): void {
    if (this.#relayPresent) this.#post(body)
    else this.#unsent.push(body)
  }

  #onRelayMessage(message: RelayToPage): void {
    if (!this.#relayPresent) {
      this.#relayPresent = true
      for (const body of this.#unsent.splice(0)) this.#post(body)
    }
    if (message.kind === 'response') this.#settle(message.id, message.result, message.error)
    else if (message.kind === 'ready') this.#onReady(message.state)
    else if (message.kind === 'unavailable') this.#onUnavailable(message.permanent, message.message)
    else if (message.kind === 'event') this.#onEvent(message.event)
  }

  #settle(id: number, result: unknown, error?: { code: number; message: string; data?: unknown }): void {
    const pending = this.#pending.get(id)
    if (!pending) return
    this.#pending.delete(id)
    if (error) pending.reject(new ProviderRpcError(error.code, error.message, error.data))
    else pending.resolve(result)
  }

  #onReady(state: ProviderState): void {
    const wasConnected = this.#connected
    const firstState = this.#chainId === null
    this.#connected = true
    if (typeof state.isMetaMask === 'boolean') this.isMetaMask = state.isMetaMask
    if (firstState) {
      this.#networkVersion = state.networkVersion
      this.#chainId = state.chainId
      this.#accounts = [...state.accounts]
    }
    // EIP-1193: `connect` on the first connection and after every `disconnect`.
    if (!wasConnected) this.emit('connect', { chainId: state.chainId })
    if (!firstState) {
      this.#setChain(state.chainId, state.networkVersion)
      this.#setAccounts(state.accounts)
    }
  }

  #onUnavailable(permanent: boolean, message: string): void {
    if (permanent) {
      this.#permanentlyDisconnected = true
      for (const [id] of this.#pending) {
        this.#settle(id, undefined, { code: ProviderErrorCode.disconnected, message })
      }
    }
    if (!this.#connected && !permanent) return
    this.#connected = false
    const code = permanent ? ProviderErrorCode.internalError : ProviderErrorCode.tryAgainLater
    this.emit('disconnect', new ProviderRpcError(code, message))
  }

  #onEvent(event: ProviderEvent): void {
    if (event.type === 'chainChanged') this.#setChain(event.chainId, event.networkVersion)
    else if (event.type === 'accountsChanged') this.#setAccounts(event.accounts)
    else if (event.type === 'walletSettings') this.isMetaMask = event.isMetaMask
    else this.emit('message', event.message)
  }

  #setChain(chainId: `0x${string}`, networkVersion: string): void {
    const networkChanged = networkVersion !== this.#networkVersion
    this.#networkVersion = networkVersion
    if (chainId !== this.#chainId) {
      this.#chainId = chainId
      this.emit('chainChanged', chainId)
    }
    // MetaMask's legacy event, with the decimal network id, after chainChanged.
    if (networkChanged) this.emit('networkChanged', networkVersion)
  }

  #setAccounts(accounts: string[]): void {
    const same =
      accounts.length === this.#accounts.length &&
      accounts.every((account, i) => account.toLowerCase() === this.#accounts[i]?.toLowerCase())
    if (same) return
    this.#accounts = [...accounts]
    this.emit('accountsChanged', [...accounts])
  }
}
