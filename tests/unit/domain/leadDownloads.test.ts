// The pure parts of the lead downloads: money grouped from the decimal string, the centre's wall clock for
// spreadsheet dates, and the workbook's shape for the archive.
import { describe, expect, it } from 'vitest';
import type { Lead } from '../../../contract/leads';
import { groupedMoney } from '../../../server/domain/core/moneyText';
import { buildLeadWorkbook, centreWallClock } from '../../../server/domain/leads/leadSheet';

const lead: Lead = {
  id: 7, filial: 1, full_name: 'Ali Valiyev', phone: '+998901234567', extra_phone: null, subject: null, level: null, source: null,
  preferred_days: [], preferred_time: null, comment: '', operator: null, stage: 'KUTULMOQDA', is_archived: true,
  archived_reason: 'too_expensive', order_group: null, first_lesson_date: null, is_student: false, created_at: '2026-03-01T20:30:00.000Z',
};

describe('groupedMoney', () => {
  it('groups thousands without going through a float', () => {
    expect(groupedMoney('1200000.00')).toBe('1 200 000.00');
    expect(groupedMoney('999.5')).toBe('999.50');
    expect(groupedMoney('12345678901234.99')).toBe('12 345 678 901 234.99');
    expect(groupedMoney('-1000')).toBe('-1 000.00');
  });
});

describe('centreWallClock', () => {
  it('shows the Tashkent time (UTC+5), crossing midnight', () => {
    expect(centreWallClock(new Date('2026-03-01T20:30:00Z')).toISOString()).toBe('2026-03-02T01:30:00.000Z');
  });
});

describe('buildLeadWorkbook', () => {
  it('adds the reason column for the archive, in the asked language', () => {
    const sheet = buildLeadWorkbook([lead], { lang: 'en', archived: true, filialNames: new Map([[1, 'Chilonzor']]) }).getWorksheet('Lidlar')!;
    expect(sheet.getRow(1).getCell(12).value).toBe('Archive reason');
    expect(sheet.getRow(2).getCell(12).value).toBe('Too expensive');
    expect(sheet.getRow(2).getCell(8).value).toBe('Waiting');
    expect(sheet.getRow(2).getCell(4).value).toBe('Chilonzor');
    expect(sheet.getRow(2).getCell(11).numFmt).toBe('dd.mm.yyyy hh:mm');
  });
  it('has no reason column for the active list', () => {
    const sheet = buildLeadWorkbook([lead], { lang: 'uz', archived: false, filialNames: new Map() }).getWorksheet('Lidlar')!;
    expect(sheet.columnCount).toBe(11);
    expect(sheet.getRow(1).getCell(11).value).toBe('Yaratilgan');
  });
});
