import { css } from 'styled-system/css';
import { useCurrentBranch } from '../../../app/useBranch';
import { useT } from '../../../i18n';
import { useQueryParams } from '../../common/useQueryParams';
import { DayGrid } from './DayGrid';
import { MonthStats } from './MonthStats';
import { tashkentToday } from './timeText';

const DAY = /^\d{4}-\d{2}-\d{2}$/;
const MONTH = /^\d{4}-\d{2}$/;

/**
 * /employees?tab=attendance: the branch's day grid (arrived, left, late minutes, corrections with a reason) and the
 * month statistics. The day and month live in the query (?day=, ?month=) so a link shows the same sheet.
 */
export default function AttendancePage() {
  const { t } = useT();
  const filial = useCurrentBranch();
  const [params, setParams] = useQueryParams();
  const today = tashkentToday();
  const dayParam = params.get('day') ?? '';
  const monthParam = params.get('month') ?? '';
  const day = DAY.test(dayParam) ? dayParam : today.day;
  const month = MONTH.test(monthParam) ? monthParam : day.slice(0, 7);
  if (filial === null) return <p className={css({ color: 'fg.muted', py: '6' })}>{t('timetracker.noBranch')}</p>;
  return (
    <div className={css({ display: 'grid', gap: '8' })} data-testid="attendance-page">
      <DayGrid filial={filial} day={day} onDay={(d) => setParams({ day: d === today.day ? null : d })} />
      <MonthStats filial={filial} month={month} onMonth={(m) => setParams({ month: m })} />
    </div>
  );
}
