/** ethers v6 BrowserProvider driving the injected provider, as a dApp would. */
import {
  BrowserProvider,
  type Contract,
  ContractFactory,
  parseUnits,
  TypedDataEncoder,
  verifyMessage,
  verifyTypedData,
} from 'ethers'
import { discoverProvider, errorInfo, OTHER_ACCOUNT, TOKEN_ABI, TOKEN_BYTECODE } from './common.js'

export async function ethersFlow() {
  const eth = await discoverProvider()
  const provider = new BrowserProvider(eth as never, 'any', { pollingInterval: 250 })
  const out: Record<string, unknown> = {}
  out.chainId = (await provider.getNetwork()).chainId.toString()
  const signer = await provider.getSigner()
  out.account = signer.address.toLowerCase()
  const factory = new ContractFactory(TOKEN_ABI, TOKEN_BYTECODE, signer)
  const token = (await factory.deploy(parseUnits('1000', 18))) as Contract
  await token.waitForDeployment()
  out.tokenAddress = (await token.getAddress()).toLowerCase()
  out.balance = (await token.getFunction('balanceOf')(signer.address)).toString()

  const transfers: string[] = []
  const seen = new Promise<void>((resolve) => {
    void token.on('Transfer', (from: string, to: string, value: bigint) => {
      transfers.push(`${from.toLowerCase()}>${to.toLowerCase()}:${value}`)
      resolve()
    })
  })
  const tx = await token.getFunction('transfer')(OTHER_ACCOUNT, 5n)
  const receipt = await tx.wait()
  out.transferStatus = receipt?.status
  out.otherBalance = (await token.getFunction('balanceOf')(OTHER_ACCOUNT)).toString()
  await Promise.race([seen, new Promise((r) => setTimeout(r, 8000))])
  await token.removeAllListeners()
  out.transfers = transfers

  out.revert = await token
    .getFunction('fail')
    .staticCall()
    .then(
      () => null,
      (e: unknown) => errorInfo(e),
    )

  const signature = await signer.signMessage('hello rootstock')
  out.messageSigner = verifyMessage('hello rootstock', signature).toLowerCase()
  const domain = { name: 'Demo', version: '1', chainId: 31, verifyingContract: out.tokenAddress as string }
  const types = {
    Mail: [
      { name: 'to', type: 'address' },
      { name: 'amount', type: 'uint256' },
    ],
  }
  const value = { to: OTHER_ACCOUNT, amount: 42n }
  const typedSignature = await signer.signTypedData(domain, types, value)
  out.typedSigner = verifyTypedData(domain, types, value, typedSignature).toLowerCase()
  out.typedHash = TypedDataEncoder.hash(domain, types, value)
  return out
}
