import { useEffect, useState } from 'react';
import { css } from 'styled-system/css';
import { ROLES, type Role } from '../../../../contract/roles';
import { useSubjectOptions } from '../../../api/catalogue';
import type { EmployeeFilters as Filters } from '../../../api/employees';
import { useT } from '../../../i18n';
import { Button } from '../../../ui/Button';
import { Field } from '../../../ui/Field';
import { Select } from '../../../ui/Select';
import type { QueryChanges } from '../../common/useQueryParams';

/** Search (name or phone, sent after a pause), role and subject; every change goes to the URL and page 1. */
export function EmployeeFilters({ values, onChange }: { values: Filters; onChange: (changes: QueryChanges) => void }) {
  const { t } = useT();
  const subjects = useSubjectOptions();
  const [q, setQ] = useState(values.q ?? '');
  useEffect(() => setQ(values.q ?? ''), [values.q]);
  useEffect(() => {
    if (q === (values.q ?? '')) return;
    const timer = setTimeout(() => onChange({ q: q.trim() || null, page: null }), 350);
    return () => clearTimeout(timer);
  }, [q, values.q, onChange]);
  const any = Boolean(values.q || values.role || values.subject);
  return (
    <div className={css({ display: 'grid', gap: '3', gridTemplateColumns: { base: '1fr', md: '2fr 1fr 1fr auto' }, alignItems: 'end', mb: '4' })} data-testid="employee-filters">
      <Field label={t('employees.filters.search')} name="q" type="search" value={q} onChange={(e) => setQ(e.target.value)} />
      <Select
        label={t('employees.filters.role')}
        name="role"
        placeholder={t('employees.filters.anyRole')}
        options={ROLES.map((r) => ({ value: r, label: t(`common.roles.${r}`) }))}
        value={values.role ?? ''}
        onChange={(e) => onChange({ role: (e.target.value as Role) || null, page: null })}
      />
      <Select
        label={t('employees.filters.subject')}
        name="subject"
        placeholder={t('employees.filters.anySubject')}
        options={(subjects.data ?? []).map((s) => ({ value: String(s.id), label: s.name }))}
        value={values.subject ? String(values.subject) : ''}
        onChange={(e) => onChange({ subject: e.target.value || null, page: null })}
      />
      <Button variant="outline" disabled={!any} onClick={() => onChange({ q: null, role: null, subject: null, page: null })}>
        {t('employees.filters.clear')}
      </Button>
    </div>
  );
}
