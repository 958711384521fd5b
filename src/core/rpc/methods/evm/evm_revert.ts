/**
 * Handler for `evm_revert`: back to a snapshot; `false` for an unknown id. As Ganache and Anvil do
 * (and unlike RSKj, which keeps the id), the snapshot and every later one are dropped. Blocks
 * above the snapshot are removed like a reorganization, so log filters report their logs with
 * `removed: true`; the pool is cleared as RSKj does.
 */
import { revertToSnapshot } from '../../../node/engine/control.js'
import { defineMethod } from '../../defineMethod.js'
import { describeValue, ParamError, type ParamSpec, parseQuantity } from '../../params.js'

const snapshotId: ParamSpec<bigint> = {
  type: 'QUANTITY',
  name: 'snapshotId',
  optional: false,
  parse(value) {
    try {
      return parseQuantity(value)
    } catch {
      throw new ParamError(`invalid snapshot id ${describeValue(value)}`)
    }
  },
}

export const evm_revert = defineMethod({
  name: 'evm_revert',
  params: [snapshotId],
  handler: (context, [id]) => revertToSnapshot(context.engine, id),
})
