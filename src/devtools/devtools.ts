/** The devtools_page: runs once per DevTools window and adds our panel. */
chrome.devtools.panels.create('RSK Devnode', '', 'src/devtools/panel/index.html')
