/**
 * What every test file calls instead of `network.create()`: starts the node the `--network`
 * option names (support/devnode.ts) and stops it after the last test.
 */
import hre, { network } from 'hardhat'
import { startHttpDevnode, stopDevnodes } from './devnode.js'

after(stopDevnodes)

export async function connect() {
  if (hre.globalOptions.network === 'devnode') await startHttpDevnode()
  const connection = await network.create()
  // A fresh regtest chain's only block is Rootstock's regtest genesis, stamped years ago; tests
  // that compute times from `time.latest()` expect "now", which the first mined block carries.
  if ((await connection.provider.request({ method: 'eth_blockNumber' })) === '0x0') {
    await connection.networkHelpers.mine()
  }
  return connection
}
