/**
 * Hardhat's sample-project tests, against RSK Devnode: fixtures, time travel before sends that
 * depend on the time, mining many blocks, and chai's revert, event and balance matchers.
 */
import { anyValue } from '@nomicfoundation/hardhat-ethers-chai-matchers/withArgs'
import { expect } from 'chai'
import { artifact } from '../support/artifacts.js'
import { connect } from '../support/connect.js'

const { ethers, networkHelpers } = await connect()
const { loadFixture, mine, time } = networkHelpers

const ONE_YEAR = 365 * 24 * 60 * 60
const LOCKED = 1_000_000_000n

async function deployLockFixture() {
  const [owner, other] = await ethers.getSigners()
  const unlockTime = (await time.latest()) + ONE_YEAR
  const { abi, bytecode } = artifact('Lock')
  const factory = await ethers.getContractFactory(abi, bytecode, owner)
  const lock = await factory.deploy(unlockTime, { value: LOCKED })
  await lock.waitForDeployment()
  return { lock, unlockTime, owner, other }
}

describe('Lock: fixtures and time travel', () => {
  it('deploys with the unlock time, the owner and the funds', async () => {
    const { lock, unlockTime, owner } = await loadFixture(deployLockFixture)
    expect(await lock.unlockTime()).to.equal(unlockTime)
    expect(await lock.owner()).to.equal(owner.address)
    expect(await ethers.provider.getBalance(lock.target)).to.equal(LOCKED)
  })

  it('refuses an unlock time in the past, with the reason', async () => {
    const latest = await time.latest()
    const { abi, bytecode } = artifact('Lock')
    const factory = await ethers.getContractFactory(abi, bytecode)
    await expect(factory.deploy(latest, { value: 1 })).to.be.revertedWith(
      'Unlock time should be in the future',
    )
  })

  it('reverts with the custom error and its arguments when called too soon', async () => {
    const { lock, unlockTime } = await loadFixture(deployLockFixture)
    await expect(lock.withdraw())
      .to.be.revertedWithCustomError(lock, 'TooEarly')
      .withArgs(anyValue, unlockTime)
  })

  it('reverts with the reason when another account withdraws after time.increaseTo', async () => {
    const { lock, unlockTime, other } = await loadFixture(deployLockFixture)
    await time.increaseTo(unlockTime)
    await expect(lock.connect(other).withdraw()).to.be.revertedWith("You aren't the owner")
  })

  it('emits Withdrawal and moves the balances once unlocked', async () => {
    const { lock, unlockTime, owner } = await loadFixture(deployLockFixture)
    await time.increaseTo(unlockTime)
    await expect(lock.withdraw()).to.emit(lock, 'Withdrawal').withArgs(LOCKED, anyValue)
    expect(await ethers.provider.getBalance(lock.target)).to.equal(0n)
    // loadFixture brings the funds back for the balance matchers.
    const again = await loadFixture(deployLockFixture)
    await time.increaseTo(again.unlockTime)
    await expect(again.lock.withdraw()).to.changeEtherBalances(ethers, [owner, again.lock], [LOCKED, -LOCKED])
  })

  it('a send that needs the exact block time succeeds after setNextBlockTimestamp', async () => {
    const { lock } = await loadFixture(deployLockFixture)
    const at = (await time.latest()) + 1000
    await time.setNextBlockTimestamp(at)
    // The automatic gas estimate runs in the block the transaction is mined in (time `at`).
    await (await lock.stampAt(at)).wait()
    expect(await lock.lastStamp()).to.equal(BigInt(at))
    expect(await time.latest()).to.equal(at)
    // The clock goes on from there: an hour later is an hour after `at`.
    await time.increase(3600)
    expect(await time.latest()).to.be.within(at + 3600, at + 3610)
  })

  it('mines many blocks, and blocks at an interval', async () => {
    await loadFixture(deployLockFixture)
    const start = await time.latestBlock()
    // More than one request could mine before (10,000): a few days of 12-second blocks.
    await mine(20_000)
    expect(await time.latestBlock()).to.equal(start + 20_000)
    const before = await time.latest()
    await mine(5, { interval: 60 })
    expect(await time.latestBlock()).to.equal(start + 20_005)
    expect(await time.latest()).to.be.within(before + 4 * 60, before + 5 * 60 + 5)
  })

  it('takes a snapshot and restores it', async () => {
    const { lock, unlockTime } = await loadFixture(deployLockFixture)
    const snapshot = await networkHelpers.takeSnapshot()
    await time.increaseTo(unlockTime)
    await (await lock.withdraw()).wait()
    await snapshot.restore()
    expect(await ethers.provider.getBalance(lock.target)).to.equal(LOCKED)
  })
})
