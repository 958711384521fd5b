/**
 * What a worker's start-up may leave until its first answer is sent (index.ts): checking the
 * content-script registrations against the settings, loading libsecp256k1. The gate opens on the
 * first answer to a page, at once for a request that may need that work (one that signs or
 * recovers a sender) or for a caller other than a page (a panel, the test control), and at the
 * latest after `delayMs`.
 */

/**
 * Requests a page sends first on connecting, whose answers need neither a signature nor a
 * sender's recovery: they do not open the gate before their answer.
 */
export const FIRST_ANSWER_METHODS: ReadonlySet<string> = new Set([
  'eth_blockNumber',
  'eth_chainId',
  'net_version',
  'eth_accounts',
  'web3_clientVersion',
  'eth_getBalance',
  'eth_gasPrice',
  'eth_getBlockByNumber',
  'eth_call',
  'eth_estimateGas',
  'eth_getCode',
  'eth_getTransactionCount',
  'eth_getTransactionReceipt',
])

export interface StartUpGate {
  /** Resolves once the start-up work may run. */
  readonly opened: Promise<void>
  /** Opens it: an answer was sent, or someone other than a page asked for something. */
  open(): void
  /** A page's request arrived: opens the gate unless the method is one of FIRST_ANSWER_METHODS. */
  request(method: string): void
}

export function startUpGate(
  delayMs: number,
  setTimer: (run: () => void, ms: number) => unknown,
): StartUpGate {
  let open = () => {}
  const opened = new Promise<void>((resolve) => {
    open = resolve
  })
  setTimer(open, delayMs)
  return {
    opened,
    open,
    request(method) {
      if (!FIRST_ANSWER_METHODS.has(method)) open()
    },
  }
}
