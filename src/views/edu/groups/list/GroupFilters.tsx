import { Search, X } from 'lucide-react';
import { css, cx } from 'styled-system/css';
import { GROUP_STATUSES, TEACHER_ROLES } from '../../../../../contract/groups';
import { useLevels, useSubjectOptions } from '../../../../api/catalogue';
import { useGroupStaff } from '../../../../api/groups';
import { useT } from '../../../../i18n';
import { Button } from '../../../../ui/Button';
import { Field } from '../../../../ui/Field';
import { Select } from '../../../../ui/Select';
import type { QueryChanges } from '../../../common/useQueryParams';
import { useSearchText } from '../../../common/useSearchText';


export type GroupFilterValues = { subject?: number; level?: number; teacher?: number; status?: string; q?: string };

const grid = css({ display: 'grid', gap: '3', gridTemplateColumns: { base: '1fr 1fr', md: 'repeat(3, minmax(0, 1fr))' }, alignItems: 'end', mb: '4' });
// One row on a wide screen: search, the selects (three without the teacher filter), clear.
const wide = {
  withTeacher: css({ lg: { gridTemplateColumns: 'minmax(0, 1.4fr) repeat(4, minmax(0, 1fr)) auto' } }),
  withoutTeacher: css({ lg: { gridTemplateColumns: 'minmax(0, 1.4fr) repeat(3, minmax(0, 1fr)) auto' } }),
};

/** Subject, level, teacher, status and a name search; every change goes into the URL query (page back to 1). */
export function GroupFilters({ filial, values, showTeacher, onChange }: { filial: number; values: GroupFilterValues; showTeacher: boolean; onChange: (changes: QueryChanges) => void }) {
  const { t } = useT();
  const subjects = useSubjectOptions();
  const levels = useLevels(values.subject ?? null);
  const staff = useGroupStaff(filial, showTeacher);
  const teachers = (staff.data ?? []).filter((p) => (TEACHER_ROLES as readonly string[]).includes(p.role));
  const apply = (changes: QueryChanges) => onChange({ ...changes, page: null });
  const { search, typeSearch, searchNow, reset } = useSearchText(values.q ?? '', (q) => apply({ q }));
  const any = Boolean(values.subject || values.level || values.teacher || values.status || values.q || search);
  const all = t('groups.filters.all');
  return (
    <div className={cx(grid, showTeacher ? wide.withTeacher : wide.withoutTeacher)} role="search" aria-label={t('groups.filters.label')} data-testid="group-filters">
      <Field
        className={css({ gridColumn: { base: '1 / -1', md: 'auto' } })}
        label={t('groups.filters.search')}
        name="q"
        type="search"
        placeholder={t('groups.filters.searchPlaceholder')}
        value={search}
        onChange={(e) => typeSearch(e.target.value)}
        onKeyDown={(e) => {
          if (e.key === 'Enter') searchNow();
        }}
        end={<Search size={16} aria-hidden="true" className={css({ color: 'fg.subtle', me: '2' })} />}
      />
      <Select
        label={t('groups.filters.subject')}
        name="subject"
        placeholder={all}
        value={values.subject ?? ''}
        options={(subjects.data ?? []).map((s) => ({ value: s.id, label: s.name }))}
        onChange={(e) => apply({ subject: e.target.value, level: null })}
      />
      <Select
        label={t('groups.filters.level')}
        name="level"
        placeholder={all}
        value={values.level ?? ''}
        disabled={!values.subject}
        options={(levels.data ?? []).map((l) => ({ value: l.id, label: l.name }))}
        onChange={(e) => apply({ level: e.target.value })}
      />
      {showTeacher ? (
        <Select
          label={t('groups.filters.teacher')}
          name="teacher"
          placeholder={all}
          value={values.teacher ?? ''}
          options={teachers.map((p) => ({ value: p.id, label: p.full_name }))}
          onChange={(e) => apply({ teacher: e.target.value })}
        />
      ) : null}
      <Select
        label={t('groups.filters.status')}
        name="status"
        placeholder={all}
        value={values.status ?? ''}
        options={GROUP_STATUSES.map((s) => ({ value: s, label: t(`groups.status.${s}`) }))}
        onChange={(e) => apply({ status: e.target.value })}
      />
      <Button
        className={css({ gridColumn: { base: '1 / -1', lg: 'auto' }, justifySelf: 'end' })}
        variant="ghost"
        disabled={!any}
        onClick={() => {
          reset();
          apply({ subject: null, level: null, teacher: null, status: null, q: null });
        }}
      >
        <X size={16} aria-hidden="true" />
        {t('groups.filters.clear')}
      </Button>
    </div>
  );
}
