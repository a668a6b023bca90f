// The admin report's charts (src/ui/charts, drawn as SVG): the funnel of the period's leads (created →
// order → student), leads per source (created and joined) and students joined and left per month.
import type { AdminReport } from '../../../api/reports';
import { useT } from '../../../i18n';
import { monthName } from '../../../lib/dates';
import { Card } from '../../../ui/Card';
import { BarChart } from '../../../ui/charts/BarChart';
import { chartEmpty, chartTitle } from '../common/ReportShell';
import { monthLabel } from '../common/reportPeriod';

export const FUNNEL_COLOURS = ['#2563eb', '#d97706', '#15803d'];
const JOINED = '#15803d';
const LEFT = '#dc2626';
const CREATED = '#2563eb';

export function FunnelChart({ report }: { report: AdminReport }) {
  const { t } = useT();
  const data = [
    { index: 0, label: t('admin_report.funnel.created'), value: report.funnel.created },
    { index: 1, label: t('admin_report.funnel.ordered'), value: report.funnel.ordered },
    { index: 2, label: t('admin_report.funnel.joined'), value: report.funnel.joined },
  ];
  return (
    <Card data-testid="chart-funnel">
      <h2 className={chartTitle}>{t('admin_report.charts.funnel')}</h2>
      {report.funnel.created === 0 ? (
        <p className={chartEmpty}>{t('admin_report.charts.empty')}</p>
      ) : (
        <BarChart
          data={data}
          label={(d) => d.label}
          layout="rows"
          height={240}
          integer
          valueLabels
          title={t('admin_report.charts.funnel')}
          series={[{ key: 'value', name: t('admin_report.tables.count'), colour: (d) => FUNNEL_COLOURS[d.index], value: (d) => d.value }]}
        />
      )}
    </Card>
  );
}

export function SourceChart({ report }: { report: AdminReport }) {
  const { t } = useT();
  const data = report.by_source.map((s) => ({ label: s.source?.name ?? t('admin_report.none'), created: s.created, joined: s.joined }));
  return (
    <Card data-testid="chart-sources">
      <h2 className={chartTitle}>{t('admin_report.charts.bySource')}</h2>
      {data.length === 0 ? (
        <p className={chartEmpty}>{t('admin_report.charts.empty')}</p>
      ) : (
        <BarChart
          data={data}
          label={(d) => d.label}
          layout="rows"
          height={Math.max(200, data.length * 44 + 30)}
          integer
          legend
          title={t('admin_report.charts.bySource')}
          series={[
            { key: 'created', name: t('admin_report.funnel.created'), colour: CREATED, value: (d) => d.created },
            { key: 'joined', name: t('admin_report.funnel.joined'), colour: JOINED, value: (d) => d.joined },
          ]}
        />
      )}
    </Card>
  );
}

export function StudentMonthChart({ report }: { report: AdminReport }) {
  const { t, lang } = useT();
  const months = Array.from({ length: 12 }, (_, i) => monthName(i, lang).slice(0, 3));
  const data = report.by_month.map((m) => ({ label: monthLabel(m.month, months), joined: m.joined, left: m.left }));
  const nothing = report.by_month.every((m) => m.joined === 0 && m.left === 0);
  return (
    <Card data-testid="chart-students">
      <h2 className={chartTitle}>{t('admin_report.charts.students')}</h2>
      {nothing ? (
        <p className={chartEmpty}>{t('admin_report.charts.empty')}</p>
      ) : (
        <BarChart
          data={data}
          label={(d) => d.label}
          height={216}
          integer
          legend
          title={t('admin_report.charts.students')}
          series={[
            { key: 'joined', name: t('admin_report.tables.studentsJoined'), colour: JOINED, value: (d) => d.joined },
            { key: 'left', name: t('admin_report.tables.studentsLeft'), colour: LEFT, value: (d) => d.left },
          ]}
        />
      )}
    </Card>
  );
}
