/**
 * The viem flavour: hardhat-viem's clients against RSK Devnode, with the network helpers.
 */
import { expect } from 'chai'
import {
  type BaseError,
  decodeErrorResult,
  getAddress,
  type Hex,
  parseEventLogs,
  verifyMessage,
  verifyTypedData,
} from 'viem'
import { artifact } from '../support/artifacts.js'
import { connect } from '../support/connect.js'

const { viem, networkHelpers } = await connect()
const { loadFixture, time } = networkHelpers

async function deployLockWithViem() {
  const [owner, other] = await viem.getWalletClients()
  const publicClient = await viem.getPublicClient()
  const unlockTime = BigInt(await time.latest()) + 3600n
  const { abi, bytecode } = artifact('Lock')
  const hash = await owner!.deployContract({ abi, bytecode, args: [unlockTime], value: 1000n })
  const receipt = await publicClient.waitForTransactionReceipt({ hash })
  const address = receipt.contractAddress!
  return { owner: owner!, other: other!, publicClient, abi, address, unlockTime }
}

describe('viem: deploy, time travel, events, signatures', () => {
  it('deploys through eth_sendTransaction and reads the contract', async () => {
    const { publicClient, abi, address, unlockTime } = await loadFixture(deployLockWithViem)
    expect(await publicClient.readContract({ abi, address, functionName: 'unlockTime' })).to.equal(unlockTime)
    expect(await publicClient.getBalance({ address })).to.equal(1000n)
  })

  it('withdraws after time.increaseTo and the receipt carries the event', async () => {
    const { owner, publicClient, abi, address, unlockTime } = await loadFixture(deployLockWithViem)
    await time.increaseTo(unlockTime)
    const hash = await owner.writeContract({ abi, address, functionName: 'withdraw' })
    const receipt = await publicClient.waitForTransactionReceipt({ hash })
    expect(receipt.status).to.equal('success')
    const [event] = parseEventLogs({ abi, logs: receipt.logs, eventName: 'Withdrawal' })
    expect(event?.args).to.deep.include({ amount: 1000n })
  })

  it('a withdrawal too soon is refused; the revert data decodes to the custom error', async () => {
    const { owner, publicClient, abi, address, unlockTime } = await loadFixture(deployLockWithViem)
    let revertData: Hex | undefined
    try {
      await publicClient.simulateContract({ account: owner.account, abi, address, functionName: 'withdraw' })
    } catch (error) {
      // Rootstock answers a revert with -32015 and the revert bytes in `data`; viem turns only
      // code 3 (and -32603) into a ContractFunctionRevertedError, so the bytes are read here.
      const rpcError = (error as BaseError).walk((e) => typeof (e as { data?: unknown }).data === 'string')
      revertData = (rpcError as { data?: Hex } | null)?.data
    }
    expect(revertData).to.be.a('string')
    const decoded = decodeErrorResult({ abi, data: revertData! })
    expect(decoded.errorName).to.equal('TooEarly')
    expect(decoded.args?.[1]).to.equal(unlockTime)
  })

  it('signs messages and typed data with the node accounts', async () => {
    const [owner] = await viem.getWalletClients()
    const account = owner!.account
    const signature = await owner!.signMessage({ account, message: 'hello' })
    expect(await verifyMessage({ address: account.address, message: 'hello', signature })).to.equal(true)
    const typed = {
      domain: { name: 'Compat', version: '1', chainId: 33 },
      types: { Note: [{ name: 'text', type: 'string' }] },
      primaryType: 'Note' as const,
      message: { text: 'signed by the node' },
    }
    const typedSignature = await owner!.signTypedData({ account, ...typed })
    expect(
      await verifyTypedData({ address: getAddress(account.address), signature: typedSignature, ...typed }),
    ).to.equal(true)
  })
})
