/** The personal-data rules of browser error reports (src/shared/errorReports.ts). */
import { describe, expect, it } from 'vitest';
import {
  ERROR_REPORT_EVENT_DEPTH,
  ERROR_REPORT_MAX,
  normalizeForReport,
  pathOfUrl,
  reportData,
  scrubEvent,
  scrubField,
} from '../../src/shared/errorReports';
import { scrubText } from '../../src/server/lib/scrub';

describe('scrubText', () => {
  it.each([
    ['mail ada.obi+x@example.com.ng now', 'mail [email] now'],
    ['encoded ada%40example.com', 'encoded [email]'],
    ['call +234 803 123 4567 today', 'call [phone] today'],
    ['call 0803-123-4567', 'call [phone]'],
    ['call (0803) 123 4567', 'call [phone]'],
    ['08031234567', '[phone]'],
    ['jwt eyJhbGciOiJIUzI1NiJ9.eyJzdWIiOiIxIn0.abc_DEF-123 end', 'jwt [token] end'],
    ['key sk_live_4eC39HqLyjWDarjtT1zdp7dc', 'key [token]'],
    ['id 1b4e28ba-2fa1-11d2-883f-0016d3cca427', 'id [token]'],
    ['https://x.ng/reset-password?token=abc&email=a@b.co#frag', 'https://x.ng/reset-password'],
    ['at f (https://x.ng/assets/a.js?v=3:10:5)', 'at f (https://x.ng/assets/a.js:10:5)'],
    ['went to /login?email=a@b.co', 'went to /login'],
  ])('%s', (input, expected) => {
    expect(scrubText(input)).toBe(expected);
  });

  it('leaves ordinary error text and stack frames alone', () => {
    for (const text of [
      "TypeError: Cannot read properties of undefined (reading 'map')",
      'at renderWithHooks (https://ogbadispatch.ng/assets/index-CgnA9SRE.js:12:3456)',
      'Loading chunk failed',
      'someVeryLongFunctionNameWithoutDigitsAtAll',
      'status 404 after 1200 ms',
    ]) {
      expect(scrubText(text)).toBe(text);
    }
  });
});

describe('scrubField and pathOfUrl', () => {
  it('cuts text to its limit after scrubbing', () => {
    const out = scrubField('x'.repeat(1000), ERROR_REPORT_MAX.message);
    expect(out).toHaveLength(ERROR_REPORT_MAX.message);
    expect(out.endsWith('…')).toBe(true);
  });

  it('keeps only the path of a URL', () => {
    expect(pathOfUrl('https://ogbadispatch.ng/login?email=a@b.co#t=1')).toBe('/login');
    expect(pathOfUrl('/company-dashboard/riders/ada?x=1')).toBe('/company-dashboard/riders/ada');
  });
});

describe('normalizeForReport', () => {
  it(`stops at depth ${ERROR_REPORT_EVENT_DEPTH}`, () => {
    const deep = { a: { b: { c: { d: { e: { f: 1 } } } } } };
    expect(normalizeForReport(deep)).toEqual({ a: { b: { c: { d: { e: '[Object]' } } } } });
    expect(normalizeForReport([[[[[[1]]]]]])).toEqual([[[[['[Array]']]]]]);
  });

  it('handles cycles, functions, errors and scrubs strings and keys', () => {
    const loop: Record<string, unknown> = { email: 'a@b.co', fn: () => 1, err: new Error('for a@b.co') };
    loop.self = loop;
    loop['c@d.co'] = 1;
    expect(normalizeForReport(loop)).toEqual({
      email: '[email]',
      fn: '[Function]',
      err: { name: 'Error', message: 'for [email]' },
      self: '[Circular]',
      '[email]': 1,
    });
  });

  it('reportData gives JSON text no longer than its limit', () => {
    const data = reportData({ list: Array.from({ length: 50 }, (_, i) => 'y'.repeat(100) + i) });
    expect(data.length).toBeLessThanOrEqual(ERROR_REPORT_MAX.data);
  });
});

describe('scrubEvent', () => {
  it('scrubs every text field', () => {
    const out = scrubEvent({
      kind: 'error',
      message: 'for a@b.co',
      name: 'Error',
      stack: 'Error: for a@b.co',
      url: 'https://x.ng/p?q=1',
      route: '/p',
      release: '1',
      timestamp: 1,
      data: '{"phone":"08031234567"}',
    });
    expect(out).toEqual({
      kind: 'error',
      message: 'for [email]',
      name: 'Error',
      stack: 'Error: for [email]',
      url: '/p',
      route: '/p',
      release: '1',
      timestamp: 1,
      data: '{"phone":"[phone]"}',
    });
  });
});
