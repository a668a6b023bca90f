// The student card's parents tab: the parents' Telegram. Staff make a one-time link (a week) that a parent opens on
// the phone or scans as a QR code; the parent's chat then gets the messages about the student instead of SMS and may
// ask the bot for the balance, attendance and the next lesson. Linked chats are listed and can be unlinked.
import { Send, Unlink } from 'lucide-react';
import { useState } from 'react';
import { css } from 'styled-system/css';
import { renderSVG } from 'uqr';
import type { Role } from '../../../../contract/roles';
import type { TelegramLinkAnswer } from '../../../../contract/telegram';
import { createTelegramLink, telegramKeys, unlinkTelegramChat, useStudentTelegram } from '../../../api/telegram';
import { queryClient } from '../../../api/queryClient';
import { useMe } from '../../../app/hooks';
import { useT } from '../../../i18n';
import { formatCentreDateTime, formatDate } from '../../../lib/dates';
import { Button } from '../../../ui/Button';
import { ConfirmDialog } from '../../../ui/ConfirmDialog';
import { useWrite } from '../../common/useWrite';
import { emptyText, muted, panel, sectionTitle } from './parts';

/** The server's rule: linking parents is office work. */
const NOT_OFFICE: Role[] = ['TEACHER', 'ASSISTANT', 'CALL_OPERATOR'];

export function ParentsTab({ studentId }: { studentId: number }) {
  const { t, lang } = useT();
  const me = useMe();
  const telegram = useStudentTelegram(studentId);
  const office = !NOT_OFFICE.includes(me.role);
  const [link, setLink] = useState<TelegramLinkAnswer | null>(null);
  const [unlinking, setUnlinking] = useState<number | null>(null);
  const create = useWrite((_: null, key: string) => createTelegramLink(studentId, key), {
    onDone: (made) => {
      setLink(made);
      void queryClient.invalidateQueries({ queryKey: telegramKeys.student(studentId) });
    },
    failureToast: 'student_detail.telegram.linkFailed',
    repeatable: true,
  });
  const unlink = useWrite((chat: number, key: string) => unlinkTelegramChat(studentId, chat, key), {
    success: 'student_detail.telegram.unlinked',
    failureToast: 'student_detail.telegram.unlinkFailed',
    onDone: () => setUnlinking(null),
    repeatable: true,
  });

  return (
    <section className={panel} data-testid="parents-telegram">
      <h2 className={sectionTitle}>{t('student_detail.telegram.title')}</h2>
      {telegram.isPending ? <p className={emptyText}>{t('common.loading')}</p> : null}
      {telegram.isError ? (
        <p role="alert" className={emptyText}>
          {t('student_detail.telegram.loadFailed')}
        </p>
      ) : null}
      {telegram.data && !telegram.data.configured ? (
        <p className={emptyText} data-testid="telegram-not-configured">
          {t('student_detail.telegram.notConfigured')}
        </p>
      ) : null}
      {telegram.data?.configured ? (
        <div className={css({ display: 'grid', gap: '3' })}>
          <p className={muted}>{t('student_detail.telegram.explain')}</p>
          {telegram.data.chats.length === 0 ? <p className={emptyText}>{t('student_detail.telegram.none')}</p> : null}
          <ul className={css({ display: 'grid', gap: '2' })} data-testid="telegram-chats">
            {telegram.data.chats.map((chat) => (
              <li key={chat.id} className={css({ display: 'flex', gap: '3', alignItems: 'center', justifyContent: 'space-between', flexWrap: 'wrap' })}>
                <span>
                  {chat.name ?? t('student_detail.telegram.parent')} <span className={muted}>· {t('student_detail.telegram.linkedOn', { date: formatDate(chat.linked_at, lang) })}</span>
                </span>
                {office ? (
                  <Button size="sm" variant="ghost" onClick={() => setUnlinking(chat.id)} data-testid="telegram-unlink">
                    <Unlink size={14} aria-hidden />
                    {t('student_detail.telegram.unlink')}
                  </Button>
                ) : null}
              </li>
            ))}
          </ul>
          {office ? (
            <div>
              <Button size="sm" onClick={() => create.submit(null)} disabled={create.submitting} data-testid="telegram-make-link">
                <Send size={14} aria-hidden />
                {t('student_detail.telegram.makeLink')}
              </Button>
            </div>
          ) : null}
          {link ? <LinkCard link={link} /> : null}
        </div>
      ) : null}
      <ConfirmDialog
        open={unlinking !== null}
        title={t('student_detail.telegram.unlinkTitle')}
        description={t('student_detail.telegram.unlinkText')}
        cancelLabel={t('common.actions.cancel')}
        confirmLabel={t('student_detail.telegram.unlink')}
        tone="danger"
        onCancel={() => setUnlinking(null)}
        onConfirm={() => unlinking !== null && unlink.submit(unlinking)}
      />
    </section>
  );
}

/** The link as a QR code to scan from the screen, and as text to send. */
function LinkCard({ link }: { link: TelegramLinkAnswer }) {
  const { t, lang } = useT();
  // uqr draws the code from the link alone: the markup holds nothing typed by anyone.
  const svg = renderSVG(link.url, { border: 2 });
  return (
    <div className={css({ display: 'flex', gap: '4', alignItems: 'center', flexWrap: 'wrap', p: '3', borderWidth: '1px', borderColor: 'border.default', borderRadius: 'l2' })} data-testid="telegram-link">
      <div
        role="img"
        aria-label={t('student_detail.telegram.qr')}
        className={css({ w: '160px', h: '160px', bg: 'white', '& svg': { w: 'full', h: 'full' } })}
        // biome-ignore lint/security/noDangerouslySetInnerHtml: the SVG is generated from our own link by uqr
        dangerouslySetInnerHTML={{ __html: svg }}
      />
      <div className={css({ display: 'grid', gap: '2', minW: '0', flex: '1' })}>
        <a href={link.url} target="_blank" rel="noopener" className={css({ wordBreak: 'break-all', color: 'accent.fg', textDecoration: 'underline' })} data-testid="telegram-link-url">
          {link.url}
        </a>
        <span className={muted}>{t('student_detail.telegram.expires', { date: formatCentreDateTime(link.expires_at, lang) })}</span>
      </div>
    </div>
  );
}
