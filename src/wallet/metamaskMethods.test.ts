/**
 * The wallet methods MetaMask serves, each checked against a reference implementation:
 * @metamask/eth-sig-util (MetaMask's own library) for typed data v1/v3/v4, personal_ecRecover and
 * the x25519-xsalsa20-poly1305 encryption; viem's EIP-5792 actions for the request and answer
 * shapes of wallet_sendCalls / getCallsStatus / getCapabilities / showCallsStatus. The wallet
 * runs over a real in-memory node (regtest... testnet, chain 31), as in the extension.
 */
import {
  recoverPersonalSignature,
  decrypt as referenceDecrypt,
  encrypt as referenceEncrypt,
  personalSign as referencePersonalSign,
  getEncryptionPublicKey as referencePublicKey,
  signTypedData as referenceSignTypedData,
  SignTypedDataVersion,
  typedSignatureHash,
} from '@metamask/eth-sig-util'
import { checksumAddress, createWalletClient, custom, encodeDeployData, getAddress, type Hex } from 'viem'
import { rootstockTestnet } from 'viem/chains'
import { describe, expect, it } from 'vitest'
import { getArtifact } from '../../test/fixtures/contracts/index.js'
import { DEV_ACCOUNTS } from '../core/accounts/devAccounts.js'
import { createNode } from '../core/createNode.js'
import { createMemoryStore } from '../core/storage/memoryStore.js'
import { bytesToHex } from '../core/util/hex.js'
import type { NetworkId } from '../shared/protocol.js'
import { watchedAssetViews } from './assets.js'
import { hashTypedDataV1, parseTypedDataV1 } from './eip712.js'
import { encryptedMessageHex, encryptFor } from './encryption.js'
import { NodeRpcError } from './errors.js'
import { createMemoryWalletStore } from './store.js'
import { createWallet } from './wallet.js'

const ORIGIN = 'http://127.0.0.1:5173'
const COW = DEV_ACCOUNTS[0]!
const KEY = COW.privateKey.slice(2)
const OTHER = DEV_ACCOUNTS[1]!.address

async function setup() {
  // A node per network, opened on first use, as the background keeps them.
  const nodes = new Map<NetworkId, ReturnType<typeof createNode>>()
  let id = 0
  const callNodeOn = async (network: NetworkId, method: string, params: unknown[]) => {
    if (!nodes.has(network)) nodes.set(network, createNode({ network, storage: createMemoryStore() }))
    const node = await nodes.get(network)!
    const response = (await node.request({ jsonrpc: '2.0', id: ++id, method, params })) as {
      result?: unknown
      error?: { code: number; message: string; data?: unknown }
    }
    if (response.error) throw new NodeRpcError(response.error)
    return response.result
  }
  const callNode = async (method: string, params: unknown[]) =>
    callNodeOn(await wallet.network(), method, params)
  const store = createMemoryWalletStore()
  const wallet = createWallet({
    store,
    callNode,
    callNodeOn,
    onChainChanged: () => {},
    onAccountsChanged: () => {},
    now: () => 1_700_000_000_000,
    newId: () => crypto.randomUUID(),
  })
  /** A page's request: the wallet's answer, else the node's (as the background runs them). */
  const request = async (method: string, params?: unknown): Promise<unknown> => {
    const handled = await wallet.handle({ origin: ORIGIN }, method, params)
    if (handled.handled) return handled.result
    return callNode(method, (params as unknown[]) ?? [])
  }
  const outcome = (
    method: string,
    params?: unknown,
  ): Promise<{ result?: unknown; code?: number; message?: string }> =>
    request(method, params).then(
      (result) => ({ result }),
      (e: { code: number; message: string }) => ({ code: e.code, message: e.message }),
    )
  await request('eth_requestAccounts', [])
  return { wallet, store, request, outcome, callNode }
}

