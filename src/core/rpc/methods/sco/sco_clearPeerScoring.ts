/**
 * Handler for `sco_clearPeerScoring(id)`: forgets the scoring of a peer and answers the peer list,
 * as RSKj's `Web3Impl.sco_clearPeerScoring` returns `sco_peerList()`. A single simulated node
 * has no peers, so there is no score to clear and the list is empty.
 */
import { defineMethod } from '../../defineMethod.js'
import { peerId } from '../scoParams.js'

export const sco_clearPeerScoring = defineMethod({
  name: 'sco_clearPeerScoring',
  params: [peerId('id')],
  handler: () => [],
})
