/**
 * A dApp built for MetaMask, as the e2e tests serve it in Chromium and Firefox: it treats the
 * provider as a wallet only when `window.ethereum.isMetaMask` is true, and only then connects,
 * shows the chain and enables its buttons. Also the checks both browsers run from that page: each
 * wallet method MetaMask serves, verified in Node against MetaMask's own library.
 */
import {
  encrypt,
  getEncryptionPublicKey,
  recoverPersonalSignature,
  recoverTypedSignature,
  SignTypedDataVersion,
} from '@metamask/eth-sig-util'
import { encodeDeployData } from 'viem'
import { expect } from 'vitest'
import { DEV_ACCOUNTS } from '../../src/core/accounts/devAccounts.js'
import { getArtifact } from '../fixtures/contracts/index.js'

export const ACCOUNT = DEV_ACCOUNTS[0]!.address
const KEY = DEV_ACCOUNTS[0]!.privateKey.slice(2)

/** The page: gated on isMetaMask like the dApps that disabled 111 of 130 buttons without it. */
export const METAMASK_DAPP_HTML = `<!doctype html><html><head><script>
  window.__firstScript = {
    isMetaMask: !!(window.ethereum && window.ethereum.isMetaMask),
    isRskDevnode: !!(window.ethereum && window.ethereum.isRskDevnode),
  }
  window.__cards = []
  window.addEventListener('eip6963:announceProvider', (e) => window.__cards.push({ rdns: e.detail.info.rdns, name: e.detail.info.name }))
  window.dispatchEvent(new Event('eip6963:requestProvider'))
  window.__events = []
  window.dapp = { wallet: false, chain: null, accounts: [], unlocked: null, reason: null }
  window.dappCall = ({ method, params }) =>
    window.ethereum.request(params === undefined ? { method } : { method, params }).then(
      (result) => ({ result }),
      (e) => ({ code: e.code, message: e.message }),
    )
  window.dappInit = async () => {
    const eth = window.ethereum
    if (!eth || !eth.isMetaMask) {
      window.dapp.reason = 'Please install MetaMask'
      return window.dapp
    }
    for (const name of ['chainChanged', 'networkChanged', 'accountsChanged'])
      eth.on(name, (value) => window.__events.push([name, value]))
    window.dapp.accounts = await eth.request({ method: 'eth_requestAccounts' })
    window.dapp.chain = await eth.request({ method: 'eth_chainId' })
    window.dapp.unlocked = await eth._metamask.isUnlocked()
    window.dapp.wallet = true
    for (const button of document.querySelectorAll('button[data-wallet]')) button.disabled = false
    return window.dapp
  }
</script></head><body>
  <button data-wallet disabled>Sign</button><button data-wallet disabled>Send</button>
  <button data-wallet disabled>Watch token</button><button data-wallet disabled>Batch</button>
  <button data-wallet disabled>Decrypt</button>
</body></html>`

export type Outcome = { result?: unknown; code?: number; message?: string }
export type PageCall = (method: string, params?: unknown) => Promise<Outcome>

/** The globals the page above defines, as the tests read them. */
export type DappWindow = {
  dappInit(): Promise<{
    wallet: boolean
    chain: string | null
    accounts: string[]
    unlocked: boolean | null
    reason: string | null
  }>
  dappCall(a: { method: string; params?: unknown }): Promise<Outcome>
  __firstScript: { isMetaMask: boolean; isRskDevnode: boolean }
  __cards: Array<{ rdns: string; name: string }>
  __events: unknown[][]
  ethereum: {
    isMetaMask: boolean
    sendAsync(p: unknown, cb?: (e: unknown, r: unknown) => void): unknown
    send(a: unknown, b?: unknown): unknown
  }
}

export const TYPED_V4 = {
  types: {
    EIP712Domain: [
      { name: 'name', type: 'string' },
      { name: 'chainId', type: 'uint256' },
      { name: 'verifyingContract', type: 'address' },
    ],
    Mail: [
      { name: 'to', type: 'address' },
      { name: 'contents', type: 'string' },
      { name: 'amounts', type: 'uint256[]' },
    ],
  },
  primaryType: 'Mail',
  domain: {
    name: 'Ether Mail',
    chainId: 31,
    verifyingContract: '0xCcCCccccCCCCcCCCCCCcCcCccCcCCCcCcccccccC',
  },
  message: {
    to: '0xBbBbBBbbBBbbbbBbbbbBbBbbBBbBBbbBbbBbBBbB',
    contents: 'Hello from the dApp',
    amounts: [1, '0x2'],
  },
}
const TYPED_V3 = {
  types: { EIP712Domain: [{ name: 'name', type: 'string' }], Note: [{ name: 'text', type: 'string' }] },
  primaryType: 'Note',
  domain: { name: 'Notes' },
  message: { text: 'v3 note' },
}
const TYPED_V1 = [
  { type: 'string', name: 'Message', value: 'Hi, Alice!' },
  { type: 'uint32', name: 'A number', value: '1337' },
]

