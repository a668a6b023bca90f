import { css } from 'styled-system/css';
import { percentOf } from '../../../../contract/adminReport';
import { useAdminReport, type AdminReport } from '../../../api/reports';
import { useT } from '../../../i18n';
import type { Column } from '../../../ui/Table';
import { ReportTable } from '../common/ReportTable';
import { ReportPage } from '../common/ReportPage';
import { Kpi, formatPercent } from '../common/ReportShell';
import { FunnelChart, SourceChart, StudentMonthChart } from './AdminCharts';

type FunnelRow = { created: number; ordered: number; joined: number };

function Tables({ report }: { report: AdminReport }) {
  const { t, lang } = useT();
  const tx = (key: string) => t(`admin_report.tables.${key}`);
  const funnelColumns: Column<FunnelRow>[] = [
    { key: 'created', header: tx('created'), cell: (r) => r.created, numeric: true },
    { key: 'ordered', header: tx('ordered'), cell: (r) => r.ordered, numeric: true },
    { key: 'joined', header: tx('joined'), cell: (r) => r.joined, numeric: true },
    { key: 'conversion', header: tx('conversion'), cell: (r) => formatPercent(r.created ? percentOf(r.joined, r.created) : null, lang), numeric: true },
  ];
  const stages = [...report.by_stage.map((s) => ({ key: s.stage, label: t(`admin_report.stages.${s.stage}`), count: s.count })), { key: 'archived', label: t('admin_report.stages.archived'), count: report.archived }];
  return (
    <div className={css({ display: 'grid', gap: '6', gridTemplateColumns: { base: 'minmax(0, 1fr)', xl: 'repeat(2, minmax(0, 1fr))' } })}>
      <ReportTable
        ns="admin_report"
        heading={tx('byStage')}
        testId="report-by-stage"
        rows={stages}
        rowKey={(r) => r.key}
        columns={[
          { key: 'stage', header: tx('stage'), cell: (r) => r.label },
          { key: 'count', header: tx('count'), cell: (r) => r.count, numeric: true },
        ]}
      />
      <ReportTable
        ns="admin_report"
        heading={tx('bySource')}
        testId="report-by-source"
        rows={report.by_source}
        rowKey={(r) => r.source?.id ?? 0}
        columns={[{ key: 'source', header: tx('source'), cell: (r) => r.source?.name ?? t('admin_report.none') }, ...(funnelColumns as Column<AdminReport['by_source'][number]>[])]}
      />
      <ReportTable
        ns="admin_report"
        heading={tx('byOperator')}
        testId="report-by-operator"
        rows={report.by_operator}
        rowKey={(r) => r.operator?.id ?? 0}
        columns={[{ key: 'operator', header: tx('operator'), cell: (r) => r.operator?.name ?? t('admin_report.none') }, ...(funnelColumns as Column<AdminReport['by_operator'][number]>[])]}
      />
      <ReportTable
        ns="admin_report"
        heading={tx('byFilial')}
        testId="report-by-filial"
        rows={report.by_filial}
        rowKey={(r) => r.filial.id}
        columns={[
          { key: 'filial', header: tx('filial'), cell: (r) => r.filial.name },
          { key: 'joined', header: tx('studentsJoined'), cell: (r) => r.joined, numeric: true },
          { key: 'left', header: tx('studentsLeft'), cell: (r) => r.left, numeric: true },
          { key: 'ended', header: tx('membershipsEnded'), cell: (r) => r.memberships_ended, numeric: true },
        ]}
      />
    </div>
  );
}

/**
 * /control/reports/admin: the period's leads (stage, source, operator, the funnel to an order and to a student) and
 * the students who joined and left, for one branch or every branch the user sees; period and branch in the query.
 */
export default function AdminReportPage() {
  const { t, lang } = useT();
  return (
    <ReportPage
      ns="admin_report"
      excelUrl="/reports/admin/excel/"
      fileName="admin-hisoboti"
      testId="admin-report"
      useReport={useAdminReport}
      kpis={(data) => (
        <>
          <Kpi label={t('admin_report.kpi.leads')} value={data.funnel.created} hint={t('admin_report.kpi.archived', { count: data.archived })} testId="kpi-leads" />
          <Kpi label={t('admin_report.kpi.ordered')} value={data.funnel.ordered} testId="kpi-ordered" />
          <Kpi
            label={t('admin_report.kpi.joined')}
            value={data.funnel.joined}
            hint={t('admin_report.kpi.conversion', { value: formatPercent(data.funnel.created ? percentOf(data.funnel.joined, data.funnel.created) : null, lang) })}
            testId="kpi-joined"
          />
          <Kpi
            label={t('admin_report.kpi.students')}
            value={`+${data.students.joined} / −${data.students.left}`}
            hint={t('admin_report.kpi.membershipsEnded', { count: data.students.memberships_ended })}
            testId="kpi-students"
          />
        </>
      )}
      charts={(data) => [<FunnelChart key="funnel" report={data} />, <SourceChart key="source" report={data} />, <StudentMonthChart key="month" report={data} />]}
      tables={(data) => <Tables report={data} />}
    />
  );
}
