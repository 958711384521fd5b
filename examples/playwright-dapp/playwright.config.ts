import { defineConfig } from '@playwright/test'

// The dApp's static server listens on a free port and prints its address; Playwright waits for
// that line and stores the named group in process.env.DAPP_URL for the workers (webServer.wait).
export default defineConfig({
  testDir: './tests',
  fullyParallel: true,
  workers: 2,
  forbidOnly: !!process.env.CI,
  reporter: process.env.CI ? [['list'], ['github']] : 'list',
  timeout: 30_000,
  use: {
    baseURL: process.env.DAPP_URL,
  },
  webServer: {
    command: 'node server.mjs',
    wait: { stdout: /listening on (?<dapp_url>http:\/\/127\.0\.0\.1:\d+\/)/ },
    reuseExistingServer: false,
    timeout: 15_000,
  },
})