/** The signer eth-sig-util recovers from a page's typed-data signature. */
const typedSigner = (data: unknown, signed: Outcome, version: SignTypedDataVersion) =>
  recoverTypedSignature({ data: data as never, signature: signed.result as string, version })

/** Each wallet method MetaMask serves, called from the page and checked against eth-sig-util. */
export async function checkWalletMethods(call: PageCall): Promise<{ tokenAddress: string; batchId: string }> {
  // Typed data, three versions.
  const v1 = await call('eth_signTypedData', [TYPED_V1, ACCOUNT])
  expect(typedSigner(TYPED_V1, v1, SignTypedDataVersion.V1)).toBe(ACCOUNT)
  const v3 = await call('eth_signTypedData_v3', [ACCOUNT, JSON.stringify(TYPED_V3)])
  expect(typedSigner(TYPED_V3, v3, SignTypedDataVersion.V3)).toBe(ACCOUNT)
  const v4 = await call('eth_signTypedData_v4', [ACCOUNT, JSON.stringify(TYPED_V4)])
  expect(typedSigner(TYPED_V4, v4, SignTypedDataVersion.V4)).toBe(ACCOUNT)

  // personal_sign and personal_ecRecover.
  const signature = (await call('personal_sign', ['0x68656c6c6f', ACCOUNT])).result as string
  expect(recoverPersonalSignature({ data: '0x68656c6c6f', signature })).toBe(ACCOUNT)
  expect(await call('personal_ecRecover', ['0x68656c6c6f', signature])).toEqual({ result: ACCOUNT })

  // Encryption: the key MetaMask derives, and a message eth-sig-util encrypted to it.
  const publicKey = (await call('eth_getEncryptionPublicKey', [ACCOUNT])).result as string
  expect(publicKey).toBe(getEncryptionPublicKey(KEY))
  const encrypted = encrypt({ publicKey, data: 'for your eyes only', version: 'x25519-xsalsa20-poly1305' })
  const hex = `0x${Buffer.from(JSON.stringify(encrypted)).toString('hex')}`
  expect(await call('eth_decrypt', [hex, ACCOUNT])).toEqual({ result: 'for your eyes only' })

  // wallet_watchAsset with an object as params (not a positional array).
  const token = getArtifact('TestTokenParis')
  const data = encodeDeployData({
    abi: token.abi,
    bytecode: token.bytecode,
    args: ['Dapp Token', 'DAPP', 1234n * 10n ** 16n],
  })
  const deployed = await call('eth_sendTransaction', [{ from: ACCOUNT, data }])
  const receipt = (await call('eth_getTransactionReceipt', [deployed.result])).result as {
    contractAddress: string
  }
  const tokenAddress = receipt.contractAddress
  expect(await call('wallet_watchAsset', { type: 'ERC20', options: { address: tokenAddress } })).toEqual({
    result: true,
  })

  // EIP-5792: Rootstock's capabilities, a batch sent call by call, its status.
  expect(await call('wallet_getCapabilities', [ACCOUNT, ['0x1f']])).toEqual({
    result: { '0x1f': { atomic: { status: 'unsupported' } } },
  })
  expect(
    (
      await call('wallet_sendCalls', [
        { version: '2.0.0', chainId: '0x1f', from: ACCOUNT, atomicRequired: true, calls: [{ to: ACCOUNT }] },
      ])
    ).code,
  ).toBe(5760)
  const sent = await call('wallet_sendCalls', [
    {
      version: '2.0.0',
      chainId: '0x1f',
      from: ACCOUNT,
      atomicRequired: false,
      calls: [
        { to: '0x00000000000000000000000000000000000000c1', value: '0x64' },
        { to: '0x00000000000000000000000000000000000000c2', value: '0xc8' },
      ],
    },
  ])
  const batchId = (sent.result as { id: string }).id
  const status = (await call('wallet_getCallsStatus', [batchId])).result as {
    status: number
    atomic: boolean
    receipts: Array<{ status: string }>
  }
  expect(status).toMatchObject({ status: 200, atomic: false, chainId: '0x1f' })
  expect(status.receipts.map((r) => r.status)).toEqual(['0x1', '0x1'])
  expect(await call('wallet_showCallsStatus', [batchId])).toEqual({ result: null })

  // Strict where MetaMask is strict.
  const unknownType = await call('eth_sendTransaction', [
    { from: ACCOUNT, type: '0x76', calls: [{ to: ACCOUNT }] },
  ])
  expect(unknownType).toMatchObject({ code: -32602, message: expect.stringContaining('"0x76"') })
  const failing = await call('eth_sendTransaction', [{ from: ACCOUNT, data: '0xfe' }])
  expect(failing).toMatchObject({
    code: -32000,
    message: expect.stringContaining('gas required exceeds allowance'),
  })
  const unknownMethod = await call('wallet_somethingElse', { a: 1 })
  expect(unknownMethod.code).toBe(-32601)
  return { tokenAddress, batchId }
}
