import { css } from 'styled-system/css';
import { useLeadLogs } from '../../../api/leadDetail';
import { useT } from '../../../i18n';
import { formatDateTime } from '../../../lib/dates';
import { Button } from '../../../ui/Button';
import { logText } from './historyText';
import { Panel } from './parts';

/** GET /logs/?lead=: newest first, with who did it and when. */
export function LeadHistory({ leadId }: { leadId: number }) {
  const { t, lang } = useT();
  const logs = useLeadLogs(leadId);
  const rows = logs.data?.results ?? [];
  return (
    <Panel title={t('lead_detail.history.title')} testId="lead-history">
      {logs.isPending ? <p className={css({ color: 'fg.muted', fontSize: 'sm' })}>{t('lead_detail.loading')}</p> : null}
      {logs.isError ? (
        <p role="alert" className={css({ color: 'danger.default', fontSize: 'sm' })}>
          {t('lead_detail.failedLoad')}{' '}
          <Button size="sm" variant="ghost" onClick={() => void logs.refetch()}>
            {t('common.actions.retry')}
          </Button>
        </p>
      ) : null}
      {logs.isSuccess && rows.length === 0 ? <p className={css({ color: 'fg.muted', fontSize: 'sm' })}>{t('lead_detail.history.empty')}</p> : null}
      <ol className={css({ display: 'grid', gap: '0' })}>
        {rows.map((log) => {
          const { title, detail } = logText(log, t, lang);
          return (
            <li
              key={log.id}
              data-testid="lead-history-row"
              data-action={log.action}
              className={css({ display: 'grid', gap: '0.5', py: '2.5', borderTopWidth: '1px', borderColor: 'border.default', _first: { borderTopWidth: '0', pt: '0' } })}
            >
              <div className={css({ display: 'flex', justifyContent: 'space-between', gap: '3', flexWrap: 'wrap' })}>
                <span className={css({ fontWeight: 'medium', fontSize: 'sm' })}>{title}</span>
                <time dateTime={log.created_at} className={css({ fontSize: 'xs', color: 'fg.muted', fontVariantNumeric: 'tabular-nums' })}>
                  {formatDateTime(log.created_at, lang)}
                </time>
              </div>
              {detail ? <span className={css({ fontSize: 'sm', overflowWrap: 'anywhere' })}>{detail}</span> : null}
              <span className={css({ fontSize: 'xs', color: 'fg.muted' })}>{log.actor?.full_name ?? t('lead_detail.history.system')}</span>
            </li>
          );
        })}
      </ol>
    </Panel>
  );
}