const MAIL_V4 = {
  types: {
    EIP712Domain: [
      { name: 'name', type: 'string' },
      { name: 'version', type: 'string' },
      { name: 'chainId', type: 'uint256' },
      { name: 'verifyingContract', type: 'address' },
    ],
    Person: [
      { name: 'name', type: 'string' },
      { name: 'wallets', type: 'address[]' },
    ],
    Mail: [
      { name: 'from', type: 'Person' },
      { name: 'to', type: 'Person[]' },
      { name: 'contents', type: 'string' },
      { name: 'attachment', type: 'bytes' },
      { name: 'amount', type: 'uint256' },
      { name: 'delta', type: 'int64' },
      { name: 'urgent', type: 'bool' },
      { name: 'tag', type: 'bytes4' },
    ],
  },
  primaryType: 'Mail',
  domain: {
    name: 'Ether Mail',
    version: '1',
    chainId: 31,
    // Mixed case that is no EIP-55 checksum: MetaMask signs it.
    verifyingContract: '0xCcCCccccCCCCcCCCCCCcCcCccCcCCCcCcccccccC',
  },
  message: {
    from: { name: 'Cow', wallets: ['0xcd2a3d9f938e13cd947ec05abc7fe734df8dd826'] },
    to: [
      {
        name: 'Bob',
        wallets: ['0xBbBbBBbbBBbbbbBbbbbBbBbbBBbBBbbBbbBbBBbB', '0x00000000000000000000000000000000000000aa'],
      },
    ],
    contents: 'Hello, Bob!',
    attachment: '0xababab',
    amount: '1000000000000000000',
    delta: -5,
    urgent: true,
    tag: '0x12345678',
  },
}

const MAIL_V3 = {
  types: {
    EIP712Domain: [
      { name: 'name', type: 'string' },
      { name: 'chainId', type: 'uint256' },
    ],
    Person: [
      { name: 'name', type: 'string' },
      { name: 'wallet', type: 'address' },
    ],
    Mail: [
      { name: 'from', type: 'Person' },
      { name: 'to', type: 'Person' },
      { name: 'contents', type: 'string' },
      // Absent from the message: v3 leaves it out of the encoding.
      { name: 'note', type: 'string' },
    ],
  },
  primaryType: 'Mail',
  domain: { name: 'Ether Mail', chainId: '0x1f' },
  message: {
    from: { name: 'Cow', wallet: '0xCD2a3d9F938E13CD947Ec05AbC7FE734Df8DD826' },
    to: { name: 'Bob', wallet: '0xbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbb' },
    contents: 'Hello, Bob!',
  },
}

const V1 = [
  { type: 'string', name: 'Message', value: 'Hi, Alice!' },
  { type: 'uint32', name: 'A number', value: '1337' },
  { type: 'uint256', name: 'Big', value: '0x10' },
  { type: 'int8', name: 'Negative', value: -3 },
  { type: 'bool', name: 'Yes', value: true },
  { type: 'address', name: 'Who', value: '0xCD2a3d9F938E13CD947Ec05AbC7FE734Df8DD826' },
  { type: 'bytes', name: 'Blob', value: '0xdeadbeef' },
  { type: 'bytes32', name: 'Word', value: '0x12' },
]

describe('typed data against @metamask/eth-sig-util', () => {
  it('hashes v1 as MetaMask does', () => {
    expect(bytesToHex(hashTypedDataV1(parseTypedDataV1(V1)))).toBe(typedSignatureHash(V1 as never))
    const single = [{ type: 'string', name: 'message', value: 'Hi' }]
    expect(bytesToHex(hashTypedDataV1(parseTypedDataV1(single)))).toBe(typedSignatureHash(single as never))
  })

  it('signs eth_signTypedData (v1) as MetaMask does, either parameter order', async () => {
    const { request } = await setup()
    const expected = referenceSignTypedData({
      privateKey: Buffer.from(KEY, 'hex'),
      data: V1 as never,
      version: SignTypedDataVersion.V1,
    })
    expect(await request('eth_signTypedData', [V1, COW.address])).toBe(expected)
    expect(await request('eth_signTypedData', [COW.address, V1])).toBe(expected)
  })

  it('signs eth_signTypedData_v3 as MetaMask does (a missing field left out, a checksummed address)', async () => {
    const { request } = await setup()
    const expected = referenceSignTypedData({
      privateKey: Buffer.from(KEY, 'hex'),
      data: MAIL_V3 as never,
      version: SignTypedDataVersion.V3,
    })
    expect(await request('eth_signTypedData_v3', [COW.address, JSON.stringify(MAIL_V3)])).toBe(expected)
  })

  it('signs eth_signTypedData_v4 as MetaMask does: arrays, nested structs, negative ints, non-checksummed mixed-case addresses', async () => {
    const { request } = await setup()
    const expected = referenceSignTypedData({
      privateKey: Buffer.from(KEY, 'hex'),
      data: MAIL_V4 as never,
      version: SignTypedDataVersion.V4,
    })
    expect(await request('eth_signTypedData_v4', [COW.address, JSON.stringify(MAIL_V4)])).toBe(expected)
    expect(await request('eth_signTypedData_v4', [COW.address, MAIL_V4])).toBe(expected)
  })

  it('refuses v3/v4 whose domain names another chain, as MetaMask does; v3 refuses arrays', async () => {
    const { outcome } = await setup()
    const other = { ...MAIL_V4, domain: { ...MAIL_V4.domain, chainId: 30 } }
    expect(await outcome('eth_signTypedData_v4', [COW.address, other])).toEqual({
      code: -32602,
      message: 'Provided chainId "30" must match the active chainId "31"',
    })
    expect((await outcome('eth_signTypedData_v3', [COW.address, MAIL_V4])).code).toBe(-32602)
  })
})

