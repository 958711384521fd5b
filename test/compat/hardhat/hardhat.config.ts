/**
 * A Hardhat 3 project pointed at RSK Devnode, as a user would set one up: one network entry with
 * the node's URL. `inprocess` is the same node without HTTP (support/inProcessPlugin.ts).
 * Contracts are compiled by compile.mjs with solc from npm, so tests run with --no-compile.
 */
import hardhatToolboxMochaEthers from '@nomicfoundation/hardhat-toolbox-mocha-ethers'
import hardhatViem from '@nomicfoundation/hardhat-viem'
import { configVariable, defineConfig } from 'hardhat/config'
import inProcessPlugin from './support/inProcessPlugin.js'

export default defineConfig({
  plugins: [hardhatToolboxMochaEthers, hardhatViem, inProcessPlugin],
  networks: {
    devnode: { type: 'http', chainType: 'l1', url: configVariable('RSK_DEVNODE_URL') },
    // Never dialled: the in-process plugin answers every request of this network.
    inprocess: { type: 'http', chainType: 'l1', url: 'http://127.0.0.1:9' },
  },
  test: { mocha: { timeout: 120_000 } },
})
