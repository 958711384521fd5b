/** Every method the bitcoind-compatible RPC serves, by name. */
import type { BitcoindMethod } from '../context.js'
import { getchaintips, getconnectioncount, getdifficulty, getmininginfo } from './chainInfo.js'
import { createmultisig } from './createmultisig.js'
import { createrawtransaction } from './createrawtransaction.js'
import { decoderawtransaction } from './decoderawtransaction.js'
import { dumpprivkey } from './dumpprivkey.js'
import { estimatesmartfee } from './estimatesmartfee.js'
import { fundrawtransaction } from './fundrawtransaction.js'
import { generate } from './generate.js'
import { generatetoaddress } from './generatetoaddress.js'
import { getaddressinfo } from './getaddressinfo.js'
import { getbalance } from './getbalance.js'
import { getbestblockhash } from './getbestblockhash.js'
import { getblock } from './getblock.js'
import { getblockchaininfo } from './getblockchaininfo.js'
import { getblockcount } from './getblockcount.js'
import { getblockhash } from './getblockhash.js'
import { getblockheader } from './getblockheader.js'
import { getdescriptorinfo } from './getdescriptorinfo.js'
import { getmempoolinfo } from './getmempoolinfo.js'
import { getnetworkinfo } from './getnetworkinfo.js'
import { getnewaddress } from './getnewaddress.js'
import { getrawchangeaddress } from './getrawchangeaddress.js'
import { getrawmempool } from './getrawmempool.js'
import { getrawtransaction } from './getrawtransaction.js'
import { gettransaction } from './gettransaction.js'
import { gettxout } from './gettxout.js'
import { gettxoutproof } from './gettxoutproof.js'
import { importprivkey } from './importprivkey.js'
import { listunspent } from './listunspent.js'
import { ping } from './ping.js'
import { scantxoutset } from './scantxoutset.js'
import { sendmany } from './sendmany.js'
import { sendrawtransaction } from './sendrawtransaction.js'
import { sendtoaddress } from './sendtoaddress.js'
import { signrawtransactionwithkey } from './signrawtransactionwithkey.js'
import { signrawtransactionwithwallet } from './signrawtransactionwithwallet.js'
import { validateaddress } from './validateaddress.js'
import { verifytxoutproof } from './verifytxoutproof.js'
import { createwallet, getwalletinfo, listwallets, loadwallet } from './walletInfo.js'

export const BITCOIND_METHODS: ReadonlyMap<string, BitcoindMethod> = new Map(
  [
    createmultisig,
    createrawtransaction,
    createwallet,
    decoderawtransaction,
    dumpprivkey,
    estimatesmartfee,
    fundrawtransaction,
    generate,
    generatetoaddress,
    getaddressinfo,
    getbalance,
    getbestblockhash,
    getblock,
    getblockchaininfo,
    getblockcount,
    getblockhash,
    getblockheader,
    getchaintips,
    getconnectioncount,
    getdescriptorinfo,
    getdifficulty,
    getmempoolinfo,
    getmininginfo,
    getnetworkinfo,
    getnewaddress,
    getrawchangeaddress,
    getrawmempool,
    getrawtransaction,
    gettransaction,
    gettxout,
    gettxoutproof,
    getwalletinfo,
    importprivkey,
    listunspent,
    listwallets,
    loadwallet,
    ping,
    scantxoutset,
    sendmany,
    sendrawtransaction,
    sendtoaddress,
    signrawtransactionwithkey,
    signrawtransactionwithwallet,
    validateaddress,
    verifytxoutproof,
  ].map((method) => [method.name, method]),
)
