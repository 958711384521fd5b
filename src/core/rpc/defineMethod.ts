/**
 * A JSON-RPC method: its name, its positional parameter specs and a handler that receives the
 * parsed values. One method per file in `methods/<namespace>/<method>.ts`, named as the method.
 */
import type { MethodContext } from './context.js'
import type { AnyParamSpec, ParsedParams } from './params.js'

/** A JSON-serializable result built with `encode.ts` (no bigint, no Uint8Array on the wire). */
export type RpcResult = unknown

export interface MethodDefinition<P extends readonly AnyParamSpec[] = readonly AnyParamSpec[]> {
  name: string
  params: P
  // Method syntax on purpose: keeps definitions with specific tuples assignable to the registry's
  // general `MethodDefinition` (parameter bivariance).
  handler(context: MethodContext, params: ParsedParams<P>): RpcResult | Promise<RpcResult>
}

export function defineMethod<const P extends readonly AnyParamSpec[]>(
  definition: MethodDefinition<P>,
): MethodDefinition<P> {
  return definition
}
