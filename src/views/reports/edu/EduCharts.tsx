// The education report's charts (recharts, loaded only with this page): the attendance rate per group (bars
// coloured by how good it is) and the groups' filling now (students and free places stacked to the capacity).
import { Bar, BarChart, CartesianGrid, Cell, Legend, ResponsiveContainer, Tooltip, XAxis, YAxis } from 'recharts';
import type { EduReport } from '../../../api/reports';
import { useT } from '../../../i18n';
import { Card } from '../../../ui/Card';
import { chartEmpty, chartTitle } from '../common/ReportShell';
import { rateColour } from './rateColour';


const MAX_BARS = 15;

export function AttendanceChart({ report }: { report: EduReport }) {
  const { t } = useT();
  const data = report.by_group.filter((g) => g.rate !== null).slice(0, MAX_BARS).map((g) => ({ label: g.group.name, rate: g.rate as number }));
  return (
    <Card data-testid="chart-attendance">
      <h2 className={chartTitle}>{t('edu_report.charts.attendance')}</h2>
      {data.length === 0 ? (
        <p className={chartEmpty}>{t('edu_report.charts.empty')}</p>
      ) : (
        <ResponsiveContainer width="100%" height={Math.max(200, data.length * 40 + 40)}>
          <BarChart data={data} layout="vertical" margin={{ top: 0, right: 24, left: 8, bottom: 0 }}>
            <CartesianGrid strokeDasharray="3 3" horizontal={false} />
            <XAxis type="number" domain={[0, 100]} unit="%" tickLine={false} />
            <YAxis type="category" dataKey="label" width={150} tickLine={false} interval={0} tick={{ fontSize: 11 }} />
            <Tooltip formatter={(value) => `${value}%`} />
            <Bar dataKey="rate" name={t('edu_report.tables.rate')} radius={[0, 4, 4, 0]}>
              {data.map((d, i) => (
                <Cell key={i} fill={rateColour(d.rate)} />
              ))}
            </Bar>
          </BarChart>
        </ResponsiveContainer>
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
        <ResponsiveContainer width="100%" height={Math.max(200, data.length * 40 + 60)}>
          <BarChart data={data} layout="vertical" margin={{ top: 0, right: 16, left: 8, bottom: 0 }}>
            <CartesianGrid strokeDasharray="3 3" horizontal={false} />
            <XAxis type="number" allowDecimals={false} tickLine={false} />
            <YAxis type="category" dataKey="label" width={150} tickLine={false} interval={0} tick={{ fontSize: 11 }} />
            <Tooltip />
            <Legend />
            <Bar dataKey="students" stackId="seats" name={t('edu_report.tables.students')} fill="#2563eb" />
            <Bar dataKey="free" stackId="seats" name={t('edu_report.tables.free')} fill="#cbd5e1" radius={[0, 4, 4, 0]} />
          </BarChart>
        </ResponsiveContainer>
      )}
    </Card>
  );
}
