import { useState } from 'react';
import { css } from 'styled-system/css';
import { BONUS_STUDENTS_LIMIT, type BonusStudent } from '../../../../contract/bonuses';
import { useBonusStudents } from '../../../api/bonuses';
import { useT } from '../../../i18n/index';
import { formatPhoneInput } from '../../../lib/phone';
import { Field } from '../../../ui/Field';
import { useDebounced } from '../useDebounced';
import { formatCoins } from './coinsText';

const option = css({
  display: 'flex',
  justifyContent: 'space-between',
  alignItems: 'center',
  gap: '2',
  w: 'full',
  px: '3',
  py: '2',
  textAlign: 'start',
  fontSize: 'sm',
  cursor: 'pointer',
  _hover: { bg: 'bg.subtle' },
  '&[aria-selected=true]': { bg: 'accent.subtle', color: 'accent.fg' },
});
const muted = css({ p: '3', color: 'fg.muted', fontSize: 'sm' });

/** Searches the branch's students (GET /bonus/students/) and shows each one's coins; a click chooses. */
export function StudentPicker({
  filial,
  chosen,
  onChoose,
  ns,
  error,
}: {
  filial: number;
  chosen: BonusStudent | null;
  onChoose: (student: BonusStudent) => void;
  /** The namespace whose search texts to use (`shop.sell` or `bonuses.form`). */
  ns: 'shop.sell' | 'bonuses.form';
  error?: string | null;
}) {
  const { t } = useT();
  const [search, setSearch] = useState('');
  const q = useDebounced(search.trim());
  const students = useBonusStudents(filial, q);
  const rows = students.data ?? [];
  return (
    <div>
      <Field
        label={t(`${ns}.search`)}
        required
        type="search"
        value={search}
        onChange={(e) => setSearch(e.target.value)}
        placeholder={t(`${ns}.searchHint`)}
        data-testid="student-search"
        error={error}
      />
      <div
        role="listbox"
        aria-label={t(`${ns}.student`)}
        data-testid="student-options"
        className={css({ mt: '2', maxH: '12rem', overflowY: 'auto', borderWidth: '1px', borderColor: 'border.default', borderRadius: 'control' })}
      >
        {students.isPending ? <p className={muted}>{t('shop.loading')}</p> : null}
        {students.isSuccess && rows.length === 0 ? <p className={muted}>{t(`${ns}.noStudents`)}</p> : null}
        {rows.map((s) => (
          <button key={s.id} type="button" role="option" aria-selected={chosen?.id === s.id} className={option} onClick={() => onChoose(s)}>
            <span className={css({ minW: '0' })}>
              <span className={css({ display: 'block', fontWeight: 'medium' })}>{s.full_name}</span>
              <span className={css({ display: 'block', color: 'fg.muted', fontSize: 'xs' })}>{formatPhoneInput(s.phone)}</span>
            </span>
            <span className={css({ fontWeight: 'semibold', whiteSpace: 'nowrap' })}>{t('shop.coins', { count: formatCoins(s.coins) })}</span>
          </button>
        ))}
      </div>
      {rows.length >= BONUS_STUDENTS_LIMIT ? <p className={css({ mt: '1', fontSize: 'xs', color: 'fg.muted' })}>{t(`${ns}.narrow`, { count: BONUS_STUDENTS_LIMIT })}</p> : null}
    </div>
  );
}