describe('personal_ecRecover, eth_getEncryptionPublicKey, eth_decrypt against @metamask/eth-sig-util', () => {
  it('recovers the signer of personal_sign, text or hex, as MetaMask does (lowercase)', async () => {
    const { request, outcome } = await setup()
    for (const data of ['hello world', '0x68656c6c6f']) {
      const signature = referencePersonalSign({ privateKey: Buffer.from(KEY, 'hex'), data })
      expect(await request('personal_ecRecover', [data, signature])).toBe(
        recoverPersonalSignature({ data, signature }),
      )
      expect(await request('personal_ecRecover', [data, signature])).toBe(COW.address)
    }
    const ours = (await request('personal_sign', ['0x68656c6c6f', COW.address])) as string
    expect(await request('personal_ecRecover', ['0x68656c6c6f', ours])).toBe(COW.address)
    expect((await outcome('personal_ecRecover', ['hi', '0x1234'])).code).toBe(-32602)
  })

  it('answers the encryption public key MetaMask derives, and decrypts what eth-sig-util encrypts', async () => {
    const { request, outcome } = await setup()
    const publicKey = (await request('eth_getEncryptionPublicKey', [COW.address])) as string
    expect(publicKey).toBe(referencePublicKey(KEY))
    const encrypted = referenceEncrypt({
      publicKey,
      data: 'a secret, ünïcödé',
      version: 'x25519-xsalsa20-poly1305',
    })
    const hex = bytesToHex(new TextEncoder().encode(JSON.stringify(encrypted)))
    expect(await request('eth_decrypt', [hex, COW.address])).toBe('a secret, ünïcödé')
    // Tampered ciphertext: MetaMask's words.
    const tampered = { ...encrypted, ciphertext: Buffer.from('nope-nope-nope-nope-nope').toString('base64') }
    expect(await outcome('eth_decrypt', [encryptedMessageHex(tampered), COW.address])).toEqual({
      code: -32602,
      message: 'Decryption failed.',
    })
    // An account not granted to the origin: 4100.
    expect((await outcome('eth_getEncryptionPublicKey', [OTHER])).code).toBe(4100)
  })

  it('encrypts in the same format eth-sig-util decrypts', () => {
    const message = encryptFor(
      referencePublicKey(KEY),
      'round trip',
      new Uint8Array(32).fill(7),
      new Uint8Array(24).fill(9),
    )
    expect(referenceDecrypt({ encryptedData: message, privateKey: KEY })).toBe('round trip')
  })
})

