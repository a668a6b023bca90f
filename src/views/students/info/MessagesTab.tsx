import { css } from 'styled-system/css';
import { setParentOptOut, useMessages, useParentOptOut } from '../../../api/parentMessages';
import { useT } from '../../../i18n';
import { ListPagination } from '../../common/ListPagination';
import { useWrite } from '../../common/useWrite';
import { MessageTable } from '../../common/messages/MessageTable';
import { MESSAGES_PAGE_SIZE } from '../../common/messages/messageFilters';

/** The student card's messages to parents: the ones sent about the student, and the parents' opt-out. */
export function MessagesTab({ studentId, page, onPage }: { studentId: number; page: number; onPage: (page: number) => void }) {
  const { t } = useT();
  const messages = useMessages({ student: studentId, page, page_size: MESSAGES_PAGE_SIZE });
  const optOut = useParentOptOut(studentId);
  const write = useWrite((on: boolean, key: string) => setParentOptOut(studentId, on, key), { success: 'parent_messages.card.optOutSaved', failureToast: 'parent_messages.loadFailed', repeatable: true });
  const rows = messages.data?.results;
  return (
    <div className={css({ display: 'grid', gap: '3' })} data-testid="student-messages">
      {optOut.data ? (
        <label className={css({ display: 'flex', gap: '2', alignItems: 'center', fontSize: 'sm', cursor: 'pointer' })}>
          <input type="checkbox" checked={write.pending ?? optOut.data.opt_out} disabled={write.submitting} onChange={(e) => write.submit(e.target.checked)} data-testid="parent-opt-out" />
          {t('parent_messages.card.optOut')}
        </label>
      ) : null}
      {messages.isError ? <p role="alert" className={css({ color: 'danger.default' })}>{t('parent_messages.loadFailed')}</p> : null}
      {rows && rows.length === 0 ? <p className={css({ color: 'fg.muted', py: '4' })}>{t('parent_messages.card.empty')}</p> : null}
      {rows && rows.length > 0 ? <MessageTable rows={rows} canResend={false} /> : null}
      <ListPagination page={page} count={messages.data?.count} pageSize={MESSAGES_PAGE_SIZE} onChange={onPage} />
    </div>
  );
}
