// Flyover peg-in and peg-out refund of rsksmart/liquidity-bridge-contract against the node's real
// Bridge, with Bitcoin transactions made on the simulated chain. It follows the project's own
// integration tests (integration-test/pegin.test.ts and pegout.test.ts, written for an RSKj node
// and a bitcoind wallet), with the btc_* dev methods in place of the wallet: btc_fund and
// btc_sendTransaction pay, btc_mine confirms (and feeds the light client), btc_getBlock lists the
// block's transactions for the merkle proofs.
//
// Run from a checkout of the project with its dependencies installed and its contracts compiled,
// with the network entry pointed at the node (`--profile rskj --omit-remasc`):
//
//   REGTEST_RPC_URL=http://127.0.0.1:PORT/regtest/API_KEY \
//     npx hardhat run --network rskRegtest /path/to/scripts/lbc-peg-harness.cjs
//
// Each step prints one line; the exit code is the number of the two flows that did not complete.
'use strict'
const path = require('node:path')

const hre = global.hre
if (!hre) throw new Error('run this with `npx hardhat run` inside the project')
const { ethers } = hre
const project = (p) => require(path.join(process.cwd(), p))
const { deployLbcProxy } = project('scripts/deployment-utils/deploy-proxy')
const { upgradeLbcProxy } = project('scripts/deployment-utils/upgrade-proxy')
const { read } = project('scripts/deployment-utils/deploy')
const { buildPMT } = project('node_modules/@rsksmart/pmt-builder')
const bs58check = project('node_modules/bs58check')
const bs58 = project('node_modules/bs58')

const BRIDGE = '0x0000000000000000000000000000000001000006'
const NETWORK = 'rskRegtest'
const rpc = (method, params = []) => ethers.provider.send(method, params)
const log = (...args) => console.log(...args)
const strip = (h) => (h.startsWith('0x') ? h.slice(2) : h)
const hex = (h) => (h.startsWith('0x') ? h : `0x${h}`)
const decode = (address) => (bs58check.default ?? bs58check).decode(address)
const satsOf = (wei) => (wei + 10n ** 10n - 1n) / 10n ** 10n

function totalValue(q) {
  return BigInt(q.value) + BigInt(q.callFee) + BigInt(q.productFeeAmount) + BigInt(q.gasFee)
}

/** The integration test's merkle branch (integration-test/pegout.test.ts, buildMerkleBranch). */
function merkleBranch(txids, txid) {
  const pmt = buildPMT(txids, txid)
  const hashes = []
  let path = 0
  let levelOffset = 0
  let node = txids.indexOf(txid)
  for (let size = txids.length, i = 0; size > 1; size = Math.floor((size + 1) / 2), i++) {
    let target
    if (node % 2 === 0) target = Math.min(node + 1, size - 1)
    else {
      target = node - 1
      path += 1 << i
    }
    hashes.push(hex(pmt.hashes[levelOffset + target]))
    levelOffset += size
    node = Math.floor(node / 2)
  }
  return { path, hashes }
}

/**
 * Flyover deposit address: RSKj's derivation hash (quote hash, user refund, LBC, LP's Bitcoin
 * address: `lbc-then-lp`, what the project's validatePeginDepositAddress checks), or the last two
 * swapped (`lp-then-lbc`), tried only to tell which one the Bridge expects when the first fails.
 */
async function flyoverAddress(btcUtils, bridge, quote, quoteHash, order) {
  const tail =
    order === 'lbc-then-lp'
      ? [quote.lbcAddress, quote.liquidityProviderBtcAddress]
      : [quote.liquidityProviderBtcAddress, quote.lbcAddress]
  const derivation = ethers.keccak256(ethers.concat([quoteHash, quote.btcRefundAddress, ...tail]))
  const redeem = ethers.concat(['0x20', derivation, '0x75', await bridge.getActivePowpegRedeemScript()])
  const bytes = ethers.getBytes(await btcUtils.getP2SHAddressFromScript(redeem, false))
  // version, hash and checksum, as the integration test encodes it
  return { bytes, address: (bs58.default ?? bs58).encode(bytes) }
}