describe('EIP-5792 through viem', () => {
  const client = (request: (method: string, params?: unknown) => Promise<unknown>) =>
    createWalletClient({
      chain: rootstockTestnet,
      account: getAddress(COW.address),
      transport: custom({ request: ({ method, params }) => request(method, params) }),
    })

  it("answers Rootstock's capabilities: no atomic batches", async () => {
    const { request } = await setup()
    const capabilities = await client(request).getCapabilities({ account: getAddress(COW.address) })
    expect(capabilities).toEqual({
      30: { atomic: { status: 'unsupported' } },
      31: { atomic: { status: 'unsupported' } },
      33: { atomic: { status: 'unsupported' } },
    })
    expect(await client(request).getCapabilities({ account: getAddress(COW.address), chainId: 31 })).toEqual({
      atomic: { status: 'unsupported' },
    })
  })

  it('sends the calls one after another and reports one receipt per call', async () => {
    const { request, outcome } = await setup()
    const wallet = client(request)
    const { id } = await wallet.sendCalls({
      calls: [
        { to: '0x00000000000000000000000000000000000000aa', value: 1000n },
        { to: '0x00000000000000000000000000000000000000bb', value: 2000n, data: '0x' },
      ],
    })
    expect(id).toMatch(/^0x[0-9a-f]{64}$/)
    const status = await wallet.getCallsStatus({ id })
    expect(status).toMatchObject({ id, atomic: false, chainId: 31, status: 'success', statusCode: 200 })
    expect(status.receipts).toHaveLength(2)
    expect(status.receipts?.map((r) => r.status)).toEqual(['success', 'success'])
    expect(await request('eth_getBalance', ['0x00000000000000000000000000000000000000bb', 'latest'])).toBe(
      '0x7d0',
    )
    await wallet.showCallsStatus({ id })
    // The raw answer, as EIP-5792 words it.
    expect(await request('wallet_getCallsStatus', [id])).toMatchObject({
      version: '2.0.0',
      chainId: '0x1f',
      status: 200,
    })
    expect((await outcome('wallet_getCallsStatus', ['0x1234'])).code).toBe(5730)
    expect((await outcome('wallet_showCallsStatus', ['nope'])).code).toBe(5730)
  })

  it("reports a batch's receipts from the chain it was sent on, after a switch to another", async () => {
    const { request } = await setup()
    const { id } = (await request('wallet_sendCalls', [
      {
        version: '2.0.0',
        chainId: '0x1f',
        from: COW.address,
        atomicRequired: false,
        calls: [{ to: OTHER, value: '0x1' }],
      },
    ])) as { id: string }
    await request('wallet_switchEthereumChain', [{ chainId: '0x21' }])
    expect(await request('wallet_getCallsStatus', [id])).toMatchObject({ chainId: '0x1f', status: 200 })
  })

  it('refuses what Rootstock cannot do with the EIP-5792 codes', async () => {
    const { outcome } = await setup()
    const base = {
      version: '2.0.0',
      chainId: '0x1f',
      from: COW.address,
      atomicRequired: false,
      calls: [{ to: OTHER }],
    }
    expect((await outcome('wallet_sendCalls', [{ ...base, atomicRequired: true }])).code).toBe(5760)
    expect((await outcome('wallet_sendCalls', [{ ...base, chainId: '0x1' }])).code).toBe(5710)
    expect(
      (await outcome('wallet_sendCalls', [{ ...base, capabilities: { paymasterService: { url: 'x' } } }]))
        .code,
    ).toBe(5700)
    expect(
      (
        await outcome('wallet_sendCalls', [
          { ...base, capabilities: { paymasterService: { url: 'x', optional: true } } },
        ])
      ).result,
    ).toMatchObject({ id: expect.any(String) })
    await outcome('wallet_sendCalls', [{ ...base, id: 'mine' }])
    expect((await outcome('wallet_sendCalls', [{ ...base, id: 'mine' }])).code).toBe(5720)
    expect((await outcome('wallet_sendCalls', [{ ...base, from: OTHER }])).code).toBe(4100)
  })
})

