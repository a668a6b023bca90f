import { describe, expect, it } from 'vitest';
import { passwordForm } from '../../../contract/auth';
import { firstError } from '../../../src/views/common/formErrors';

const t = (key: string, params?: Record<string, unknown>) => `${key}${params?.min ? `(${params.min})` : ''}`;

describe('firstError', () => {
  it('translates a contract issue with its own minimum, as the form library hands it over', async () => {
    const result = await passwordForm()['~standard'].validate({ new_password: 'abc', repeat_password: 'abc' });
    const issues = 'issues' in result ? (result.issues ?? []) : [];
    expect(firstError([undefined, ...issues], t)).toBe('validation.minLength(6)');
  });

  it('passes plain text through and answers null without errors', () => {
    expect(firstError(['Already taken'], t)).toBe('Already taken');
    expect(firstError([], t)).toBeNull();
  });
});
