// The education report's charts (src/ui/charts, drawn as SVG): the attendance rate per group (bars
// coloured by how good it is) and the groups' filling now (students and free places stacked to the capacity).
import type { EduReport } from '../../../api/reports';
import { useT } from '../../../i18n';
import { Card } from '../../../ui/Card';
import { BarChart } from '../../../ui/charts/BarChart';
import { formatNumber } from '../../../ui/charts/scale';
import { chartEmpty, chartTitle } from '../common/ReportShell';
import { rateColour } from './rateColour';

const MAX_BARS = 15;
const percent = (v: number) => `${formatNumber(v)}%`;

export function AttendanceChart({ report }: { report: EduReport }) {
  const { t } = useT();
  const data = report.by_group.filter((g) => g.rate !== null).slice(0, MAX_BARS).map((g) => ({ label: g.group.name, rate: g.rate as number }));
  return (
    <Card data-testid="chart-attendance">
      <h2 className={chartTitle}>{t('edu_report.charts.attendance')}</h2>
      {data.length === 0 ? (
        <p className={chartEmpty}>{t('edu_report.charts.empty')}</p>
      ) : (
        <BarChart
          data={data}
          label={(d) => d.label}
          layout="rows"
          height={Math.max(200, data.length * 40 + 40)}
          max={100}
          axisWidth={150}
          fontSize={11}
          tick={percent}
          title={t('edu_report.charts.attendance')}
          series={[{ key: 'rate', name: t('edu_report.tables.rate'), colour: (d) => rateColour(d.rate), value: (d) => d.rate, text: (d) => percent(d.rate) }]}
        />
      )}
      {report.by_group.length > MAX_BARS ? <p style={{ fontSize: 12, opacity: 0.7 }}>{t('edu_report.charts.lowest', { count: MAX_BARS })}</p> : null}
    </Card>
  );
}

export function FillingChart({ report }: { report: EduReport }) {
  const { t } = useT();
  const data = report.filling.slice(0, MAX_BARS).map((g) => ({ label: g.group.name, students: g.students, free: g.free }));
  return (
    <Card data-testid="chart-filling">
      <h2 className={chartTitle}>{t('edu_report.charts.filling')}</h2>
      {data.length === 0 ? (
        <p className={chartEmpty}>{t('edu_report.charts.empty')}</p>
      ) : (
        <BarChart
          data={data}
          label={(d) => d.label}
          layout="rows"
          stacked
          height={Math.max(200, data.length * 40 + 30)}
          integer
          legend
          axisWidth={150}
          fontSize={11}
          title={t('edu_report.charts.filling')}
          series={[
            { key: 'students', name: t('edu_report.tables.students'), colour: '#2563eb', value: (d) => d.students },
            { key: 'free', name: t('edu_report.tables.free'), colour: '#cbd5e1', value: (d) => d.free },
          ]}
        />
      )}
    </Card>
  );
}
