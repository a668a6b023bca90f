// The admin report's charts (recharts, loaded only with this page): the funnel of the period's leads (created →
// order → student), leads per source (created and joined) and students joined and left per month.
import { Bar, BarChart, CartesianGrid, Cell, Legend, ResponsiveContainer, Tooltip, XAxis, YAxis } from 'recharts';
import type { AdminReport } from '../../../api/reports';
import { useT } from '../../../i18n';
import { monthName } from '../../../lib/dates';
import { Card } from '../../../ui/Card';
import { chartEmpty, chartTitle } from '../common/ReportShell';
import { monthLabel } from '../common/reportPeriod';

export const FUNNEL_COLOURS = ['#2563eb', '#d97706', '#15803d'];
const JOINED = '#15803d';
const LEFT = '#dc2626';
const CREATED = '#2563eb';

export function FunnelChart({ report }: { report: AdminReport }) {
  const { t } = useT();
  const data = [
    { label: t('admin_report.funnel.created'), value: report.funnel.created },
    { label: t('admin_report.funnel.ordered'), value: report.funnel.ordered },
    { label: t('admin_report.funnel.joined'), value: report.funnel.joined },
  ];
  return (
    <Card data-testid="chart-funnel">
      <h2 className={chartTitle}>{t('admin_report.charts.funnel')}</h2>
      {report.funnel.created === 0 ? (
        <p className={chartEmpty}>{t('admin_report.charts.empty')}</p>
      ) : (
        <ResponsiveContainer width="100%" height={240}>
          <BarChart data={data} layout="vertical" margin={{ top: 0, right: 24, left: 8, bottom: 0 }}>
            <CartesianGrid strokeDasharray="3 3" horizontal={false} />
            <XAxis type="number" allowDecimals={false} tickLine={false} />
            <YAxis type="category" dataKey="label" width={120} tickLine={false} />
            <Tooltip />
            <Bar dataKey="value" name={t('admin_report.tables.count')} radius={[0, 4, 4, 0]} label={{ position: 'right' }}>
              {data.map((_, i) => (
                <Cell key={i} fill={FUNNEL_COLOURS[i]} />
              ))}
            </Bar>
          </BarChart>
        </ResponsiveContainer>
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
        <ResponsiveContainer width="100%" height={Math.max(200, data.length * 44 + 60)}>
          <BarChart data={data} layout="vertical" margin={{ top: 0, right: 16, left: 8, bottom: 0 }}>
            <CartesianGrid strokeDasharray="3 3" horizontal={false} />
            <XAxis type="number" allowDecimals={false} tickLine={false} />
            <YAxis type="category" dataKey="label" width={120} tickLine={false} />
            <Tooltip />
            <Legend />
            <Bar dataKey="created" name={t('admin_report.funnel.created')} fill={CREATED} radius={[0, 4, 4, 0]} />
            <Bar dataKey="joined" name={t('admin_report.funnel.joined')} fill={JOINED} radius={[0, 4, 4, 0]} />
          </BarChart>
        </ResponsiveContainer>
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
        <ResponsiveContainer width="100%" height={240}>
          <BarChart data={data} margin={{ top: 8, right: 8, left: 0, bottom: 0 }}>
            <CartesianGrid strokeDasharray="3 3" vertical={false} />
            <XAxis dataKey="label" tickLine={false} />
            <YAxis allowDecimals={false} width={40} tickLine={false} />
            <Tooltip />
            <Legend />
            <Bar dataKey="joined" name={t('admin_report.tables.studentsJoined')} fill={JOINED} radius={[4, 4, 0, 0]} />
            <Bar dataKey="left" name={t('admin_report.tables.studentsLeft')} fill={LEFT} radius={[4, 4, 0, 0]} />
          </BarChart>
        </ResponsiveContainer>
      )}
    </Card>
  );
}
