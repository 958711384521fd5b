/**
 * The accounts every network's genesis funds, so that both Rootstock and Hardhat habits work:
 * RSKj's ten regtest "cow" accounts (private key = keccak256("cow"), keccak256("cow1") …) and the
 * first ten accounts of the well-known development mnemonic
 * `test test test test test test test test test test test junk` (m/44'/60'/0'/0/i).
 *
 * Keys are listed rather than derived at start-up: BIP-39 seed stretching costs tens of
 * milliseconds, and the worker must answer its first request fast. `devAccounts.test.ts`
 * derives every entry again and fails if one is wrong.
 */
import type { Address, Hex } from '../util/hex.js'

export interface DevAccount {
  address: Address
  privateKey: Hex
  /** How the key is obtained: `keccak256("cow")` or a derivation path of the dev mnemonic. */
  origin: string
}

export const DEV_MNEMONIC = 'test test test test test test test test test test test junk'

const COW_KEYS: ReadonlyArray<readonly [string, Address, Hex]> = [
  [
    'cow',
    '0xcd2a3d9f938e13cd947ec05abc7fe734df8dd826',
    '0xc85ef7d79691fe79573b1a7064c19c1a9819ebdbd1faaab1a8ec92344438aaf4',
  ],
  [
    'cow1',
    '0x7986b3df570230288501eea3d890bd66948c9b79',
    '0x0c06818f82e04c564290b32ab86b25676731fc34e9a546108bf109194c8e3aae',
  ],
  [
    'cow2',
    '0x0a3aa774752ec2042c46548456c094a76c7f3a79',
    '0x88fcad7d65de4bf854b88191df9bf38648545e7e5ea367dff6e025b06a28244d',
  ],
  [
    'cow3',
    '0xcf7cdbbb5f7ba79d3ffe74a0bba13fc0295f6036',
    '0x1786958bf8781c0047f94c9bd7e39402cdadebef6f8faca6b503b991814f5e75',
  ],
  [
    'cow4',
    '0x39b12c05e8503356e3a7df0b7b33efa4c054c409',
    '0x3927ff59ac5da854e7633682792aae26e8f83b515c3c6dc7520b5733d4588b8a',
  ],
  [
    'cow5',
    '0xc354d97642faa06781b76ffb6786f72cd7746c97',
    '0x20e4a6381bd3826a14f8da63653d94e7102b38eb5f929c7a94652f41fa7ba323',
  ],
  [
    'cow6',
    '0xdebe71e1de41fc77c44df4b6db940026e31b0e71',
    '0xc1783a9a8222e47778911c58bb5aac1343eb425159ff140799e0a283bfb8fa16',
  ],
  [
    'cow7',
    '0x7857288e171c6159c5576d1bd9ac40c0c48a771c',
    '0xe88b7bfb0b3ffe2245e3293e20901022ea01ebc19898dfe468289c9a07672627',
  ],
  [
    'cow8',
    '0xa4dea4d5c954f5fd9e87f0e9752911e83a3d18b3',
    '0xd77b8a342be95c5c31fa85c20450b424663c4fb4a499cfc80c202c592c85c219',
  ],
  [
    'cow9',
    '0x09a1eda29f664ac8f68106f6567276df0c65d859',
    '0x082f57b8084286a079aeb9f2d0e17e565ced44a2cb9ce4844e6d4b9d89f3f595',
  ],
]

const MNEMONIC_KEYS: ReadonlyArray<readonly [string, Address, Hex]> = [
  [
    "m/44'/60'/0'/0/0",
    '0xf39fd6e51aad88f6f4ce6ab8827279cfffb92266',
    '0xac0974bec39a17e36ba4a6b4d238ff944bacb478cbed5efcae784d7bf4f2ff80',
  ],
  [
    "m/44'/60'/0'/0/1",
    '0x70997970c51812dc3a010c7d01b50e0d17dc79c8',
    '0x59c6995e998f97a5a0044966f0945389dc9e86dae88c7a8412f4603b6b78690d',
  ],
  [
    "m/44'/60'/0'/0/2",
    '0x3c44cdddb6a900fa2b585dd299e03d12fa4293bc',
    '0x5de4111afa1a4b94908f83103eb1f1706367c2e68ca870fc3fb9a804cdab365a',
  ],
  [
    "m/44'/60'/0'/0/3",
    '0x90f79bf6eb2c4f870365e785982e1f101e93b906',
    '0x7c852118294e51e653712a81e05800f419141751be58f605c371e15141b007a6',
  ],
  [
    "m/44'/60'/0'/0/4",
    '0x15d34aaf54267db7d7c367839aaf71a00a2c6a65',
    '0x47e179ec197488593b187f80a00eb0da91f1b9d0b13f8733639f19c30a34926a',
  ],
  [
    "m/44'/60'/0'/0/5",
    '0x9965507d1a55bcc2695c58ba16fb37d819b0a4dc',
    '0x8b3a350cf5c34c9194ca85829a2df0ec3153be0318b5e2d3348e872092edffba',
  ],
  [
    "m/44'/60'/0'/0/6",
    '0x976ea74026e726554db657fa54763abd0c3a0aa9',
    '0x92db14e403b83dfe3df233f83dfa3a0d7096f21ca9b0d6d6b8d88b2b4ec1564e',
  ],
  [
    "m/44'/60'/0'/0/7",
    '0x14dc79964da2c08b23698b3d3cc7ca32193d9955',
    '0x4bbbf85ce3377467afe5d46f804f221813b2bb87f24d81f60f1fcdbf7cbf4356',
  ],
  [
    "m/44'/60'/0'/0/8",
    '0x23618e81e3f5cdf7f54c3d65f7fbc0abf5b21e8f',
    '0xdbda1821b80551c9d65939329250298aa3472ba22feea921c0cf5d620ea67b97',
  ],
  [
    "m/44'/60'/0'/0/9",
    '0xa0ee7a142d267c1f36714e4a8f75612f20a79720',
    '0x2a871d0798f97d79848a013d4936a73bf4cc922c825d33c1cf7073dff6d409c6',
  ],
]

/** RSKj's regtest cow accounts, in RSKj's wallet order (`eth_accounts` in the rskj profile). */
export const COW_ACCOUNTS: readonly DevAccount[] = COW_KEYS.map(([seed, address, privateKey]) => ({
  address,
  privateKey,
  origin: `keccak256("${seed}")`,
}))

/** The first ten accounts of the development mnemonic (Hardhat's and Anvil's defaults). */
export const MNEMONIC_ACCOUNTS: readonly DevAccount[] = MNEMONIC_KEYS.map(([path, address, privateKey]) => ({
  address,
  privateKey,
  origin: path,
}))

/** Every funded development account: cow accounts first, as RSKj lists them. */
export const DEV_ACCOUNTS: readonly DevAccount[] = [...COW_ACCOUNTS, ...MNEMONIC_ACCOUNTS]

/** Each cow account holds 10^30 wei in RSKj's rsk-dev.json genesis. */
export const COW_BALANCE = 10n ** 30n
/** Each mnemonic account starts with 10,000 RBTC, as Hardhat and Anvil fund theirs. */
export const MNEMONIC_BALANCE = 10_000n * 10n ** 18n
/** The Bridge holds the 21 million RBTC that can ever be pegged in. */
export const BRIDGE_BALANCE = 21_000_000n * 10n ** 18n
/** RSKj regtest miner coinbase: key keccak256("regtest_miner_secret_please_change"). */
export const REGTEST_MINER_COINBASE = '0xec4ddeb4380ad69b3e509baad9f158cdf4e4681d' as Address
