/**
 * fast-check generators of the wallet methods' parameters (src/wallet): for each method, values
 * of the shape it takes (the granted account in any case, typed data of each version with fields
 * mutated, transaction objects with every field drawn, encrypted messages, assets, EIP-5792
 * batches), mixed with the adversarial values of the node's fuzzer (wrong types, hostile objects,
 * odd hex, deep nesting), and params sent as an object, an array or nothing.
 */
import fc from 'fast-check'
import { adversarial, hexDigits } from './requestArbitraries.js'

export const WALLET_FUZZ_METHODS = [
  'eth_accounts',
  'eth_requestAccounts',
  'wallet_requestPermissions',
  'wallet_getPermissions',
  'wallet_revokePermissions',
  'eth_sendTransaction',
  'eth_signTransaction',
  'personal_sign',
  'eth_sign',
  'eth_signTypedData',
  'eth_signTypedData_v3',
  'eth_signTypedData_v4',
  'personal_ecRecover',
  'eth_getEncryptionPublicKey',
  'eth_decrypt',
  'wallet_switchEthereumChain',
  'wallet_addEthereumChain',
  'wallet_watchAsset',
  'wallet_getCapabilities',
  'wallet_sendCalls',
  'wallet_getCallsStatus',
  'wallet_showCallsStatus',
] as const

const hex = (min: number, max: number) => hexDigits({ minLength: min, maxLength: max }).map((h) => `0x${h}`)

