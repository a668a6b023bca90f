import { css } from 'styled-system/css';
import type { AttendanceCounts } from '../../../../contract/eduReport';
import { useEduReport, type EduReport } from '../../../api/reports';
import { useT } from '../../../i18n';
import type { Column } from '../../../ui/Table';
import { ReportTable } from '../common/ReportTable';
import { ReportPage } from '../common/ReportPage';
import { Kpi, formatPercent } from '../common/ReportShell';
import { AttendanceChart, FillingChart } from './EduCharts';

function Tables({ report }: { report: EduReport }) {
  const { t, lang } = useT();
  const tx = (key: string) => t(`edu_report.tables.${key}`);
  const filialName = new Map(report.filials.map((f) => [f.id, f.name]));
  const counts = <T extends AttendanceCounts>(): Column<T>[] => [
    { key: 'lessons', header: tx('lessons'), cell: (r) => r.lessons, numeric: true },
    { key: 'marked', header: tx('marked'), cell: (r) => r.marked, numeric: true },
    { key: 'excused', header: tx('excused'), cell: (r) => r.excused, numeric: true },
    { key: 'absent', header: tx('absent'), cell: (r) => r.absent, numeric: true },
    { key: 'rate', header: tx('rate'), cell: (r) => formatPercent(r.rate, lang), numeric: true },
    { key: 'mark', header: tx('mark'), cell: (r) => (r.average_mark === null ? '—' : r.average_mark), numeric: true },
  ];
  return (
    <div className={css({ display: 'grid', gap: '6', gridTemplateColumns: 'minmax(0, 1fr)' })}>
      <ReportTable
        ns="edu_report"
        heading={tx('byGroup')}
        testId="report-by-group"
        rows={report.by_group}
        rowKey={(r) => r.group.id}
        columns={[
          { key: 'group', header: tx('group'), cell: (r) => r.group.name },
          { key: 'filial', header: tx('filial'), cell: (r) => filialName.get(r.filial) ?? '' },
          { key: 'teacher', header: tx('teacher'), cell: (r) => r.teacher.name },
          ...counts<EduReport['by_group'][number]>(),
        ]}
      />
      <div className={css({ display: 'grid', gap: '6', gridTemplateColumns: { base: 'minmax(0, 1fr)', xl: 'repeat(2, minmax(0, 1fr))' } })}>
        <ReportTable
          ns="edu_report"
          heading={tx('byTeacher')}
          testId="report-by-teacher"
          rows={report.by_teacher}
          rowKey={(r) => r.teacher.id}
          columns={[{ key: 'teacher', header: tx('teacher'), cell: (r) => r.teacher.name }, ...counts<EduReport['by_teacher'][number]>()]}
        />
        <ReportTable
          ns="edu_report"
          heading={tx('byTest')}
          testId="report-by-test"
          rows={report.by_test}
          rowKey={(r) => r.test.id}
          columns={[
            { key: 'test', header: tx('test'), cell: (r) => r.test.name },
            { key: 'taken', header: tx('taken'), cell: (r) => r.taken, numeric: true },
            { key: 'percent', header: tx('percent'), cell: (r) => formatPercent(r.average_percent, lang), numeric: true },
          ]}
        />
        <ReportTable
          ns="edu_report"
          heading={tx('fillingByFilial')}
          testId="report-filling-filial"
          rows={report.filling_by_filial}
          rowKey={(r) => r.filial.id}
          columns={[
            { key: 'filial', header: tx('filial'), cell: (r) => r.filial.name },
            { key: 'groups', header: tx('groups'), cell: (r) => r.groups, numeric: true },
            { key: 'students', header: tx('students'), cell: (r) => r.students, numeric: true },
            { key: 'capacity', header: tx('capacity'), cell: (r) => r.capacity, numeric: true },
            { key: 'free', header: tx('free'), cell: (r) => r.free, numeric: true },
          ]}
        />
        <ReportTable
          ns="edu_report"
          heading={tx('filling')}
          testId="report-filling"
          rows={report.filling}
          rowKey={(r) => r.group.id}
          columns={[
            { key: 'group', header: tx('group'), cell: (r) => r.group.name },
            { key: 'room', header: tx('room'), cell: (r) => r.room.name },
            { key: 'students', header: tx('students'), cell: (r) => `${r.students} / ${r.capacity}`, numeric: true },
            { key: 'free', header: tx('free'), cell: (r) => r.free, numeric: true },
          ]}
        />
      </div>
    </div>
  );
}

/**
 * /control/reports/edu: attendance per group and teacher, marks and test results over a period (this month unless
 * the query says otherwise) and how full the groups are now, for one branch or every branch the user sees.
 */
export default function EduReportPage() {
  const { t, lang } = useT();
  return (
    <ReportPage
      ns="edu_report"
      excelUrl="/reports/edu/excel/"
      fileName="talim-hisoboti"
      testId="edu-report"
      useReport={useEduReport}
      kpis={(data) => (
        <>
          <Kpi
            label={t('edu_report.kpi.attendance')}
            value={formatPercent(data.attendance.rate, lang)}
            hint={t('edu_report.kpi.marked', { count: data.attendance.marked, excused: data.attendance.excused })}
            testId="kpi-attendance"
          />
          <Kpi label={t('edu_report.kpi.mark')} value={data.attendance.average_mark ?? '—'} hint={t('edu_report.kpi.lessons', { count: data.attendance.lessons })} testId="kpi-mark" />
          <Kpi label={t('edu_report.kpi.tests')} value={formatPercent(data.results.average_percent, lang)} hint={t('edu_report.kpi.taken', { count: data.results.taken })} testId="kpi-tests" />
          <Kpi
            label={t('edu_report.kpi.free')}
            value={data.filling_by_filial.reduce((s, f) => s + f.free, 0)}
            hint={t('edu_report.kpi.groups', { count: data.filling.length })}
            testId="kpi-free"
          />
        </>
      )}
      charts={(data) => [<AttendanceChart key="attendance" report={data} />, <FillingChart key="filling" report={data} />]}
      tables={(data) => <Tables report={data} />}
    />
  );
}
