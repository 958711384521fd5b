import { describe, expect, it } from 'vitest'
import { originCoverage, originPattern, patternCoverage } from './injection.js'

describe('allow list coverage of an origin', () => {
  it.each([
    ['<all_urls>', 'http://127.0.0.1:5173', 'all'],
    ['<all_urls>', 'devtools-panel', 'none'],
    ['http://127.0.0.1:5173/*', 'http://127.0.0.1:5173', 'all'],
    ['http://127.0.0.1:5173/*', 'http://127.0.0.1:5174', 'none'],
    ['http://127.0.0.1:5173/*', 'http://localhost:5173', 'none'],
    ['http://127.0.0.1/*', 'http://127.0.0.1:5173', 'all'],
    ['http://localhost:*/*', 'http://localhost:38593', 'all'],
    ['https://*.example.com/*', 'https://example.com', 'all'],
    ['https://*.example.com/*', 'https://app.example.com', 'all'],
    ['https://*.example.com/*', 'https://badexample.com', 'none'],
    ['https://*.example.com/*', 'http://app.example.com', 'none'],
    ['*://*/*', 'https://anything.dev', 'all'],
    ['https://example.com:443/*', 'https://example.com', 'all'],
    ['https://example.com/dapp/*', 'https://example.com', 'some'],
  ])('%s covers %s: %s', (pattern, origin, coverage) => {
    expect(patternCoverage(pattern, origin)).toBe(coverage)
  })

  it('takes the best of the list', () => {
    expect(
      originCoverage(['https://example.com/dapp/*', 'https://*.example.com/*'], 'https://example.com'),
    ).toBe('all')
    expect(originCoverage(['https://example.com/dapp/*'], 'https://example.com')).toBe('some')
    expect(originCoverage([], 'https://example.com')).toBe('none')
  })

  it('makes the pattern of one web origin', () => {
    expect(originPattern('http://localhost:5173')).toBe('http://localhost:5173/*')
    expect(originPattern('devtools-panel')).toBeNull()
  })
})
