import { css } from 'styled-system/css';
import type { EmployeeDetail } from '../../../../contract/employees';
import { useT } from '../../../i18n';
import { formatDate, weekdayNames } from '../../../lib/dates';
import { formatMoney } from '../../../lib/money';
import { formatPhoneInput } from '../../../lib/phone';

const grid = css({ display: 'grid', gridTemplateColumns: { base: '1fr', sm: '12rem 1fr' }, gap: { base: '1', sm: '2 4' }, bg: 'bg.surface', borderWidth: '1px', borderColor: 'border.default', borderRadius: 'card', p: '4', fontSize: 'sm' });
const term = css({ color: 'fg.muted' });

/** The profile tab's facts: phone, role, branches, subject, pay, hours, dates. */
export function ProfileFacts({ employee: e, filials }: { employee: EmployeeDetail; filials: string }) {
  const { t, lang } = useT();
  const days = weekdayNames(lang, 'short');
  const salary = !e.salary_kind
    ? t('employees.info.notSet')
    : e.salary_kind === 'percent'
      ? `${t(`employees.salaryKinds.${e.salary_kind}`)}: ${(e.salary_percent ?? '').replace(/\.00$/, '')} %`
      : `${t(`employees.salaryKinds.${e.salary_kind}`)}: ${e.salary_amount ? formatMoney(e.salary_amount) : ''}`;
  const schedule =
    e.work_start && e.work_end
      ? t('employees.info.scheduleText', { days: e.work_days.map((d) => days[d - 1]).join(', '), start: e.work_start, end: e.work_end })
      : t('employees.info.notSet');
  const facts: [string, string][] = [
    [t('employees.info.phone'), formatPhoneInput(e.phone)],
    [t('employees.info.role'), t(`common.roles.${e.role}`) + (e.is_call_operator ? ` · ${t('employees.callOperator')}` : '')],
    [t('employees.info.filials'), filials],
    [t('employees.info.subject'), e.subject?.name ?? t('employees.info.notSet')],
    [t('employees.info.salary'), salary],
    [t('employees.info.schedule'), schedule],
    [t('employees.info.createdAt'), formatDate(e.created_at, lang)],
  ];
  if (e.is_archived) {
    facts.push([t('employees.info.archivedAt'), formatDate(e.archived_at, lang)], [t('employees.info.archivedReason'), e.archived_reason ?? '']);
  }
  return (
    <dl className={grid} data-testid="employee-profile">
      {facts.map(([k, v]) => (
        <div key={k} className={css({ display: 'contents' })}>
          <dt className={term}>{k}</dt>
          <dd>{v}</dd>
        </div>
      ))}
    </dl>
  );
}
