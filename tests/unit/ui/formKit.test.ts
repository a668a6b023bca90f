// The pure parts of the form kit and the write helper: which error a field shows and when, where a 400's field
// messages go, what the message above the buttons says, and the student search's line under its list.
import { describe, expect, it } from 'vitest';
import { WRITE_MESSAGES } from '../../../src/machines/financeWrite';
import { fieldErrorOf, shownFieldError, visibleError } from '../../../src/ui/form/fieldError';
import { searchStatus } from '../../../src/views/common/studentSearch';
import { PLAIN_MESSAGES, placeFieldErrors, writeMessage, type WriteForm } from '../../../src/views/common/writeErrors';

const t = (key: string, params?: Record<string, unknown>) => `${key}${params?.max ? `(${params.max})` : ''}`;
const meta = (over: Partial<{ errors: unknown[]; errorMap: Record<string, unknown>; isTouched: boolean }> = {}) => ({ errors: [], errorMap: {}, isTouched: false, ...over });

describe('visibleError', () => {
  it('keeps the form’s own error until the field is left or a submit is tried', () => {
    const typing = meta({ errors: ['validation.required'] });
    expect(visibleError(typing, false)).toBeNull();
    expect(visibleError({ ...typing, isTouched: true }, false)).toBe('validation.required');
    expect(visibleError(typing, true)).toBe('validation.required');
  });

  it('shows the server’s message at once, before the form’s own', () => {
    expect(visibleError(meta({ errors: ['validation.required'], errorMap: { onServer: 'Band' } }), false)).toBe('Band');
  });

  it('skips empty entries and answers null without errors', () => {
    expect(visibleError(meta({ errors: [undefined, 'validation.required'], isTouched: true }), false)).toBe('validation.required');
    expect(visibleError(meta({ isTouched: true }), true)).toBeNull();
  });
});

describe('shownFieldError', () => {
  it('translates a key and fills a zod issue’s limit; the server’s words pass through', () => {
    expect(shownFieldError(meta({ errors: ['validation.required'], isTouched: true }), false, t)).toBe('validation.required');
    const issue = { code: 'too_big', origin: 'string', maximum: 20, message: 'validation.maxLength' };
    expect(shownFieldError(meta({ errors: [issue] }), true, t)).toBe('validation.maxLength(20)');
    expect(shownFieldError(meta({ errorMap: { onServer: 'Bu telefon band' } }), false, t)).toBe('Bu telefon band');
  });

  it('reads a bound field and its form for a view’s own control', () => {
    const field = { state: { meta: meta({ errors: ['validation.required'] }) }, form: { state: { submissionAttempts: 1 } } };
    expect(fieldErrorOf(field, t)).toBe('validation.required');
    expect(fieldErrorOf({ ...field, form: { state: { submissionAttempts: 0 } } }, t)).toBeNull();
  });
});

describe('placeFieldErrors', () => {
  function fakeForm(names: string[]) {
    const metas: Record<string, { errorMap: Record<string, unknown> }> = Object.fromEntries(names.map((n) => [n, { errorMap: { onChange: undefined } }]));
    const form: WriteForm = {
      fieldInfo: Object.fromEntries(names.map((n) => [n, {}])),
      setFieldMeta: ((name: string, update: (m: never) => { errorMap: Record<string, unknown> }) => {
        metas[name] = update(metas[name] as never);
      }) as WriteForm['setFieldMeta'],
    };
    return { form, metas };
  }

  it('puts each message on its field as the server error, mapping the server’s names', () => {
    const { form, metas } = fakeForm(['to', 'amount']);
    const rest = placeFieldErrors(form, { to_casher: 'Boshqa kassani tanlang', amount: 'Juda katta' }, { to_casher: 'to' });
    expect(rest).toEqual([]);
    expect(metas.to.errorMap).toEqual({ onChange: undefined, onServer: 'Boshqa kassani tanlang' });
    expect(metas.amount.errorMap.onServer).toBe('Juda katta');
  });

  it('hands back what has no field on the form (non_field_errors, a field it does not show)', () => {
    const { form } = fakeForm(['amount']);
    expect(placeFieldErrors(form, { non_field_errors: 'Kassa yopilgan', amount: 'Juda katta' })).toEqual(['Kassa yopilgan']);
  });
});

describe('writeMessage', () => {
  it('words the machine’s own failures in the caller’s words', () => {
    expect(writeMessage(WRITE_MESSAGES.failed, [], PLAIN_MESSAGES, t)).toBe('common.form.failed');
    expect(writeMessage(WRITE_MESSAGES.conflict, [], PLAIN_MESSAGES, t)).toBe('common.form.conflict');
    expect(writeMessage(WRITE_MESSAGES.failed, [], { failed: 'finance.write.failed', conflict: 'finance.write.conflict' }, t)).toBe('finance.write.failed');
  });

  it('keeps the server’s detail and adds the messages no field took; null when all is placed', () => {
    expect(writeMessage('Kassa arxivda', ['Boshqa xato'], PLAIN_MESSAGES, t)).toBe('Kassa arxivda Boshqa xato');
    expect(writeMessage(null, ['Kassa yopilgan'], PLAIN_MESSAGES, t)).toBe('Kassa yopilgan');
    expect(writeMessage(null, [], PLAIN_MESSAGES, t)).toBeNull();
  });
});

describe('searchStatus', () => {
  const texts = { loading: 'loading', empty: 'empty', narrow: 'narrow', failed: 'failed' };
  it('says loading, failed, nothing found, or narrow the search when the server gave as many as asked', () => {
    expect(searchStatus({ isPending: true, isError: false, data: undefined }, 0, 3, texts)).toBe('loading');
    expect(searchStatus({ isPending: false, isError: true, data: undefined }, 0, 3, texts)).toBe('failed');
    expect(searchStatus({ isPending: false, isError: false, data: [] }, 0, 3, texts)).toBe('empty');
    expect(searchStatus({ isPending: false, isError: false, data: [1, 2, 3] }, 3, 3, texts)).toBe('narrow');
    expect(searchStatus({ isPending: false, isError: false, data: [1, 2] }, 2, 3, texts)).toBeNull();
  });

  it('counts the students the form hides (members already in the group) as not found', () => {
    expect(searchStatus({ isPending: false, isError: false, data: [1] }, 0, 3, texts)).toBe('empty');
  });
});