/** Mines Bitcoin blocks until `attempt` stops failing with `reason` (at most `max` blocks). */
async function withConfirmations(reason, max, attempt) {
  for (let mined = 0; ; mined++) {
    try {
      const result = await attempt()
      log(`  went through after ${mined} more Bitcoin block(s) (${reason} before)`)
      return result
    } catch (error) {
      const message = String(error?.message ?? error)
      if (!message.includes(reason) || mined >= max) throw error
      await rpc('btc_mine', [1])
    }
  }
}

async function main() {
  const deployed = await deployLbcProxy(NETWORK, { verbose: false })
  await upgradeLbcProxy(NETWORK, { verbose: false })
  const lbc = await ethers.getContractAt('LiquidityBridgeContractV2', deployed.address)
  const btcUtils = await ethers.getContractAt('BtcUtils', read()[NETWORK].BtcUtils.address)
  const bridge = await ethers.getContractAt('Bridge', BRIDGE)
  const signers = await ethers.getSigners()
  const user = signers[1]
  const lp = signers[signers.length - 1]
  const btcAddresses = await rpc('btc_getAddresses')
  const btcOf = (signer) =>
    btcAddresses.find((a) => a.rskAddress.toLowerCase() === signer.address.toLowerCase()).p2pkh
  const userBtc = btcOf(user)
  const lpBtc = btcOf(lp)
  for (const address of [userBtc, lpBtc]) await rpc('btc_fund', [address, '1000000000'])
  await (
    await lbc
      .connect(lp)
      .register('LP', 'http://localhost/lp', true, 'both', { value: ethers.parseEther('1.5') })
  ).wait()
  log(`LBC ${deployed.address}, LP ${lp.address} (${lpBtc}), user ${user.address} (${userBtc})`)

  const failures = []
  try {
    await pegIn({ lbc, btcUtils, bridge, user, lp, userBtc, lpBtc, order: 'lbc-then-lp' })
  } catch (error) {
    const message = String(error?.message ?? error).split('\n')[0]
    failures.push('peg-in')
    log(`peg-in, deposit address hashed lbc-then-lp: FAILED ${message}`)
    // LBC033 is the Bridge's -304, nothing paid to its Flyover address: try the other order.
    if (message.includes('LBC033'))
      await pegIn({ lbc, btcUtils, bridge, user, lp, userBtc, lpBtc, order: 'lp-then-lbc' }).catch((e) =>
        log(`peg-in, deposit address hashed lp-then-lbc: FAILED ${String(e?.message ?? e).split('\n')[0]}`),
      )
  }
  try {
    await pegOutRefund({ lbc, user, lp, userBtc, lpBtc })
  } catch (error) {
    failures.push('peg-out refund')
    log(`peg-out refund: FAILED ${String(error?.message ?? error).split('\n')[0]}`)
  }
  log(failures.length === 0 ? 'all flows completed' : `did not complete: ${failures.join(', ')}`)
  process.exitCode = failures.length
}

