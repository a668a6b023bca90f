// The student page's pure rules: the sentence a history row reads as, which actions show for each status, the
// scheduled-freeze badge, the split of memberships into now and before, and the edit form's body.
import { describe, expect, it } from 'vitest';
import { STUDENT_STATUSES } from '../../../contract/studentStatus';
import { historySentence, actionKey } from '../../../src/views/students/info/historySentence';
import { freezeScheduled, splitMemberships, studentActions } from '../../../src/views/students/info/studentActions';
import { addDays, centreToday } from '../../../contract/centreDay';
import { studentUpdateBody } from '../../../contract/students';
import { editBody, editValuesOf } from '../../../src/views/students/info/editStudent';
import uz from '../../../locales/uz/student_detail.json';
import en from '../../../locales/en/student_detail.json';
import uzStatus from '../../../locales/uz/student_status.json';
import enStatus from '../../../locales/en/student_status.json';
import enFinance from '../../../locales/en/finance.json';
import uzFinance from '../../../locales/uz/finance.json';
import { formatMoney } from '../../../src/lib/money';

/** A translator over the real namespace files, filling {{placeholders}} like the app's. */
function translator(namespaces: Record<string, unknown>) {
  return (key: string, params?: Record<string, unknown>) => {
    const path = key.split('.');
    let node: unknown = namespaces;
    for (const part of path) node = node && typeof node === 'object' ? (node as Record<string, unknown>)[part] : undefined;
    if (typeof node !== 'string') return key;
    return node.replace(/\{\{(\w+)\}\}/g, (_, name: string) => String(params?.[name] ?? ''));
  };
}
const tEn = translator({ student_detail: en, student_status: enStatus });
const tUz = translator({ student_detail: uz, student_status: uzStatus });

describe('historySentence', () => {
  it('reads a freeze with its period and reason', () => {
    const row = { action: 'status.freeze', from_status: 'active', to_status: 'frozen', detail: { from_date: '2026-11-23', to_date: '2026-12-07', reason: 'Trip', scheduled: false } };
    expect(historySentence(row, tEn)).toBe('Frozen from 23.11.2026 to 07.12.2026. Reason: Trip.');
    expect(historySentence(row, tUz)).toBe('23.11.2026 dan 07.12.2026 gacha muzlatildi. Sabab: Trip.');
  });

  it('tells a scheduled freeze and a cancelled one apart', () => {
    const scheduled = { action: 'status.freeze', from_status: 'active', to_status: 'active', detail: { from_date: '2026-12-01', to_date: '2026-12-10', reason: 'x', scheduled: true } };
    expect(actionKey(scheduled)).toBe('status_freeze_scheduled');
    expect(historySentence(scheduled, tEn)).toBe('Freeze scheduled from 01.12.2026 to 10.12.2026. Reason: x.');
    const cancelled = { action: 'status.unfreeze', from_status: 'active', to_status: 'active', detail: { cancelled: true } };
    expect(historySentence(cancelled, tEn)).toBe('The scheduled freeze was cancelled.');
  });

  it('names the archive reason once and the status an archived student returns to', () => {
    expect(historySentence({ action: 'status.archive', from_status: 'active', to_status: 'archived', detail: { reason: 'Moved away' } }, tEn)).toBe(
      'Archived. Reason: Moved away.',
    );
    expect(historySentence({ action: 'status.unarchive', from_status: 'archived', to_status: 'active', detail: {} }, tEn)).toBe(
      'Brought back from the archive: Active.',
    );
  });

  it('reads group joins and moves from the group names in the detail', () => {
    const move = { action: 'group.move', detail: { from_group: 1, from_group_name: 'IELTS 1', to_group: 2, to_group_name: 'IELTS 2', date: '2026-11-30' } };
    expect(historySentence(move, tEn)).toBe('Moved from IELTS 1 to IELTS 2 (from 30.11.2026).');
    expect(historySentence({ action: 'group.add', detail: { group: 5, group_name: 'A1 ertalab', date: '2026-11-02' } }, tUz)).toBe(
      'A1 ertalab guruhiga 02.11.2026 dan qo‘shildi.',
    );
  });

  it('lists edited fields by their labels', () => {
    const edit = { action: 'student.edit', detail: { phone: { from: '+998901111111', to: '+998902222222' }, birth_date: { from: null, to: '2010-05-01' } } };
    expect(historySentence(edit, tEn)).toBe('Changed: Phone number, Date of birth.');
    expect(historySentence(edit, tUz)).toBe('O‘zgartirildi: Telefon raqami, Tug‘ilgan sana.');
    expect(historySentence({ action: 'student.edit', detail: {} }, tEn)).toBe('Details changed.');
    expect(historySentence({ action: 'student.create', to_status: 'new', detail: {} }, tEn)).toBe('Student added.');
  });

  it('falls back to the status change, then to the action name', () => {
    expect(historySentence({ action: 'status.something', from_status: 'new', to_status: 'active', detail: {} }, tEn)).toBe('Status changed: New → Active.');
    expect(historySentence({ action: 'merge', detail: null }, tEn)).toBe('Action: merge.');
  });

  it('adds a reason to a sentence that does not name one', () => {
    expect(historySentence({ action: 'group.leave', detail: { group: 'A1', reason: 'Schedule' } }, tEn)).toBe('Left A1. Reason: Schedule.');
  });

  it('says what an archiving did with the money: refunded from a desk, or kept as credit', () => {
    const tFin = translator({ student_detail: en, student_status: enStatus, finance: enFinance });
    const tFinUz = translator({ student_detail: uz, student_status: uzStatus, finance: uzFinance });
    const refund = { action: 'balance.refund', detail: { amount: '450000.00', cashier: { id: 3, name: 'Asosiy kassa' }, method: 'cash', entries: [] } };
    expect(historySentence(refund, tFin)).toBe(`${formatMoney('450000.00')} of the balance was refunded to the student from the “Asosiy kassa” desk, Cash.`);
    expect(historySentence(refund, tFinUz)).toBe(`Balansdagi ${formatMoney('450000.00')} o‘quvchiga qaytarildi: “Asosiy kassa” kassasidan, Naqd.`);
    expect(historySentence({ action: 'balance.keep', detail: { amount: '1000.50' } }, tFin)).toBe(`${formatMoney('1000.50')} of the balance was kept as the student’s credit.`);
  });
});

