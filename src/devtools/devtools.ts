/** The devtools_page: runs once per DevTools window and adds our panel. */
import { browser } from '../shared/extensionApi.js'

browser.devtools.panels
  .create('RSK Devnode', '', 'src/devtools/panel/index.html')
  .catch((error: unknown) => console.error('RSK Devnode: adding the DevTools panel failed', error))
