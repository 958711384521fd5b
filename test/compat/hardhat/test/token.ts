/**
 * An OpenZeppelin ERC-20 with permits, against RSK Devnode: token-balance matchers, custom errors,
 * EIP-712 permits and EIP-191 messages signed by the node's own accounts, impersonation.
 */
import { expect } from 'chai'
import { artifact } from '../support/artifacts.js'
import { connect } from '../support/connect.js'

const { ethers, networkHelpers } = await connect()
const { loadFixture, time } = networkHelpers

const SUPPLY = ethers.parseEther('1000')

async function deployTokenFixture() {
  const [owner, alice, bob] = await ethers.getSigners()
  const { abi, bytecode } = artifact('CompatToken')
  const factory = await ethers.getContractFactory(abi, bytecode, owner)
  const token = await factory.deploy(owner.address)
  await token.waitForDeployment()
  await (await token.mint(owner.address, SUPPLY)).wait()
  return { token, owner, alice, bob }
}

describe('CompatToken: matchers, permits and impersonation', () => {
  it('moves token balances (changeTokenBalance and changeTokenBalances)', async () => {
    const { token, owner, alice, bob } = await loadFixture(deployTokenFixture)
    await expect(token.transfer(alice.address, 100n)).to.changeTokenBalance(ethers, token, alice, 100n)
    await expect(token.connect(alice).transfer(bob.address, 40n)).to.changeTokenBalances(
      ethers,
      token,
      [alice, bob],
      [-40n, 40n],
    )
    await expect(token.transfer(bob.address, 1n))
      .to.emit(token, 'Transfer')
      .withArgs(owner.address, bob.address, 1n)
  })

  it('reverts with the OpenZeppelin custom errors and their arguments', async () => {
    const { token, alice, bob } = await loadFixture(deployTokenFixture)
    await expect(token.connect(alice).transfer(bob.address, 1n))
      .to.be.revertedWithCustomError(token, 'ERC20InsufficientBalance')
      .withArgs(alice.address, 0n, 1n)
    await expect(token.connect(alice).mint(alice.address, 1n))
      .to.be.revertedWithCustomError(token, 'OwnableUnauthorizedAccount')
      .withArgs(alice.address)
  })

  it('accepts an EIP-2612 permit signed by a node account with eth_signTypedData_v4', async () => {
    const { token, owner, alice } = await loadFixture(deployTokenFixture)
    const deadline = (await time.latest()) + 3600
    const { chainId } = await ethers.provider.getNetwork()
    const domain = {
      name: 'Compat Token',
      version: '1',
      chainId,
      verifyingContract: await token.getAddress(),
    }
    const types = {
      Permit: [
        { name: 'owner', type: 'address' },
        { name: 'spender', type: 'address' },
        { name: 'value', type: 'uint256' },
        { name: 'nonce', type: 'uint256' },
        { name: 'deadline', type: 'uint256' },
      ],
    }
    const value = 500n
    const message = { owner: owner.address, spender: alice.address, value, nonce: 0n, deadline }
    const signature = await owner.signTypedData(domain, types, message)
    expect(ethers.verifyTypedData(domain, types, message, signature)).to.equal(owner.address)
    const { v, r, s } = ethers.Signature.from(signature)
    await expect(token.connect(alice).permit(owner.address, alice.address, value, deadline, v, r, s))
      .to.emit(token, 'Approval')
      .withArgs(owner.address, alice.address, value)
    expect(await token.allowance(owner.address, alice.address)).to.equal(value)
    // The same signature twice: the nonce moved on.
    await expect(
      token.connect(alice).permit(owner.address, alice.address, value, deadline, v, r, s),
    ).to.be.revertedWithCustomError(token, 'ERC2612InvalidSigner')
  })

  it('a permit past its deadline is refused (time.increase)', async () => {
    const { token, owner, alice } = await loadFixture(deployTokenFixture)
    const deadline = (await time.latest()) + 60
    const { chainId } = await ethers.provider.getNetwork()
    const domain = {
      name: 'Compat Token',
      version: '1',
      chainId,
      verifyingContract: await token.getAddress(),
    }
    const types = {
      Permit: [
        { name: 'owner', type: 'address' },
        { name: 'spender', type: 'address' },
        { name: 'value', type: 'uint256' },
        { name: 'nonce', type: 'uint256' },
        { name: 'deadline', type: 'uint256' },
      ],
    }
    const signature = await owner.signTypedData(domain, types, {
      owner: owner.address,
      spender: alice.address,
      value: 1n,
      nonce: 0n,
      deadline,
    })
    const { v, r, s } = ethers.Signature.from(signature)
    await time.increase(3600)
    await expect(token.connect(alice).permit(owner.address, alice.address, 1n, deadline, v, r, s))
      .to.be.revertedWithCustomError(token, 'ERC2612ExpiredSignature')
      .withArgs(deadline)
  })

  it('signs a message with personal_sign for a node account', async () => {
    const [owner] = await ethers.getSigners()
    const signature = await owner.signMessage('hello Rootstock')
    expect(ethers.verifyMessage('hello Rootstock', signature)).to.equal(owner.address)
  })

  it('sends from an impersonated account the node holds no key for', async () => {
    const { token, alice } = await loadFixture(deployTokenFixture)
    const whale = '0x00000000000000000000000000000000000c0ffe'
    await (await token.transfer(whale, 1000n)).wait()
    await networkHelpers.impersonateAccount(whale)
    await networkHelpers.setBalance(whale, ethers.parseEther('1'))
    const signer = await ethers.getSigner(whale)
    await expect(token.connect(signer).transfer(alice.address, 250n)).to.changeTokenBalances(
      ethers,
      token,
      [whale, alice],
      [-250n, 250n],
    )
    await networkHelpers.stopImpersonatingAccount(whale)
    await expect(token.connect(signer).transfer(alice.address, 1n)).to.be.rejected
  })
})
