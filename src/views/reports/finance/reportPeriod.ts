// The finance report page's own rules; the period and branch rules are every report's (../common/reportPeriod).
export { monthLabel, periodFromQuery, periodProblem, reportParams, thisMonth, type ReportPeriod } from '../common/reportPeriod';

/** The i18n key of a kind's name for system kinds (shift differences differ by side); null for the centre's own. */
export function systemKindKey(kind: { system_key: string | null; action: 'income' | 'expense' }): string | null {
  if (!kind.system_key) return null;
  return kind.system_key === 'shift_difference' ? `finance_report.systemKinds.shift_difference_${kind.action}` : `finance_report.systemKinds.${kind.system_key}`;
}
