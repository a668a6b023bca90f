import { useSelector } from '@xstate/react';
import { useState } from 'react';
import { css } from 'styled-system/css';
import { useLocation } from 'wouter';
import { MESSAGE_CHANNELS, MESSAGE_STATUSES } from '../../../../contract/parentMessagesApi';
import { MESSAGE_EVENTS } from '../../../../contract/parentMessages';
import { centreToday } from '../../../../contract/centreDay';
import { useMessageStats, useMessages } from '../../../api/parentMessages';
import { useActors, useReadablePages } from '../../../app/hooks';
import { useT } from '../../../i18n';
import { connectBranch } from '../../../machines/branch';
import { Button } from '../../../ui/Button';
import { DateField } from '../../../ui/DateField';
import { MonthField } from '../../../ui/MonthField';
import { PageHeader } from '../../../ui/PageHeader';
import { Select } from '../../../ui/Select';
import { ListPagination } from '../../common/ListPagination';
import { useQueryParams } from '../../common/useQueryParams';
import { MessageTable, td, th } from '../../common/messages/MessageTable';
import { MESSAGES_PAGE_SIZE, messagesQueryFromParams } from '../../common/messages/messageFilters';

const filterBar = css({ display: 'grid', gap: '3', gridTemplateColumns: { base: '1fr 1fr', md: 'repeat(3, minmax(0, 1fr))', xl: 'repeat(6, minmax(0, 1fr)) auto' }, alignItems: 'end', mb: '4' });
const panel = css({ bg: 'bg.surface', borderWidth: '1px', borderColor: 'border.default', borderRadius: 'card', p: '4', mb: '4' });

/** /control/messages: the outbox of messages to parents with its filters, each message's history, and the month's cost. */
export default function MessagesPage() {
  const { t } = useT();
  const [params, setParams] = useQueryParams();
  const query = messagesQueryFromParams(params);
  const messages = useMessages(query);
  const { branch } = useActors();
  const branches = useSelector(branch, (s) => connectBranch(s).branchOptions);
  const set = (key: string, value: string) => setParams({ [key]: value || null, page: null });
  const option = (ns: string) => (value: string) => ({ value, label: t(`parent_messages.${ns}.${value}`) });
  const rows = messages.data?.results;
  const canSettings = useReadablePages().has('control');
  const [, navigate] = useLocation();

  return (
    <div>
      <PageHeader
        title={t('parent_messages.page.title')}
        subtitle={t('parent_messages.page.subtitle')}
        actions={
          canSettings ? (
            <Button variant="outline" onClick={() => navigate('/control/messages/settings')} data-testid="messages-settings-link">
              {t('parent_messages.page.settings')}
            </Button>
          ) : null
        }
      />
      <MonthStats />
      <div className={filterBar} data-testid="message-filters">
        <Select label={t('parent_messages.filters.branch')} name="filial" value={query.filial ? String(query.filial) : ''} placeholder={t('parent_messages.filters.any')} onChange={(e) => set('filial', e.target.value)} options={branches.map((b) => ({ value: String(b.id), label: b.name }))} />
        <Select label={t('parent_messages.filters.status')} name="status" value={query.status ?? ''} placeholder={t('parent_messages.filters.any')} onChange={(e) => set('status', e.target.value)} options={MESSAGE_STATUSES.map(option('status'))} />
        <Select label={t('parent_messages.filters.channel')} name="channel" value={query.channel ?? ''} placeholder={t('parent_messages.filters.any')} onChange={(e) => set('channel', e.target.value)} options={MESSAGE_CHANNELS.map(option('channel'))} />
        <Select label={t('parent_messages.filters.event')} name="event" value={query.event ?? ''} placeholder={t('parent_messages.filters.any')} onChange={(e) => set('event', e.target.value)} options={MESSAGE_EVENTS.map(option('event'))} />
        <DateField label={t('parent_messages.filters.from')} name="start_date" value={query.start_date ?? ''} onChange={(day) => set('start_date', day)} />
        <DateField label={t('parent_messages.filters.to')} name="end_date" value={query.end_date ?? ''} onChange={(day) => set('end_date', day)} />
        <Button variant="outline" onClick={() => setParams({ filial: null, status: null, channel: null, event: null, start_date: null, end_date: null, student: null, page: null })}>
          {t('parent_messages.filters.clear')}
        </Button>
      </div>
      {messages.isError ? <p role="alert" className={css({ color: 'danger.default', mb: '3' })}>{t('parent_messages.loadFailed')}</p> : null}
      {rows && rows.length === 0 ? <p className={css({ py: '8', textAlign: 'center', color: 'fg.muted' })}>{t('parent_messages.page.empty')}</p> : null}
      {!rows && messages.isLoading ? <p className={css({ color: 'fg.muted' })}>{t('parent_messages.loading')}</p> : null}
      {rows && rows.length > 0 ? <MessageTable rows={rows} canResend={canSettings} /> : null}
      <ListPagination page={query.page} count={messages.data?.count} pageSize={MESSAGES_PAGE_SIZE} onChange={(p) => setParams({ page: p > 1 ? p : null })} />
    </div>
  );
}

/** The month's messages and SMS parts per branch, and the warning when no gateway is configured. */
function MonthStats() {
  const { t } = useT();
  const [month, setMonth] = useState(() => centreToday().slice(0, 7));
  const stats = useMessageStats(month);
  return (
    <section className={panel} data-testid="message-stats">
      {stats.data && stats.data.provider === null ? (
        <p role="status" className={css({ color: 'danger.default', fontWeight: 'medium', mb: '3' })} data-testid="no-provider">
          {t('parent_messages.page.noProvider')}
        </p>
      ) : null}
      <div className={css({ display: 'flex', gap: '4', alignItems: 'end', flexWrap: 'wrap' })}>
        <MonthField label={t('parent_messages.stats.month')} value={month} onChange={setMonth} name="month" />
        <table className={css({ borderCollapse: 'collapse', minW: '320px' })}>
          <thead>
            <tr>
              <th className={th}>{t('parent_messages.filters.branch')}</th>
              <th className={th}>{t('parent_messages.stats.count')}</th>
              <th className={th}>{t('parent_messages.stats.parts')}</th>
              <th className={th}>{t('parent_messages.stats.failed')}</th>
            </tr>
          </thead>
          <tbody>
            {(stats.data?.branches ?? []).map((b) => (
              <tr key={b.filial} data-testid={`message-stats-${b.filial}`}>
                <td className={td}>{b.name}</td>
                <td className={td}>{b.count}</td>
                <td className={td}>{b.parts}</td>
                <td className={td}>{b.failed}</td>
              </tr>
            ))}
          </tbody>
        </table>
      </div>
    </section>
  );
}
