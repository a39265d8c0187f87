import { describe, expect, it } from 'vitest';
import { MOBILE_BREAKPOINT_PX, detectClientType, isMobileUserAgent } from './client-type';

const agents = {
  iPhone: 'Mozilla/5.0 (iPhone; CPU iPhone OS 17_4 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.4 Mobile/15E148 Safari/604.1',
  androidChrome: 'Mozilla/5.0 (Linux; Android 14; Pixel 8) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/124.0.0.0 Mobile Safari/537.36',
  androidFirefox: 'Mozilla/5.0 (Android 14; Mobile; rv:125.0) Gecko/125.0 Firefox/125.0',
  iPad: 'Mozilla/5.0 (iPad; CPU OS 17_4 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.4 Mobile/15E148 Safari/604.1',
  windowsChrome: 'Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/124.0.0.0 Safari/537.36',
  macSafari: 'Mozilla/5.0 (Macintosh; Intel Mac OS X 14_4) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.4 Safari/605.1.15',
  linuxFirefox: 'Mozilla/5.0 (X11; Linux x86_64; rv:125.0) Gecko/20100101 Firefox/125.0',
};

describe('detectClientType (spec sections 4 and 9)', () => {
  it('the breakpoint is 760 px', () => {
    expect(MOBILE_BREAKPOINT_PX).toBe(760);
  });

  it.each([agents.iPhone, agents.androidChrome, agents.androidFirefox, agents.iPad])('a mobile agent is WAP at any width: %s', (ua) => {
    expect(isMobileUserAgent(ua)).toBe(true);
    expect(detectClientType(ua, 390)).toBe('WAP');
    expect(detectClientType(ua, 1920)).toBe('WAP');
  });

  it.each([agents.windowsChrome, agents.macSafari, agents.linuxFirefox])('a desktop agent is WAP at 760 px or less and WEB above: %s', (ua) => {
    expect(isMobileUserAgent(ua)).toBe(false);
    expect(detectClientType(ua, 320)).toBe('WAP');
    expect(detectClientType(ua, 760)).toBe('WAP');
    expect(detectClientType(ua, 761)).toBe('WEB');
    expect(detectClientType(ua, 1440)).toBe('WEB');
  });

  it('an empty agent is treated as desktop', () => {
    expect(detectClientType('', 1024)).toBe('WEB');
    expect(detectClientType('', 700)).toBe('WAP');
  });
});