describe('studentActions', () => {
  it('lets an archived student only be brought back (the status moves come from the status machine)', () => {
    expect(studentActions('archived', 0)).toEqual({ edit: false, addToGroup: false, moveGroup: false });
  });

  it('offers a group move only to a student in a group', () => {
    for (const status of STUDENT_STATUSES.filter((s) => s !== 'archived')) {
      expect(studentActions(status, 0).moveGroup).toBe(false);
      expect(studentActions(status, 2).moveGroup).toBe(true);
      expect(studentActions(status, 0).addToGroup).toBe(true);
      expect(studentActions(status, 0).edit).toBe(true);
    }
  });
});

describe('freezeScheduled', () => {
  it('is true only for an active student whose freeze starts after today', () => {
    expect(freezeScheduled({ status: 'active', frozen_from: '2026-12-01', frozen_to: '2026-12-10' }, '2026-11-23')).toBe(true);
    expect(freezeScheduled({ status: 'active', frozen_from: '2026-11-23', frozen_to: '2026-12-10' }, '2026-11-23')).toBe(false);
    expect(freezeScheduled({ status: 'frozen', frozen_from: '2026-12-01', frozen_to: '2026-12-10' }, '2026-11-23')).toBe(false);
    expect(freezeScheduled({ status: 'active', frozen_from: null, frozen_to: null }, '2026-11-23')).toBe(false);
  });
});

describe('dates and memberships', () => {
  it('takes the centre day in Tashkent and adds days across months', () => {
    expect(centreToday(new Date('2026-11-23T20:30:00Z'))).toBe('2026-11-24');
    expect(addDays('2026-11-23', 14)).toBe('2026-12-07');
    expect(addDays('2026-03-01', -1)).toBe('2026-02-28');
  });

  it('keeps a membership that ends later among the current ones', () => {
    const rows = [
      { id: 1, joined_on: '2026-09-01', left_on: '2026-10-31' },
      { id: 2, joined_on: '2026-11-01', left_on: null },
      { id: 3, joined_on: '2026-10-01', left_on: '2026-11-30' },
      { id: 4, joined_on: '2026-05-01', left_on: '2026-06-30' },
    ];
    const { current, past } = splitMemberships(rows, '2026-11-23');
    expect(current.map((m) => m.id)).toEqual([2, 3]);
    expect(past.map((m) => m.id)).toEqual([1, 4]);
  });
});

describe('edit form', () => {
  it('sends a bare phone prefix as no phone and keeps the branch', () => {
    const student = {
      id: 7, full_name: 'Ali Valiyev', phone: '+998901234567', parent_phone: null, extra_phone: '+998911112233', birth_date: null, gender: null, comment: '',
      filial: 3, status: 'active', is_archived: false, groups: [], balance: '0.00', created_at: '2026-11-01T10:00:00Z', frozen_from: null, frozen_to: null,
      archived_reason: null, archived_at: null, archived_from_status: null, frozen_reason: null, lead: null, memberships: [],
    } as const;
    const values = editValuesOf(student as never);
    expect(values.phone).toBe('+998 90 123 45 67');
    expect(values.parent_phone).toBe('+998 ');
    const body = editBody(values, student.filial);
    expect(body).toMatchObject({ phone: '+998 90 123 45 67', parent_phone: '', extra_phone: '+998 91 111 22 33', filial: 3 });
    expect(studentUpdateBody.parse(body)).toMatchObject({ phone: '+998901234567', parent_phone: null, extra_phone: '+998911112233', birth_date: null, gender: null });
  });
});

describe('history dates', () => {
  it('writes dates with the page formatter when given one', () => {
    const row = { action: 'status.freeze', detail: { from_date: '2026-12-05', to_date: '2026-12-20', reason: 'Trip' } };
    expect(historySentence(row, tEn, (day) => `<${day}>`)).toBe('Frozen from <2026-12-05> to <2026-12-20>. Reason: Trip.');
  });
});