describe('wallet_watchAsset (EIP-747)', () => {
  const token = getArtifact('TestTokenParis')
  /** Runtime code that answers one 32-byte word to any call: ownerOf / balanceOf of a stub NFT. */
  const answering = (word: string) => `0x7f${word.replace(/^0x/, '').padStart(64, '0')}60005260206000f3`

  async function deployToken(request: (m: string, p?: unknown) => Promise<unknown>) {
    const data = encodeDeployData({
      abi: token.abi,
      bytecode: token.bytecode,
      args: ['Test', 'TST', 5n * 10n ** 18n],
    })
    const hash = await request('eth_sendTransaction', [{ from: COW.address, data }])
    const receipt = (await request('eth_getTransactionReceipt', [hash])) as { contractAddress: string }
    return receipt.contractAddress
  }

  it('takes an object (not a positional array), reads symbol and decimals from the token, and lists it with its balance', async () => {
    const { request, wallet, callNode } = await setup()
    const address = await deployToken(request)
    expect(await request('wallet_watchAsset', { type: 'ERC20', options: { address } })).toBe(true)
    expect(
      await request('wallet_watchAsset', [
        { type: 'ERC20', options: { address, symbol: 'TST', decimals: 18 } },
      ]),
    ).toBe(true)
    const views = await watchedAssetViews(wallet.store, 'testnet', callNode)
    expect(views).toEqual([
      expect.objectContaining({
        type: 'ERC20',
        address,
        symbol: 'TST',
        decimals: 18,
        balance: '5000000000000000000',
        formatted: '5',
      }),
    ])
  })

  it('checks ERC-721 ownership and ERC-1155 balance as MetaMask does', async () => {
    const { request, outcome, wallet, callNode } = await setup()
    const nft = '0x0000000000000000000000000000000000000721'
    const multi = '0x0000000000000000000000000000000000001155'
    await request('anvil_setCode', [nft, answering(COW.address)])
    await request('anvil_setCode', [multi, answering('0x3')])
    expect(
      await request('wallet_watchAsset', { type: 'ERC721', options: { address: nft, tokenId: '7' } }),
    ).toBe(true)
    expect(
      await request('wallet_watchAsset', { type: 'ERC1155', options: { address: multi, tokenId: '0x1' } }),
    ).toBe(true)
    await request('anvil_setCode', [nft, answering(OTHER)])
    expect(
      (await outcome('wallet_watchAsset', { type: 'ERC721', options: { address: nft, tokenId: '8' } })).code,
    ).toBe(-32602)
    const views = await watchedAssetViews(wallet.store, 'testnet', callNode)
    expect(views.map((v) => [v.type, v.tokenId, v.balance])).toEqual([
      ['ERC1155', '1', '3'],
      ['ERC721', '7', '0'],
    ])
  })

  it("answers bad requests with -32602 in MetaMask's words", async () => {
    const { outcome } = await setup()
    expect(await outcome('wallet_watchAsset', { type: 'ERC777', options: { address: OTHER } })).toMatchObject(
      { code: -32602 },
    )
    expect(await outcome('wallet_watchAsset', { type: 'ERC20', options: { address: '0x12' } })).toEqual({
      code: -32602,
      message: 'Invalid address "0x12".',
    })
    expect(
      await outcome('wallet_watchAsset', {
        type: 'ERC20',
        options: { address: OTHER, symbol: 'TOOLONGSYMBOL', decimals: 18 },
      }),
    ).toEqual({ code: -32602, message: 'Invalid symbol "TOOLONGSYMBOL": longer than 11 characters.' })
    expect(
      (
        await outcome('wallet_watchAsset', {
          type: 'ERC20',
          options: { address: OTHER, symbol: 'X', decimals: 37 },
        })
      ).code,
    ).toBe(-32602)
  })
})

describe('addresses in any case, as MetaMask accepts them', () => {
  it('takes EIP-1191 (chain 31), EIP-55, upper and lower case in transactions, typed data, assets and batches', async () => {
    const { request } = await setup()
    const to = '0x00000000000000000000000000000000000000aB'.toLowerCase()
    const forms = [
      checksumAddress(COW.address as Hex, 31),
      getAddress(COW.address),
      `0x${COW.address.slice(2).toUpperCase()}`,
    ]
    expect(forms[0]).not.toBe(forms[1])
    for (const from of forms) {
      const hash = await request('eth_sendTransaction', [
        { from, to: checksumAddress(to as Hex, 31), value: '0x1' },
      ])
      expect(await request('eth_getTransactionByHash', [hash])).toMatchObject({ from: COW.address, to })
      expect(await request('personal_sign', ['0x01', from])).toMatch(/^0x[0-9a-f]{130}$/)
      const typed = { ...MAIL_V4, message: { ...MAIL_V4.message, from: { name: 'x', wallets: [from] } } }
      expect(await request('eth_signTypedData_v4', [from, typed])).toBe(
        referenceSignTypedData({
          privateKey: Buffer.from(KEY, 'hex'),
          data: typed as never,
          version: SignTypedDataVersion.V4,
        }),
      )
      expect(await request('wallet_getCapabilities', [from, ['0x1f']])).toEqual({
        '0x1f': { atomic: { status: 'unsupported' } },
      })
    }
  })
})
