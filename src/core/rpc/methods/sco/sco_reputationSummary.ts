/**
 * Handler for `sco_reputationSummary`: RSKj's `PeerScoringReputationSummary` (fields in its
 * declaration order) over no peers, so every count is 0.
 */
import { defineMethod } from '../../defineMethod.js'

export const sco_reputationSummary = defineMethod({
  name: 'sco_reputationSummary',
  params: [],
  handler: () => ({
    count: 0,
    successfulHandshakes: 0,
    failedHandshakes: 0,
    invalidHeader: 0,
    validBlocks: 0,
    invalidBlocks: 0,
    validTransactions: 0,
    invalidTransactions: 0,
    invalidNetworks: 0,
    invalidMessages: 0,
    repeatedMessages: 0,
    timeoutMessages: 0,
    unexpectedMessages: 0,
    peersTotalScore: 0,
    punishments: 0,
    goodReputationCount: 0,
    badReputationCount: 0,
  }),
})
