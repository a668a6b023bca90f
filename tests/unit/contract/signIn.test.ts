import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { tokenRequest } from '../../../contract/auth';
import { SIGN_IN_PASSWORD_MAX, signInIssues } from '../../../contract/signIn';

// The login page checks with signInIssues (no zod); the server with tokenRequest. They must refuse the same input
// with the same message.
function zodIssues(values: { phone: string; password: string }) {
  const result = tokenRequest.safeParse(values);
  const first = (field: string) => result.error?.issues.find((i) => i.path[0] === field);
  const shape = (issue: ReturnType<typeof first>) =>
    issue ? { message: issue.message, ...('maximum' in issue ? { maximum: Number(issue.maximum) } : {}) } : undefined;
  return { phone: shape(first('phone')), password: shape(first('password')) };
}

const phones = fc.oneof(
  fc.string(),
  fc.stringMatching(/^\+998[\d ()-]{0,14}$/),
  fc.tuple(fc.constantFrom('+998', '+998 ', '998', '+997'), fc.stringMatching(/^\d{7,11}$/)).map(([p, d]) => p + d),
);
const passwords = fc.oneof(fc.string({ maxLength: 10 }), fc.string({ minLength: SIGN_IN_PASSWORD_MAX - 2, maxLength: SIGN_IN_PASSWORD_MAX + 3 }));

describe('sign-in rules', () => {
  it('refuse exactly what tokenRequest refuses, with the same message and limit', () => {
    fc.assert(
      fc.property(phones, passwords, (phone, password) => {
        const plain = signInIssues({ phone, password });
        expect({ phone: plain.phone, password: plain.password }).toEqual(zodIssues({ phone, password }));
      }),
      { numRuns: 500 },
    );
  });

  it('accept a typed phone with the mask and any password up to the limit', () => {
    expect(signInIssues({ phone: '+998 90 123 45 67', password: 'x'.repeat(SIGN_IN_PASSWORD_MAX) })).toEqual({});
    expect(signInIssues({ phone: '+998 ', password: '' })).toEqual({ phone: { message: 'validation.phone' }, password: { message: 'validation.required' } });
    expect(signInIssues({ phone: '+998901234567', password: 'x'.repeat(SIGN_IN_PASSWORD_MAX + 1) })).toEqual({
      password: { message: 'validation.maxLength', maximum: SIGN_IN_PASSWORD_MAX },
    });
  });
});
