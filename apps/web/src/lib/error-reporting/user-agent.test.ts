import { describe, expect, it } from 'vitest';
import { parseUserAgent } from './user-agent';

const UA = {
  chromeWindows:
    'Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Safari/537.36',
  edgeWindows:
    'Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Safari/537.36 Edg/131.0.2903.86',
  whale:
    'Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/126.0.0.0 Whale/3.27.254.15 Safari/537.36',
  safariIphone:
    'Mozilla/5.0 (iPhone; CPU iPhone OS 17_5 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.5 Mobile/15E148 Safari/604.1',
  safariIpad:
    'Mozilla/5.0 (iPad; CPU OS 16_6 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/16.6 Mobile/15E148 Safari/604.1',
  samsungPhone:
    'Mozilla/5.0 (Linux; Android 14; SM-S918N) AppleWebKit/537.36 (KHTML, like Gecko) SamsungBrowser/25.0 Chrome/121.0.0.0 Mobile Safari/537.36',
  galaxyTab:
    'Mozilla/5.0 (Linux; Android 13; SM-X700) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/120.0.0.0 Safari/537.36',
  firefoxLinux: 'Mozilla/5.0 (X11; Linux x86_64; rv:133.0) Gecko/20100101 Firefox/133.0',
  safariMac:
    'Mozilla/5.0 (Macintosh; Intel Mac OS X 10_15_7) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/18.1 Safari/605.1.15',
  chromebook:
    'Mozilla/5.0 (X11; CrOS x86_64 14541.0.0) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/129.0.0.0 Safari/537.36',
};

describe('parseUserAgent', () => {
  it.each([
    ['chromeWindows', { browser: 'Chrome 131', os: 'Windows 10/11', device: 'desktop' }],
    ['edgeWindows', { browser: 'Edge 131', os: 'Windows 10/11', device: 'desktop' }],
    ['whale', { browser: 'Whale 3', os: 'Windows 10/11', device: 'desktop' }],
    ['safariIphone', { browser: 'Safari 17', os: 'iOS 17', device: 'mobile' }],
    ['safariIpad', { browser: 'Safari 16', os: 'iOS 16', device: 'tablet' }],
    ['samsungPhone', { browser: 'Samsung Internet 25', os: 'Android 14', device: 'mobile' }],
    ['galaxyTab', { browser: 'Chrome 120', os: 'Android 13', device: 'tablet' }],
    ['firefoxLinux', { browser: 'Firefox 133', os: 'Linux', device: 'desktop' }],
    ['safariMac', { browser: 'Safari 18', os: 'macOS 10.15', device: 'desktop' }],
    ['chromebook', { browser: 'Chrome 129', os: 'ChromeOS', device: 'desktop' }],
  ] as const)('reads %s', (name, expected) => {
    expect(parseUserAgent(UA[name])).toEqual(expected);
  });

  it('says Unknown rather than guessing', () => {
    expect(parseUserAgent('curl/8.5.0')).toEqual({ browser: 'Unknown', os: 'Unknown', device: 'desktop' });
  });
});
