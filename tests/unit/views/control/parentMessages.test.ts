// The messages pages' pure parts: the list's filters from the URL, the settings form's save body (only what
// changed, so an untouched default template stays the locale file's) and its template checks.
import { describe, expect, it } from 'vitest';
import { MESSAGE_EVENTS } from '../../../../contract/parentMessages';
import type { MessageSettings } from '../../../../contract/parentMessagesApi';
import { messagesQueryFromParams, statusTone } from '../../../../src/views/common/messages/messageFilters';
import { bodyOf, formSchema, valuesOf } from '../../../../src/views/control/messages/messageSettingsForm';

const settings: MessageSettings = {
  filial: 3,
  language: 'uz',
  fee_reminder_days: 3,
  daily_limit: 500,
  events: MESSAGE_EVENTS.map((event) => ({
    event,
    enabled: false,
    template_uz: `{student} ${event}`,
    template_ru: `{student} ${event} ru`,
    template_en: `{student} ${event} en`,
    is_default_uz: true,
    is_default_ru: true,
    is_default_en: true,
    placeholders: ['student'],
  })),
};

describe('messages list filters', () => {
  it('keeps the usable values of the query and drops the rest', () => {
    const q = messagesQueryFromParams(new URLSearchParams('filial=2&status=failed&channel=fax&event=absence&start_date=2026-11-01&end_date=bad&page=3&student=x'));
    expect(q).toEqual({ page: 3, page_size: 30, filial: 2, student: undefined, status: 'failed', channel: undefined, event: 'absence', start_date: '2026-11-01', end_date: undefined });
    expect(messagesQueryFromParams(new URLSearchParams('')).page).toBe(1);
  });

  it('colours each status', () => {
    expect([statusTone('delivered'), statusTone('failed'), statusTone('waiting')]).toEqual(['success', 'danger', 'neutral']);
  });
});

describe('message settings form', () => {
  it('sends only the switches and templates that changed', () => {
    const values = valuesOf(settings);
    expect(bodyOf(3, settings, values)).toEqual({ filial: 3, language: 'uz', fee_reminder_days: 3, daily_limit: 500, events: {} });
    values.events.absence.enabled = true;
    values.events.debt.template_en = '  Please pay {balance}.  ';
    expect(bodyOf(3, settings, values).events).toEqual({ absence: { enabled: true }, debt: { template_en: 'Please pay {balance}.' } });
  });

  it('refuses a placeholder the event cannot fill, and an empty template, under the field', () => {
    const values = valuesOf(settings);
    values.events.absence.template_uz = 'Salom {student}, {amount}';
    values.events.payment.template_en = ' ';
    const result = formSchema.safeParse(values);
    expect(result.success).toBe(false);
    const issues = result.error?.issues.map((i) => [i.path.join('.'), i.message]);
    expect(issues).toEqual([
      ['events.absence.template_uz', 'validation.templatePlaceholder'],
      ['events.payment.template_en', 'validation.required'],
    ]);
  });
});
