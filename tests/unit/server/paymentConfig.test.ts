// The payment providers' settings: all keys of a provider or none (none: the provider is off), the link bases
// with their defaults; and the exact tiyin ↔ so'm conversion of Payme's amounts.
import { describe, expect, it } from 'vitest';
import { ONLINE_MIN_AMOUNT, sumToTiyin, tiyinToSum, withinOnlineLimits } from '../../../contract/onlinePayments';
import { configFromEnv } from '../../../server/config';

describe('payment provider settings', () => {
  it('leaves both providers off without keys', () => {
    const config = configFromEnv({});
    expect(config.payme).toBeNull();
    expect(config.click).toBeNull();
  });

  it('reads Payme and Click with their link bases', () => {
    const config = configFromEnv({ PAYME_MERCHANT_ID: 'm1', PAYME_KEY: 'k1', CLICK_SERVICE_ID: '1', CLICK_MERCHANT_ID: '2', CLICK_SECRET_KEY: 's', CLICK_PAY_URL: 'http://127.0.0.1:9/pay' });
    expect(config.payme).toEqual({ merchantId: 'm1', key: 'k1', checkoutUrl: 'https://checkout.paycom.uz' });
    expect(config.click).toEqual({ serviceId: '1', merchantId: '2', secretKey: 's', payUrl: 'http://127.0.0.1:9/pay' });
  });

  it('stops at a half-configured provider', () => {
    expect(() => configFromEnv({ PAYME_KEY: 'k1' })).toThrow(/PAYME_MERCHANT_ID, PAYME_KEY must be set together/);
    expect(() => configFromEnv({ CLICK_SERVICE_ID: '1', CLICK_SECRET_KEY: 's' })).toThrow(/CLICK_MERCHANT_ID/);
    expect(() => configFromEnv({ PAYME_MERCHANT_ID: 'm', PAYME_KEY: 'k', PAYME_CHECKOUT_URL: 'ftp://x' })).toThrow(/PAYME_CHECKOUT_URL/);
  });
});

describe("Payme's tiyin", () => {
  it('converts whole positive tiyin exactly and refuses anything else', () => {
    expect(tiyinToSum(15_000_050)).toBe('150000.50');
    expect(tiyinToSum(1)).toBe('0.01');
    for (const bad of [0, -1, 1.5, '100', Number.MAX_SAFE_INTEGER + 2, null]) expect(tiyinToSum(bad)).toBeNull();
    expect(sumToTiyin('150000.50')).toBe(15_000_050);
  });

  it('keeps the online limits', () => {
    expect(withinOnlineLimits(ONLINE_MIN_AMOUNT)).toBe(true);
    expect(withinOnlineLimits('999.99')).toBe(false);
    expect(withinOnlineLimits('10000000000.00')).toBe(true);
    expect(withinOnlineLimits('10000000000.01')).toBe(false);
  });
});