export function walletRequestArbitrary(
  account: string,
  other: string,
): fc.Arbitrary<{ method: string; params?: unknown }> {
  const mostly = <T>(good: fc.Arbitrary<T>) =>
    fc.oneof({ weight: 8, arbitrary: good }, { weight: 1, arbitrary: adversarial })
  const address = fc.oneof(
    { weight: 12, arbitrary: fc.constantFrom(account, `0x${account.slice(2).toUpperCase()}`) },
    { weight: 1, arbitrary: fc.constant(other) },
    { weight: 2, arbitrary: hex(40, 40) },
    { weight: 1, arbitrary: hex(0, 44) },
    { weight: 1, arbitrary: adversarial },
  )
  const quantity = fc.oneof(
    { weight: 4, arbitrary: hex(1, 6) },
    {
      weight: 2,
      arbitrary: fc.constantFrom('0x0', '0x1', '0x2', '0x5', '0x76', `0x${'f'.repeat(70)}`, '1', '-1', ''),
    },
    { weight: 1, arbitrary: fc.integer({ min: -3, max: 100 }) },
    { weight: 1, arbitrary: adversarial },
  )
  const value = quantity
  const tx = fc.record(
    {
      from: address,
      to: fc.oneof(address, fc.constant(null)),
      value: mostly(hex(1, 4)),
      data: fc.oneof(hex(0, 12), fc.constantFrom('0xfe', '0x', '0x6000'), adversarial),
      gas: fc.oneof(
        { weight: 3, arbitrary: fc.constantFrom('0x5208', '0x10000') },
        { weight: 1, arbitrary: value },
      ),
      gasPrice: value,
      maxFeePerGas: value,
      nonce: value,
      chainId: fc.oneof(fc.constantFrom('0x1f', '0x1e', '0x21'), value),
      type: fc.oneof(
        { weight: 4, arbitrary: fc.constantFrom('0x0', '0x1', '0x2', 0, 2) },
        { weight: 1, arbitrary: fc.constantFrom('0x3', '0x4', '0x5', '0x76', 118) },
        { weight: 1, arbitrary: adversarial },
      ),
      calls: adversarial,
    },
    { requiredKeys: ['from', 'value'] },
  )
  // A valid transfer with one field drawn: reaches filling, signing and the node.
  const oneFieldTx = fc
    .tuple(
      tx,
      fc.constantFrom('to', 'value', 'data', 'gas', 'gasPrice', 'maxFeePerGas', 'chainId', 'type', 'nonce'),
    )
    .map(([drawn, key]) => {
      const base: Record<string, unknown> = { from: account, to: other, value: '0x1' }
      const field = (drawn as Record<string, unknown>)[key]
      if (field !== undefined) base[key] = field
      return base
    })
  const anyTx = fc.oneof({ weight: 3, arbitrary: oneFieldTx }, { weight: 1, arbitrary: tx })
  const fieldType = fc.constantFrom(
    'string',
    'uint256',
    'uint8',
    'int64',
    'address',
    'bool',
    'bytes',
    'bytes4',
    'bytes32',
    'uint256[]',
    'address[2]',
    'Person',
    'Person[]',
    'uint7',
    'bytes33',
    'nope',
  )
  const fieldValue = fc.oneof(
    fc.string(),
    fc.integer(),
    fc.boolean(),
    hex(0, 66),
    address,
    fc.array(fc.oneof(fc.integer(), hex(0, 40)), { maxLength: 3 }),
    fc.record({ name: fc.string(), wallet: address }),
    adversarial,
  )
  const typedData = fc.record(
    {
      types: fc.oneof(
        fc.record({
          EIP712Domain: fc.constant([
            { name: 'name', type: 'string' },
            { name: 'chainId', type: 'uint256' },
          ]),
          Person: fc.constant([
            { name: 'name', type: 'string' },
            { name: 'wallet', type: 'address' },
          ]),
          Mail: fc.array(fc.record({ name: fc.constantFrom('a', 'b', 'c'), type: fieldType }), {
            maxLength: 3,
          }),
        }),
        adversarial,
      ),
      primaryType: fc.oneof(fc.constantFrom('Mail', 'Person', 'EIP712Domain', 'Missing'), adversarial),
      domain: fc.oneof(
        fc.record(
          { name: fc.string(), chainId: fc.oneof(fc.constantFrom(31, '0x1f', '31', 30), value) },
          { requiredKeys: [] },
        ),
        adversarial,
      ),
      message: fc.oneof(
        fc.record({ a: fieldValue, b: fieldValue, c: fieldValue }, { requiredKeys: [] }),
        adversarial,
      ),
    },
    { requiredKeys: [] },
  )
  // Mostly valid v3/v4 data, one field drawn at a time: reaches the encoder and the signature.
  const validTyped = fc
    .record({
      contents: fc.oneof(fc.string(), fc.integer()),
      amount: fc.oneof(fc.bigInt({ min: -5n, max: 2n ** 257n }).map(String), hex(1, 66), fc.integer()),
      to: address,
      tags: fc.array(hex(0, 10), { maxLength: 3 }),
      chainId: fc.constantFrom(31, '31', '0x1f', 30, undefined),
    })
    .map(({ contents, amount, to, tags, chainId }) => ({
      types: {
        EIP712Domain: [
          { name: 'name', type: 'string' },
          { name: 'chainId', type: 'uint256' },
        ],
        Mail: [
          { name: 'contents', type: 'string' },
          { name: 'amount', type: 'uint256' },
          { name: 'to', type: 'address' },
          { name: 'tags', type: 'bytes[]' },
        ],
      },
      primaryType: 'Mail',
      domain: chainId === undefined ? { name: 'x' } : { name: 'x', chainId },
      message: { contents, amount, to, tags },
    }))
  const typedV1 = fc.oneof(
    fc.array(fc.record({ type: fieldType, name: fc.oneof(fc.string(), adversarial), value: fieldValue }), {
      maxLength: 4,
    }),
    adversarial,
  )
  const maybeJson = <T>(arb: fc.Arbitrary<T>) =>
    fc.oneof(
      arb,
      arb.map((v) => {
        try {
          return JSON.stringify(v) ?? v
        } catch {
          return v
        }
      }),
    )
  const encrypted = fc.oneof(
    fc
      .record(
        {
          version: fc.oneof(fc.constant('x25519-xsalsa20-poly1305'), adversarial),
          nonce: fc.oneof(fc.base64String(), adversarial),
          ephemPublicKey: fc.oneof(fc.base64String(), adversarial),
          ciphertext: fc.oneof(fc.base64String(), adversarial),
        },
        { requiredKeys: [] },
      )
      .map((m) => `0x${Buffer.from(JSON.stringify(m) ?? '').toString('hex')}`),
    hex(0, 40),
    adversarial,
  )
  const asset = fc.record(
    {
      type: fc.oneof(fc.constantFrom('ERC20', 'ERC721', 'ERC1155', 'ERC777'), adversarial),
      options: fc.oneof(
        fc.record(
          {
            address: address,
            symbol: fc.oneof(fc.string({ maxLength: 14 }), adversarial),
            decimals: fc.oneof(fc.integer({ min: -2, max: 40 }), fc.constantFrom('18', 'x'), adversarial),
            image: fc.oneof(fc.string(), adversarial),
            tokenId: fc.oneof(
              fc.constantFrom('1', '0x1', '-1', 'x', '9'.repeat(90)),
              fc.integer(),
              adversarial,
            ),
          },
          { requiredKeys: [] },
        ),
        adversarial,
      ),
    },
    { requiredKeys: [] },
  )
  const validBatch = fc
    .tuple(fc.array(oneFieldTx, { minLength: 1, maxLength: 3 }), fc.constantFrom(undefined, 'x', '0x01'))
    .map(([calls, id]) => ({
      version: '2.0.0',
      chainId: '0x1f',
      from: account,
      atomicRequired: false,
      calls: calls.map(({ from: _from, ...call }) => call),
      ...(id !== undefined && { id }),
    }))
  const batch0 = fc.record(
    {
      version: fc.oneof(fc.constant('2.0.0'), adversarial),
      id: fc.oneof(fc.string({ maxLength: 10 }), adversarial),
      chainId: fc.oneof(fc.constantFrom('0x1f', '0x1e', '0x1', `0x${'f'.repeat(70)}`), adversarial),
      from: address,
      atomicRequired: fc.oneof(fc.boolean(), adversarial),
      calls: fc.oneof(fc.array(fc.oneof(oneFieldTx, adversarial), { maxLength: 3 }), adversarial),
      capabilities: fc.oneof(fc.constant({ x: { optional: true } }), fc.constant({ y: {} }), adversarial),
    },
    { requiredKeys: [] },
  )
  const byMethod: Record<string, fc.Arbitrary<unknown[]>> = {
    eth_sendTransaction: fc.tuple(anyTx),
    eth_signTransaction: fc.tuple(anyTx),
    personal_sign: fc.tuple(fc.oneof(fc.string(), hex(0, 20), adversarial), address),
    eth_sign: fc.tuple(address, fc.oneof(fc.string(), hex(0, 20), adversarial)),
    eth_signTypedData: fc.tuple(maybeJson(typedV1), address),
    eth_signTypedData_v3: fc.tuple(address, maybeJson(fc.oneof(typedData, validTyped))),
    eth_signTypedData_v4: fc.tuple(address, maybeJson(fc.oneof(typedData, validTyped))),
    personal_ecRecover: fc.tuple(
      fc.oneof(fc.string(), hex(0, 20), adversarial),
      fc.oneof(hex(130, 130), hex(0, 140), adversarial),
    ),
    eth_getEncryptionPublicKey: fc.tuple(address),
    eth_decrypt: fc.tuple(encrypted, address),
    wallet_switchEthereumChain: fc.tuple(fc.oneof(fc.record({ chainId: quantity }), adversarial)),
    wallet_addEthereumChain: fc.tuple(fc.oneof(fc.record({ chainId: quantity }), adversarial)),
    wallet_requestPermissions: fc.tuple(fc.oneof(fc.constant({ eth_accounts: {} }), adversarial)),
    wallet_revokePermissions: fc.tuple(fc.oneof(fc.constant({ eth_accounts: {} }), adversarial)),
    wallet_watchAsset: fc.tuple(asset),
    wallet_getCapabilities: fc.tuple(address, fc.oneof(fc.array(quantity, { maxLength: 3 }), adversarial)),
    wallet_sendCalls: fc.tuple(fc.oneof(validBatch, batch0)),
    wallet_getCallsStatus: fc.tuple(fc.oneof(fc.string({ maxLength: 70 }), hex(64, 64), adversarial)),
    wallet_showCallsStatus: fc.tuple(fc.oneof(fc.string({ maxLength: 70 }), adversarial)),
  }
  return fc.constantFrom(...WALLET_FUZZ_METHODS).chain((method) => {
    const shaped = byMethod[method] ?? fc.array(adversarial, { maxLength: 2 })
    return fc.oneof(
      // The method's shape, positional.
      { weight: 6, arbitrary: shaped.map((params) => ({ method, params })) },
      // Its first parameter as the params object itself (wallet_watchAsset's form; others get it too).
      { weight: 2, arbitrary: shaped.map((params) => ({ method, params: params[0] })) },
      // No params, or a wrong number of adversarial ones.
      { weight: 1, arbitrary: fc.constant({ method }) },
      { weight: 1, arbitrary: fc.array(adversarial, { maxLength: 3 }).map((params) => ({ method, params })) },
    )
  })
}
