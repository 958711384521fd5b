/**
 * Ready-to-paste snippets for one network's RPC address, with the key filled in. Rootstock takes
 * legacy (type 0) transactions only, hence Foundry's --legacy and no EIP-1559 fields.
 */

export type SnippetKind = 'curl' | 'ethers' | 'viem' | 'hardhat' | 'foundry'

export const SNIPPET_KINDS: Array<{ kind: SnippetKind; label: string }> = [
  { kind: 'curl', label: 'curl' },
  { kind: 'ethers', label: 'ethers' },
  { kind: 'viem', label: 'viem' },
  { kind: 'hardhat', label: 'Hardhat' },
  { kind: 'foundry', label: 'Foundry' },
]

export interface SnippetTarget {
  network: 'mainnet' | 'testnet' | 'regtest'
  chainId: number
  url: string
}

const VIEM_CHAINS: Record<string, string | undefined> = { mainnet: 'rootstock', testnet: 'rootstockTestnet' }
const HARDHAT_NAMES: Record<string, string> = { mainnet: 'rsk', testnet: 'rskTestnet', regtest: 'rskRegtest' }

export function snippet(kind: SnippetKind, { network, chainId, url }: SnippetTarget): string {
  switch (kind) {
    case 'curl':
      return `curl -s -X POST -H 'Content-Type: application/json' \\
  --data '{"jsonrpc":"2.0","method":"eth_blockNumber","params":[],"id":1}' \\
  ${url}`
    case 'ethers':
      return `import { JsonRpcProvider } from 'ethers'

const provider = new JsonRpcProvider('${url}', ${chainId}, { staticNetwork: true })
console.log(await provider.getBlockNumber())`
    case 'viem': {
      const named = VIEM_CHAINS[network]
      const chain = named
        ? `import { ${named} } from 'viem/chains'\n\nconst chain = ${named}`
        : `import { defineChain } from 'viem'\n\nconst chain = defineChain({\n  id: ${chainId},\n  name: 'Rootstock Regtest',\n  nativeCurrency: { name: 'Regtest Bitcoin', symbol: 'tRBTC', decimals: 18 },\n  rpcUrls: { default: { http: ['${url}'] } },\n})`
      return `import { createPublicClient, http } from 'viem'
${chain}

const client = createPublicClient({ chain, transport: http('${url}') })
console.log(await client.getBlockNumber())`
    }
    case 'hardhat':
      return `// hardhat.config.ts
export default {
  solidity: '0.8.25',
  networks: {
    ${HARDHAT_NAMES[network]}: {
      url: '${url}',
      chainId: ${chainId},
      accounts: process.env.PRIVATE_KEY ? [process.env.PRIVATE_KEY] : [],
    },
  },
}`
    case 'foundry':
      return `cast block-number --rpc-url ${url}
forge script script/Deploy.s.sol --rpc-url ${url} --legacy --broadcast`
  }
}
