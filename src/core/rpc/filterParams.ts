/** Turns a parsed log filter object into the registry's stored form (tags kept, resolved at poll time). */
import type { BlockBound, LogFilterSpec } from '../filters/filterRegistry.js'
import type { BlockSpecifier } from './blockParams.js'
import type { LogFilterRequest } from './objectParams.js'

function bound(spec: BlockSpecifier | undefined): BlockBound {
  if (!spec) return 'latest'
  return spec.kind === 'number' ? spec.number : spec.tag
}

export function toLogFilterSpec(filter: LogFilterRequest): LogFilterSpec {
  return {
    fromBlock: bound(filter.fromBlock),
    toBlock: bound(filter.toBlock),
    criteria: { addresses: filter.addresses, topics: filter.topics },
  }
}
