/** ethers v6 against a forked chain: read a token deployed upstream, transfer it locally. */
import { BrowserProvider, Contract } from 'ethers'
import { discoverProvider } from './common.js'

const TOKEN_ABI = [
  'function balanceOf(address owner) view returns (uint256)',
  'function transfer(address to, uint256 amount) returns (bool)',
]

async function connect(address: string) {
  const provider = new BrowserProvider((await discoverProvider()) as never, 'any', { pollingInterval: 250 })
  const signer = await provider.getSigner()
  return { provider, signer, token: new Contract(address, TOKEN_ABI, signer) }
}

Object.assign(window, {
  forkFlow: {
    async balances(address: string, owners: string[]): Promise<string[]> {
      const { token } = await connect(address)
      return Promise.all(owners.map(async (owner) => String(await token.getFunction('balanceOf')(owner))))
    },
    async transfer(address: string, to: string, amount: string) {
      const { signer, token } = await connect(address)
      const tx = await token.getFunction('transfer')(to, BigInt(amount))
      const receipt = await tx.wait()
      return {
        from: signer.address.toLowerCase(),
        status: receipt?.status,
        blockNumber: receipt?.blockNumber,
      }
    },
  },
})
document.title = 'fork ready'
