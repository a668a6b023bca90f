import { describe, expect, it } from 'vitest';
import { cookieString, readCookie } from '../../../src/lib/cookies';

describe('cookies', () => {
  it('reads one cookie among others, decoding it', () => {
    const jar = 'a=1; lang=en; sidebar_state=false; x=%D0%B9';
    expect(readCookie('lang', jar)).toBe('en');
    expect(readCookie('sidebar_state', jar)).toBe('false');
    expect(readCookie('x', jar)).toBe('й');
    expect(readCookie('missing', jar)).toBeNull();
    expect(readCookie('la', jar)).toBeNull();
    expect(readCookie('lang', '')).toBeNull();
  });

  it('writes a site-wide cookie with a max-age', () => {
    expect(cookieString('lang', 'uz', 31536000)).toBe('lang=uz; path=/; max-age=31536000; SameSite=Lax');
  });
});