async function pegIn({ lbc, btcUtils, bridge, user, lp, userBtc, lpBtc, order }) {
  const fed = decode(await bridge.getFederationAddress()).slice(1)
  const now = Math.floor(Date.now() / 1000)
  const quote = {
    fedBtcAddress: fed,
    lbcAddress: await lbc.getAddress(),
    liquidityProviderRskAddress: lp.address,
    btcRefundAddress: decode(userBtc),
    rskRefundAddress: user.address,
    liquidityProviderBtcAddress: decode(lpBtc),
    callFee: ethers.parseEther('0.01'),
    penaltyFee: 1000000n,
    contractAddress: user.address,
    data: '0x',
    gasLimit: 21000,
    nonce: BigInt(Math.floor(Math.random() * Number.MAX_SAFE_INTEGER)),
    value: ethers.parseEther('0.7'),
    agreementTimestamp: now,
    timeForDeposit: 1800,
    callTime: 3600,
    depositConfirmations: 1,
    callOnRegister: false,
    productFeeAmount: 0n,
    gasFee: 0n,
  }
  const quoteHash = ethers.getBytes(await lbc.hashQuote(quote))
  const signature = await lp.signMessage(quoteHash)
  const deposit = await flyoverAddress(btcUtils, bridge, quote, quoteHash, order)
  const lbcAccepts = await lbc.validatePeginDepositAddress(quote, deposit.bytes)
  await (await lbc.connect(lp).callForUser(quote, { value: quote.value })).wait()
  const value = satsOf(totalValue(quote))
  const txid = await rpc('btc_sendTransaction', [
    { from: user.address, to: deposit.address, value: value.toString() },
  ])
  const [blockHash] = await rpc('btc_mine', [1])
  const block = await rpc('btc_getBlock', [blockHash])
  const raw = (await rpc('btc_getTransaction', [txid])).hex
  const pmt = buildPMT(
    block.tx.map((t) => t.txid),
    strip(txid),
  )
  log(
    `peg-in, deposit address hashed ${order}: ${deposit.address} (validatePeginDepositAddress ${lbcAccepts}), ${value} sat in ${strip(txid)} at height ${block.height}`,
  )
  const receipt = await withConfirmations('LBC031', 10, async () => {
    const args = [quote, signature, hex(raw), hex(pmt.hex), block.height]
    const answer = await lbc.connect(lp).registerPegIn.staticCall(...args)
    const tx = await lbc.connect(lp).registerPegIn(...args)
    log(`  registerPegIn answered ${answer}`)
    return tx.wait()
  })
  const registered = receipt.logs.some((l) => lbc.interface.parseLog(l)?.name === 'PegInRegistered')
  if (!registered) throw new Error('no PegInRegistered event')
  log(`  PegInRegistered in RSK block ${receipt.blockNumber}`)
}

async function pegOutRefund({ lbc, user, lp, userBtc, lpBtc }) {
  const now = Math.floor(Date.now() / 1000)
  const height = await ethers.provider.getBlockNumber()
  const quote = {
    lbcAddress: await lbc.getAddress(),
    lpRskAddress: lp.address,
    btcRefundAddress: decode(userBtc),
    rskRefundAddress: user.address,
    lpBtcAddress: decode(lpBtc),
    callFee: ethers.parseEther('0.0001'),
    penaltyFee: 1000000n,
    nonce: BigInt(Math.floor(Math.random() * Number.MAX_SAFE_INTEGER)),
    deposityAddress: decode(userBtc),
    value: ethers.parseEther('0.6'),
    agreementTimestamp: now,
    depositDateLimit: now + 1800,
    depositConfirmations: 1,
    transferConfirmations: 1,
    transferTime: 1800,
    expireDate: now + 3600,
    expireBlock: height + 50,
    productFeeAmount: 0n,
    gasFee: 0n,
  }
  const quoteHash = ethers.getBytes(await lbc.hashPegoutQuote(quote))
  const signature = await lp.signMessage(quoteHash)
  await (await lbc.connect(user).depositPegout(quote, signature, { value: totalValue(quote) })).wait()
  const value = satsOf(BigInt(quote.value) + BigInt(quote.callFee))
  const txid = await rpc('btc_sendTransaction', [
    { from: lp.address, to: userBtc, value: value.toString(), opReturn: ethers.hexlify(quoteHash) },
  ])
  const [blockHash] = await rpc('btc_mine', [1])
  const block = await rpc('btc_getBlock', [blockHash])
  const raw = (await rpc('btc_getTransaction', [txid])).hex
  const branch = merkleBranch(
    block.tx.map((t) => t.txid),
    strip(txid),
  )
  log(
    `peg-out refund: ${value} sat to ${userBtc} in ${strip(txid)}, block ${blockHash} (${block.tx.length} txs)`,
  )
  const args = [quoteHash, hex(raw), hex(blockHash), branch.path, branch.hashes]
  const receipt = await withConfirmations('LBC049', 10, async () =>
    (await lbc.connect(lp).refundPegOut(...args)).wait(),
  )
  const refunded = receipt.logs.some((l) => lbc.interface.parseLog(l)?.name === 'PegOutRefunded')
  if (!refunded) throw new Error('no PegOutRefunded event')
  log(`  PegOutRefunded in RSK block ${receipt.blockNumber}`)
}

main().catch((error) => {
  console.error(error)
  process.exitCode = 99
})
