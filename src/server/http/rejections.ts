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
}

/** The JSON body of a refusal: a JSON-RPC error envelope with `id` null (the body may be unread). */
export function rejectionBody(kind: RejectionKind, data?: Record<string, unknown>): string {
  const rule = REJECTIONS[kind]
  const error =
    data === undefined
      ? { code: rule.code, message: rule.message }
      : { code: rule.code, message: rule.message, data }
  return `${JSON.stringify({ jsonrpc: '2.0', id: null, error })}\n`
}
