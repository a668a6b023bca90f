import { useT } from '../../../i18n';
import { toIsoDay } from '../../../lib/dates';
import { EXCEL_EXTENSION } from '../../../lib/files';
import { DownloadButton } from '../../common/DownloadButton';
import { excelParams, type StudentFilters, type StudentList } from '../../../lib/studentLists';

/** GET /students/excel/ with the list and its current filters (every matching student, not one page). */
export function ExportButton({ list, filters, filial }: { list: StudentList; filters: StudentFilters; filial: number }) {
  const { t } = useT();
  return (
    <DownloadButton
      url="/students/excel/"
      params={excelParams(list, filters, filial)}
      fileName={`oquvchilar-${list}-${toIsoDay(new Date())}.${EXCEL_EXTENSION}`}
      label={t('students.export')}
      data-testid="students-export"
    />
  );
}
