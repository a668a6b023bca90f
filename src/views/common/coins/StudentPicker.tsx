import { BONUS_STUDENTS_LIMIT, type BonusStudent } from '../../../../contract/bonuses';
import { useBonusStudents } from '../../../api/bonuses';
import { useT } from '../../../i18n/index';
import { SearchSelect } from '../../../ui/SearchSelect';
import { useStudentSearch } from '../studentSearch';
import { formatCoins } from './coinsText';

/** Searches the branch's students (GET /bonus/students/) and shows each one's coins; choosing one hands it back. */
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
  const search = useStudentSearch<BonusStudent>({
    limit: BONUS_STUDENTS_LIMIT,
    texts: { loading: t('shop.loading'), empty: t(`${ns}.noStudents`), narrow: t(`${ns}.narrow`, { count: BONUS_STUDENTS_LIMIT }) },
  });
  const students = useBonusStudents(filial, search.q);
  const field = search.field(students, { extra: (s) => t('shop.coins', { count: formatCoins(s.coins) }) });
  return (
    <SearchSelect
      label={t(`${ns}.search`)}
      required
      placeholder={t(`${ns}.searchHint`)}
      data-testid="student-search"
      error={error}
      value={chosen?.id ?? null}
      {...field}
      onChoose={(item) => {
        const student = students.data?.find((s) => s.id === item.id);
        if (student) onChoose(student);
      }}
    />
  );
}
