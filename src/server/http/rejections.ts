/**
 * Every way the server refuses a request before the node sees it, each with its HTTP status and
 * its own JSON-RPC error code and message, so a client (and a person reading curl output) knows
 * which rule was hit. Codes -32050…-32057 are this server's, in the implementation-defined server
 * error range and clear of the ones RSKj uses; quotas use EIP-1474's -32005 "limit exceeded",
 * which viem turns into `LimitExceededRpcError`.
 */

export type RejectionKind =
  | 'missingKey'
  | 'unknownKey'
  | 'origin'
  | 'ip'
  | 'jwtMissing'
  | 'jwtInvalid'
  | 'dailyQuota'
  | 'monthlyQuota'
  | 'unknownNetwork'
  | 'notFound'
  | 'bodyTooLarge'
  | 'adminNotLocal'
  | 'networkNotActivated'
  | 'chainMethodsOff'

export interface RejectionRule {
  status: number
  code: number
  message: string
}

export const REJECTIONS: Readonly<Record<RejectionKind, RejectionRule>> = {
  missingKey: {
    status: 401,
    code: -32050,
    message: 'missing API key: POST to /<network>/<API_KEY> or /<network>/v2/<API_KEY>',
  },
  unknownKey: { status: 401, code: -32051, message: 'invalid API key: no app has this key' },
  origin: { status: 403, code: -32052, message: "origin not allowed: it is not on this app's allow list" },
  ip: { status: 403, code: -32053, message: "IP address not allowed: it is not on this app's allow list" },
  jwtMissing: {
    status: 401,
    code: -32054,
    message: 'JWT required: this app has JWT keys; send Authorization: Bearer <token>',
  },
  jwtInvalid: {
    status: 401,
    code: -32055,
    message: "invalid JWT: expired, missing exp, or not signed by one of this app's JWT keys",
  },
  dailyQuota: { status: 429, code: -32005, message: 'daily request quota exceeded' },
  monthlyQuota: { status: 429, code: -32005, message: 'monthly request quota exceeded' },
  unknownNetwork: {
    status: 404,
    code: -32056,
    message: 'unknown network: the address is /mainnet/<API_KEY>, /testnet/<API_KEY> or /regtest/<API_KEY>',
  },
  notFound: { status: 404, code: -32056, message: 'not found: the address is /<network>/<API_KEY>' },
  bodyTooLarge: { status: 413, code: -32600, message: 'request body too large' },
  adminNotLocal: { status: 403, code: -32057, message: 'the admin endpoint answers loopback clients only' },
  // The message names the app's networks (rejectionBody's `message`); this is its start.
  networkNotActivated: { status: 403, code: -32058, message: 'network not activated for this app' },
  chainMethodsOff: {
    status: 403,
    code: -32059,
    message: 'this method changes the shared chain and the app\'s "chainMethods" setting is off',
  },
}

/** The JSON body of a refusal: a JSON-RPC error envelope with `id` null (the body may be unread). */
export function rejectionBody(
  kind: RejectionKind,
  data?: Record<string, unknown>,
  message = REJECTIONS[kind].message,
): string {
  const rule = REJECTIONS[kind]
  const error = data === undefined ? { code: rule.code, message } : { code: rule.code, message, data }
  return `${JSON.stringify({ jsonrpc: '2.0', id: null, error })}\n`
}

/** `network not activated for this app: it has mainnet, testnet (asked: regtest)`. */
export function networkNotActivatedMessage(asked: string, activated: readonly string[]): string {
  return `${REJECTIONS.networkNotActivated.message}: it has ${activated.join(', ')} (asked: ${asked})`
}

/** The JSON-RPC error a call to a chain-changing method gets while the app's switch is off. */
export function chainMethodsOffError(method: string) {
  const rule = REJECTIONS.chainMethodsOff
  return {
    code: rule.code,
    message: `${method}: ${rule.message} (turn it on in the dashboard's Settings or with rsk-devnode apps set APP --chain-methods on)`,
    data: { method, setting: 'chainMethods' },
  }
}
