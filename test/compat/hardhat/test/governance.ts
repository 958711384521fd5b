/**
 * OpenZeppelin's Governor with a timelock, against RSK Devnode: propose, vote after the voting
 * delay (in blocks), a vote by EIP-712 signature from a node account, queue, and execute after
 * the timelock's delay (in seconds).
 */
import { expect } from 'chai'
import { artifact } from '../support/artifacts.js'
import { connect } from '../support/connect.js'

const { ethers, networkHelpers } = await connect()
const { loadFixture, mine, time } = networkHelpers

const DELAY = 3600
enum ProposalState {
  Pending = 0,
  Active = 1,
  Succeeded = 4,
  Queued = 5,
  Executed = 7,
}

async function deployGovernanceFixture() {
  const [admin, voter, relayer] = await ethers.getSigners()
  const deploy = async (name: string, ...args: unknown[]) => {
    const { abi, bytecode } = artifact(name)
    const contract = await (await ethers.getContractFactory(abi, bytecode, admin)).deploy(...args)
    await contract.waitForDeployment()
    return contract
  }
  const token = await deploy('CompatToken', admin.address)
  await (await token.mint(admin.address, ethers.parseEther('600'))).wait()
  await (await token.mint(voter.address, ethers.parseEther('400'))).wait()
  await (await token.connect(admin).delegate(admin.address)).wait()
  await (await token.connect(voter).delegate(voter.address)).wait()
  const timelock = await deploy('CompatTimelock', DELAY, [], [ethers.ZeroAddress], admin.address)
  const governor = await deploy('CompatGovernor', await token.getAddress(), await timelock.getAddress())
  await (await timelock.grantRole(await timelock.PROPOSER_ROLE(), await governor.getAddress())).wait()
  const box = await deploy('Box', await timelock.getAddress())
  return { token, timelock, governor, box, admin, voter, relayer }
}

describe('Governor: propose, vote, queue, execute', () => {
  it('runs a proposal through the timelock', async () => {
    const { governor, timelock, box, voter, relayer } = await loadFixture(deployGovernanceFixture)
    const targets = [await box.getAddress()]
    const values = [0n]
    const calldatas = [box.interface.encodeFunctionData('store', [42n])]
    const description = 'Store 42 in the box'
    const descriptionHash = ethers.id(description)
    const proposalId = await governor.hashProposal(targets, values, calldatas, descriptionHash)

    await expect(governor.propose(targets, values, calldatas, description)).to.emit(
      governor,
      'ProposalCreated',
    )
    expect(await governor.state(proposalId)).to.equal(ProposalState.Pending)
    await mine(Number(await governor.votingDelay()) + 1)
    expect(await governor.state(proposalId)).to.equal(ProposalState.Active)

    // The admin votes itself; the voter signs a ballot (EIP-712, by the node) that a relayer sends.
    await expect(governor.castVote(proposalId, 1)).to.emit(governor, 'VoteCast')
    const { chainId } = await ethers.provider.getNetwork()
    const domain = {
      name: 'CompatGovernor',
      version: '1',
      chainId,
      verifyingContract: await governor.getAddress(),
    }
    const types = {
      Ballot: [
        { name: 'proposalId', type: 'uint256' },
        { name: 'support', type: 'uint8' },
        { name: 'voter', type: 'address' },
        { name: 'nonce', type: 'uint256' },
      ],
    }
    const nonce = await governor.nonces(voter.address)
    const signature = await voter.signTypedData(domain, types, {
      proposalId,
      support: 1,
      voter: voter.address,
      nonce,
    })
    await expect(governor.connect(relayer).castVoteBySig(proposalId, 1, voter.address, signature))
      .to.emit(governor, 'VoteCast')
      .withArgs(voter.address, proposalId, 1, ethers.parseEther('400'), '')

    await mine(Number(await governor.votingPeriod()))
    expect(await governor.state(proposalId)).to.equal(ProposalState.Succeeded)

    await expect(governor.queue(targets, values, calldatas, descriptionHash)).to.emit(
      governor,
      'ProposalQueued',
    )
    expect(await governor.state(proposalId)).to.equal(ProposalState.Queued)
    await expect(governor.execute(targets, values, calldatas, descriptionHash)).to.be.revertedWithCustomError(
      timelock,
      'TimelockUnexpectedOperationState',
    )

    await time.increase(DELAY)
    await expect(governor.execute(targets, values, calldatas, descriptionHash))
      .to.emit(box, 'ValueChanged')
      .withArgs(42n)
    expect(await governor.state(proposalId)).to.equal(ProposalState.Executed)
    expect(await box.value()).to.equal(42n)
  })

  it('only the timelock may change the box', async () => {
    const { box, admin } = await loadFixture(deployGovernanceFixture)
    await expect(box.connect(admin).store(1n))
      .to.be.revertedWithCustomError(box, 'OwnableUnauthorizedAccount')
      .withArgs(admin.address)
  })
})
