import { it } from 'vitest'
import { launchPanelSetup, openPanel } from './panelHarness.js'

it('debug', async () => {
  const setup = await launchPanelSetup()
  const panel = await openPanel(setup)
  await panel.selectOption('[data-testid="mining-mode"]', 'manual')
  await panel.waitForTimeout(1000)
  console.log('A', await panel.textContent('footer'))
  await panel.click('[data-testid="mine"]')
  await panel.waitForTimeout(1500)
  console.log('B', await panel.textContent('footer'))
  await panel.click('[data-testid="snapshot-take"]')
  await panel.waitForTimeout(1000)
  console.log('C', await panel.textContent('footer'))
  await setup.close()
})
