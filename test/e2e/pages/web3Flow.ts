/** web3.js v4 over the injected provider, with legacy transactions (Rootstock has no EIP-1559). */
import { Web3 } from 'web3'
import { discoverProvider, errorInfo, OTHER_ACCOUNT, TOKEN_ABI, TOKEN_BYTECODE } from './common.js'

export async function web3Flow() {
  const eth = await discoverProvider()
  const web3 = new Web3(eth as never)
  web3.defaultTransactionType = '0x0'
  web3.transactionPollingInterval = 250
  const out: Record<string, unknown> = {}
  const [account] = await web3.eth.requestAccounts()
  out.account = account!.toLowerCase()
  out.chainId = String(await web3.eth.getChainId())
  out.netVersion = String(await web3.eth.net.getId())
  const contract = new web3.eth.Contract(TOKEN_ABI as never)
  const deployed = await contract
    .deploy({ data: TOKEN_BYTECODE, arguments: [1000n * 10n ** 18n] } as never)
    .send({ from: account! })
  const address = deployed.options.address!
  out.tokenAddress = address.toLowerCase()
  const token = new web3.eth.Contract(TOKEN_ABI as never, address)
  const receipt = await (
    token.methods as never as Record<
      string,
      (...a: unknown[]) => { send(o: object): Promise<{ status: bigint; type?: bigint }> }
    >
  ).transfer!(OTHER_ACCOUNT, 3n).send({ from: account! })
  out.transferStatus = String(receipt.status)
  out.transferType = String(receipt.type ?? '')
  const balance = await (
    token.methods as never as Record<string, (...a: unknown[]) => { call(): Promise<bigint> }>
  ).balanceOf!(OTHER_ACCOUNT).call()
  out.otherBalance = String(balance)
  out.revert = await (token.methods as never as Record<string, () => { call(o: object): Promise<unknown> }>)
    .fail!()
    .call({ from: account! })
    .then(
      () => null,
      (e: unknown) => errorInfo((e as { cause?: unknown }).cause ?? e),
    )
  const signature = await web3.eth.sign(web3.utils.utf8ToHex('hello web3'), account!)
  out.messageSigner = web3.eth.accounts.recover('hello web3', signature as string).toLowerCase()
  return out
}
