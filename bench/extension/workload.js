// The page side of the extension bench: the same workloads on any EIP-1193 provider (the
// extension's injected one, or Ganache's browser build running in the page). A classic script:
// run.mjs injects it with addScriptTag and calls window.benchWorkload(provider, options);
// unattached.mjs loads it in its page.
window.benchWorkload = async (eth, { requests, transactions, sustained = 0, bytecode, recipient }) => {
  const stats = (samples) => {
    const s = [...samples].sort((a, b) => a - b)
    const at = (q) => s[Math.min(s.length - 1, Math.floor(q * s.length))]
    // The mean as well: page timers are coarsened to 0.1 ms, which the median cannot see through.
    const meanMs = s.reduce((sum, x) => sum + x, 0) / s.length
    return { n: s.length, medianMs: at(0.5), meanMs, p90Ms: at(0.9), p99Ms: at(0.99), maxMs: s[s.length - 1] }
  }
  const time = async (method, params, n) => {
    for (let i = 0; i < 50; i++) await eth.request({ method, params })
    const samples = []
    for (let i = 0; i < n; i++) {
      const t0 = performance.now()
      await eth.request({ method, params })
      samples.push(performance.now() - t0)
    }
    return stats(samples)
  }
  const perSecond = async (n, inFlight, one) => {
    const t0 = performance.now()
    let next = 0
    await Promise.all(
      Array.from({ length: inFlight }, async () => {
        while (next < n) await one(next++)
      }),
    )
    return n / ((performance.now() - t0) / 1000)
  }
  const [from] = await eth
    .request({ method: 'eth_requestAccounts' })
    .catch(() => eth.request({ method: 'eth_accounts' }))
  const supply = (10n ** 24n).toString(16).padStart(64, '0')
  const deployHash = await eth.request({
    method: 'eth_sendTransaction',
    params: [{ from, data: bytecode + supply, gas: '0x2dc6c0' }],
  })
  const receipt = await eth.request({ method: 'eth_getTransactionReceipt', params: [deployHash] })
  const balanceOf = { to: receipt.contractAddress, data: `0x70a08231${from.slice(2).padStart(64, '0')}` }
  const out = {}
  out.blockNumber = await time('eth_blockNumber', [], requests)
  out.balanceOf = await time('eth_call', [balanceOf, 'latest'], requests)
  const transfer = { from, to: recipient, value: '0x1' }
  const send = () => eth.request({ method: 'eth_sendTransaction', params: [transfer] })
  out.sequentialTxPerSecond = await perSecond(transactions, 1, send)
  out.concurrent8TxPerSecond = await perSecond(transactions, 8, send)
  // W4's shape: transactions signed beforehand, then eth_sendRawTransaction one after another.
  const nonce = BigInt(await eth.request({ method: 'eth_getTransactionCount', params: [from, 'pending'] }))
  const gasPrice = await eth.request({ method: 'eth_gasPrice' })
  const raw = []
  for (let i = 0n; i < BigInt(transactions); i++)
    raw.push(
      await eth.request({
        method: 'eth_signTransaction',
        params: [{ ...transfer, nonce: `0x${(nonce + i).toString(16)}`, gas: '0x5208', gasPrice }],
      }),
    )
  out.sequentialRawTxPerSecond = await perSecond(transactions, 1, (i) =>
    eth.request({ method: 'eth_sendRawTransaction', params: [raw[i]] }),
  )
  // A long run past any write-behind backlog: what a stream of transactions keeps up.
  if (sustained > 0) out.sustainedTxPerSecond = await window.benchSustained(eth, { sustained, recipient })
  out.blocks = Number(await eth.request({ method: 'eth_blockNumber' }))
  return out
}

// The sustained run alone (run.mjs reads the processes' CPU time around it): after a second's pause
// (the backlog of the runs before is compacted), `sustained` sequential eth_sendTransaction.
window.benchSustained = async (eth, { sustained, recipient }) => {
  const [from] = await eth.request({ method: 'eth_accounts' })
  await new Promise((done) => setTimeout(done, 1000))
  const transfer = { from, to: recipient, value: '0x1' }
  const t0 = performance.now()
  for (let i = 0; i < sustained; i++) await eth.request({ method: 'eth_sendTransaction', params: [transfer] })
  return sustained / ((performance.now() - t0) / 1000)
}

// The floor of a persisted transaction, and the message round trip it adds: `rskdevnode_ping`
// timed `n` times, then one IndexedDB readwrite transaction with one put of a block-sized record
// ('relaxed', as the chains are written), committed, from the same origin type of storage the
// worker uses. Messaging plus the commit is what any design that answers only after its block is
// durable pays per sequential transaction, before any node work.
window.benchFloor = async (eth, n) => {
  const stats = (samples) => {
    const s = [...samples].sort((a, b) => a - b)
    const at = (q) => s[Math.min(s.length - 1, Math.floor(q * s.length))]
    const meanMs = s.reduce((sum, x) => sum + x, 0) / s.length
    return { n: s.length, medianMs: at(0.5), meanMs, p90Ms: at(0.9), p99Ms: at(0.99), maxMs: s[s.length - 1] }
  }
  for (let i = 0; i < 50; i++) await eth.request({ method: 'rskdevnode_ping' })
  const pings = []
  for (let i = 0; i < n; i++) {
    const t0 = performance.now()
    await eth.request({ method: 'rskdevnode_ping' })
    pings.push(performance.now() - t0)
  }
  const put = await window.benchFloorPut()
  for (let i = 0; i < 20; i++) await put(i)
  const commits = []
  for (let i = 0; i < n; i++) {
    const t0 = performance.now()
    await put(i)
    commits.push(performance.now() - t0)
  }
  put.close()
  return { ping: stats(pings), idbCommit: stats(commits) }
}

/**
 * The floor's put: a fresh database, and `put(i)` writing one block-sized record (2 KiB) in its
 * own readwrite transaction ('relaxed', as the chains are written), resolved once committed.
 * `put.close()` closes the database. Shared by benchFloor and cpuBudget.mjs.
 */
window.benchFloorPut = async () => {
  const db = await new Promise((resolve, reject) => {
    const open = indexedDB.open(`bench-floor-${Date.now()}`, 1)
    open.onupgradeneeded = () => open.result.createObjectStore('kv')
    open.onsuccess = () => resolve(open.result)
    open.onerror = () => reject(open.error)
  })
  const value = new Uint8Array(2048).fill(7)
  const put = (i) =>
    new Promise((resolve, reject) => {
      const tx = db.transaction('kv', 'readwrite', { durability: 'relaxed' })
      tx.objectStore('kv').put(value, `block-${i}`)
      tx.oncomplete = resolve
      tx.onerror = () => reject(tx.error)
    })
  put.close = () => db.close()
  return put
}
