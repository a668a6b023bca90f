// The messages to parents as a table (the messages page and the student card): each one's text, parts and status,
// its history when opened, and for a failed one the button that sends it again.
import { ChevronDown, ChevronRight } from 'lucide-react';
import { useState } from 'react';
import { css } from 'styled-system/css';
import type { ParentMessage } from '../../../../contract/parentMessagesApi';
import { resendMessage } from '../../../api/parentMessages';
import { useT } from '../../../i18n';
import { formatDateTime } from '../../../lib/dates';
import { Badge } from '../../../ui/Badge';
import { Button } from '../../../ui/Button';
import { useWrite } from '../useWrite';
import { statusTone } from './messageFilters';

export const th = css({ textAlign: 'start', px: '3', py: '2', fontSize: 'xs', fontWeight: 'semibold', color: 'fg.muted', bg: 'bg.subtle', borderBottomWidth: '1px', borderColor: 'border.default' });
export const td = css({ px: '3', py: '2', borderBottomWidth: '1px', borderColor: 'border.default', fontSize: 'sm', verticalAlign: 'top' });

/** The messages with their text and, opened, their history; a failed one can be sent again. */
export function MessageTable({ rows, canResend }: { rows: ParentMessage[]; canResend: boolean }) {
  const { t } = useT();
  return (
    <div className={css({ bg: 'bg.surface', borderWidth: '1px', borderColor: 'border.default', borderRadius: 'card', overflowX: 'auto' })}>
      <table className={css({ w: 'full', borderCollapse: 'collapse' })} data-testid="messages-table">
        <thead>
          <tr>
            <th className={th} style={{ width: '2rem' }}>
              <span className={css({ srOnly: true })}>{t('parent_messages.table.history')}</span>
            </th>
            <th className={th}>{t('parent_messages.table.created')}</th>
            <th className={th}>{t('parent_messages.table.to')}</th>
            <th className={th}>{t('parent_messages.filters.event')}</th>
            <th className={th}>{t('parent_messages.table.text')}</th>
            <th className={th}>{t('parent_messages.stats.parts')}</th>
            <th className={th}>{t('parent_messages.filters.status')}</th>
            <th className={th} />
          </tr>
        </thead>
        <tbody>
          {rows.map((row) => (
            <MessageRow key={row.id} row={row} canResend={canResend} />
          ))}
        </tbody>
      </table>
    </div>
  );
}

function MessageRow({ row, canResend }: { row: ParentMessage; canResend: boolean }) {
  const { t, lang } = useT();
  const [open, setOpen] = useState(false);
  const resend = useWrite((id: number, key: string) => resendMessage(id, key), { success: 'parent_messages.table.resent', failureToast: 'parent_messages.table.resendFailed', repeatable: true });
  return (
    <>
      <tr data-testid={`message-row-${row.id}`}>
        <td className={td}>
          <button type="button" aria-expanded={open} aria-label={t('parent_messages.table.history')} onClick={() => setOpen(!open)} className={css({ cursor: 'pointer', color: 'fg.muted', display: 'flex' })}>
            {open ? <ChevronDown size={16} /> : <ChevronRight size={16} />}
          </button>
        </td>
        <td className={td} style={{ whiteSpace: 'nowrap' }}>{formatDateTime(row.created_at, lang)}</td>
        <td className={td}>
          <div>{row.student?.full_name ?? row.lead?.full_name ?? '—'}</div>
          <div className={css({ color: 'fg.muted', fontSize: 'xs' })}>{row.phone}</div>
        </td>
        <td className={td}>{t(`parent_messages.event.${row.event}`)}</td>
        <td className={td} style={{ maxWidth: '28rem' }}>{row.text}</td>
        <td className={td}>{row.parts}</td>
        <td className={td}>
          <Badge tone={statusTone(row.status)}>{t(`parent_messages.status.${row.status}`)}</Badge>
          {row.reason ? <div className={css({ color: 'fg.muted', fontSize: 'xs', mt: '1' })}>{row.reason}</div> : null}
        </td>
        <td className={td}>
          {row.status === 'failed' && canResend ? (
            <Button size="sm" variant="outline" disabled={resend.submitting} onClick={() => resend.submit(row.id)} data-testid={`message-resend-${row.id}`}>
              {t('parent_messages.table.resend')}
            </Button>
          ) : null}
        </td>
      </tr>
      {open ? (
        <tr>
          <td className={td} colSpan={8}>
            <ol className={css({ display: 'grid', gap: '1', fontSize: 'sm' })} data-testid={`message-history-${row.id}`}>
              {row.history.map((h) => (
                <li key={`${h.at}-${h.status}`}>
                  <span className={css({ color: 'fg.muted', mr: '2' })}>{formatDateTime(h.at, lang)}</span>
                  {t(`parent_messages.status.${h.status}`)}
                  {h.reason ? ` — ${h.reason}` : ''}
                </li>
              ))}
            </ol>
          </td>
        </tr>
      ) : null}
    </>
  );
}
