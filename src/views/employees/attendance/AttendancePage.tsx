import { useState } from 'react';
import { css } from 'styled-system/css';
import { useCurrentBranch } from '../../../app/useBranch';
import { useT } from '../../../i18n';
import { toIsoDay } from '../../../lib/dates';
import { DayGrid } from './DayGrid';

/** /employees?tab=attendance: the branch's day grid (arrived, left, late minutes, corrections) and the month table. */
export default function AttendancePage() {
  const { t } = useT();
  const filial = useCurrentBranch();
  const [day, setDay] = useState(() => toIsoDay(new Date()));
  if (filial === null) return <p className={css({ color: 'fg.muted' })}>{t('timetracker.noBranch')}</p>;
  return (
    <div className={css({ display: 'grid', gap: '6' })} data-testid="attendance-page">
      <DayGrid filial={filial} day={day} onDay={setDay} />
    </div>
  );
}
