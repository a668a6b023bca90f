import { Search, X } from 'lucide-react';
import { css } from 'styled-system/css';
import { TEACHER_ROLES } from '../../../../contract/groups';
import { useSubjectOptions } from '../../../api/catalogue';
import { usePickableGroups } from '../../../api/groupDetail';
import { useCourseOptions, useGroupStaff } from '../../../api/groups';
import { useT } from '../../../i18n';
import { Button } from '../../../ui/Button';
import { DateField } from '../../../ui/DateField';
import { Field } from '../../../ui/Field';
import { useFilterBar } from '../../common/useFilterBar';
import type { QueryChanges } from '../../common/useQueryParams';
import { FilterSheet, FilterSheetButton } from '../../../ui/FilterSheet';
import { BALANCE_STATUSES, FILTER_KEYS, type StudentFilters as Filters, type StudentList } from '../../../lib/studentLists';
import { ParamSelect } from '../../common/ParamSelect';

const bar = css({ display: 'flex', gap: '2', alignItems: 'end', mb: '4' });
const grid = css({
  display: 'grid',
  gap: '3',
  gridTemplateColumns: { base: 'repeat(2, minmax(0, 1fr))', md: 'repeat(4, minmax(0, 1fr))', lg: 'repeat(7, minmax(0, 1fr))' },
  alignItems: 'end',
});

type Props = { list: StudentList; filial: number; values: Filters; onChange: (changes: QueryChanges) => void };

/**
 * Search, group, teacher, subject, course, a date range (the archive date on the archived list) and the balance
 * sign; every change goes into the URL query with the page back to 1. A wide screen shows them all; a phone keeps
 * the search and opens the rest in a sheet.
 */
export function StudentFilters({ list, filial, values, onChange }: Props) {
  const { t } = useT();
  const { search, typeSearch, searchNow, apply, set, clear, sheetOpen, setSheetOpen } = useFilterBar(FILTER_KEYS, values, onChange);
  const searchField = (
    <Field
      className={css({ flex: '1', minW: '0' })}
      label={t('students.filters.search')}
      name="q"
      type="search"
      placeholder={t('students.filters.searchPlaceholder')}
      value={search}
      onChange={(e) => typeSearch(e.target.value)}
      onKeyDown={(e) => {
        if (e.key === 'Enter') searchNow();
      }}
      end={<Search size={16} aria-hidden="true" className={css({ color: 'fg.subtle', me: '2' })} />}
    />
  );
  const clearButton = (
    <Button variant="ghost" disabled={set === 0 && !values.q && !search} onClick={clear}>
      <X size={16} aria-hidden="true" />
      {t('students.filters.clear')}
    </Button>
  );
  return (
    <div role="search" aria-label={t('students.filters.label')} data-testid="student-filters">
      <div className={bar}>
        {searchField}
        <FilterSheetButton label={t('students.filters.open')} count={set} onOpen={() => setSheetOpen(true)} testId="student-filters-open" />
        <div className={css({ display: { base: 'none', md: 'block' } })}>{clearButton}</div>
      </div>
      <div className={css({ display: { base: 'none', md: 'block' }, mb: '4' })}>
        <FilterFields list={list} filial={filial} values={values} apply={apply} />
      </div>
      <FilterSheet open={sheetOpen} onClose={() => setSheetOpen(false)} title={t('students.filters.label')} closeLabel={t('common.actions.close')}>
        <FilterFields list={list} filial={filial} values={values} apply={apply} />
        <div className={css({ display: 'flex', justifyContent: 'space-between', mt: '4' })}>
          {clearButton}
          <Button onClick={() => setSheetOpen(false)}>{t('students.filters.done')}</Button>
        </div>
      </FilterSheet>
    </div>
  );
}

function FilterFields({ list, filial, values, apply }: { list: StudentList; filial: number; values: Filters; apply: (changes: QueryChanges) => void }) {
  const { t } = useT();
  const groups = usePickableGroups(filial);
  const staff = useGroupStaff(filial);
  const subjects = useSubjectOptions();
  const courses = useCourseOptions(filial);
  const teachers = (staff.data ?? []).filter((p) => (TEACHER_ROLES as readonly string[]).includes(p.role));
  const all = t('students.filters.all');
  const dates = list === 'archived' ? 'archived' : 'joined';
  return (
    <div className={grid}>
      <ParamSelect name="group" label={t('students.filters.group')} all={all} values={values} apply={apply} options={(groups.data ?? []).map((g) => ({ value: g.id, label: g.name }))} />
      <ParamSelect name="teacher" label={t('students.filters.teacher')} all={all} values={values} apply={apply} options={teachers.map((p) => ({ value: p.id, label: p.full_name }))} />
      <ParamSelect name="subject" label={t('students.filters.subject')} all={all} values={values} apply={apply} options={(subjects.data ?? []).map((s) => ({ value: s.id, label: s.name }))} />
      <ParamSelect name="course" label={t('students.filters.course')} all={all} values={values} apply={apply} options={(courses.data ?? []).map((c) => ({ value: c.id, label: c.name }))} />
      <DateField
        label={t(`students.filters.${dates}From`)}
        name="start_date"
        value={values.start_date ?? ''}
        max={values.end_date}
        onChange={(day) => apply({ start_date: day })}
      />
      <DateField
        label={t(`students.filters.${dates}To`)}
        name="end_date"
        value={values.end_date ?? ''}
        min={values.start_date}
        onChange={(day) => apply({ end_date: day })}
      />
      <ParamSelect name="balance_status" label={t('students.filters.balance')} all={all} values={values} apply={apply} options={BALANCE_STATUSES.map((s) => ({ value: s, label: t(`students.balance.${s}`) }))} />
    </div>
  );
}
