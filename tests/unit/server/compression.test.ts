import { describe, expect, it } from 'vitest';
import { acceptsGzip } from '../../../server/http/compression';

describe('acceptsGzip', () => {
  it('takes gzip named or through *, with q above 0', () => {
    expect(acceptsGzip('gzip')).toBe(true);
    expect(acceptsGzip('br, gzip;q=0.5')).toBe(true);
    expect(acceptsGzip('*')).toBe(true);
    expect(acceptsGzip('GZIP')).toBe(true);
  });
  it('refuses without a header, with gzip at q=0 (even beside *), or with only other encodings', () => {
    expect(acceptsGzip(undefined)).toBe(false);
    expect(acceptsGzip('')).toBe(false);
    expect(acceptsGzip('gzip;q=0, *')).toBe(false);
    expect(acceptsGzip('br, deflate')).toBe(false);
    expect(acceptsGzip('identity')).toBe(false);
  });
});
