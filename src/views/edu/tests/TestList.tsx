import { Dialog as Ark } from '@ark-ui/react/dialog';
import { Portal } from '@ark-ui/react/portal';
import { Archive, ArchiveRestore, X } from 'lucide-react';
import { useState, type ReactNode } from 'react';
import { css, cx } from 'styled-system/css';
import type { TestListItem } from '../../../../contract/placementTests';
import { useArchiveTest, useTestsPage } from '../../../api/placementTests';
import { useActors } from '../../../app/hooks';
import { useCurrentBranch } from '../../../app/useBranch';
import { useT } from '../../../i18n';
import { testPath } from '../../../machines/testEditor';
import { Badge } from '../../../ui/Badge';
import { ConfirmDialog } from '../../../ui/ConfirmDialog';
import { ListPagination } from '../../common/ListPagination';
import { dangerIconButton, iconButton } from './styles';
import { AddButton } from '../../../ui/AddButton';

const PAGE_SIZE = 30;

const panel = css({ display: 'flex', flexDirection: 'column', gap: '3', p: '4' });
const toggle = css({ display: 'flex', bg: 'bg.subtle', borderRadius: 'control', p: '1', gap: '1' });
const toggleItem = css({
  flex: '1',
  h: '8',
  fontSize: 'sm',
  fontWeight: 'medium',
  color: 'fg.muted',
  borderRadius: 'control',
  cursor: 'pointer',
  '&[aria-pressed=true]': { bg: 'bg.surface', color: 'fg.default', boxShadow: 'card' },
});
const item = css({
  display: 'flex',
  alignItems: 'flex-start',
  gap: '1',
  borderRadius: 'control',
  borderWidth: '1px',
  borderColor: 'transparent',
  _hover: { bg: 'bg.subtle' },
  '&[data-current=true]': { bg: 'accent.subtle', borderColor: 'accent.subtle' },
});
const openLink = css({ flex: '1', minW: '0', textAlign: 'start', px: '3', py: '2.5', borderRadius: 'control', cursor: 'pointer' });
const itemTitle = css({ fontWeight: 'medium', fontSize: 'sm', lineClamp: 2 });
const itemMeta = css({ display: 'flex', flexWrap: 'wrap', alignItems: 'center', gap: '1.5', mt: '1', fontSize: 'xs', color: 'fg.muted' });
const muted = css({ color: 'fg.muted', fontSize: 'sm', py: '6', textAlign: 'center' });

type ListProps = { currentId: number | null; onOpen: (to: string) => void };
type PanelProps = ListProps & { headerEnd?: ReactNode };

/** The branch's tests: open one (through the editor, which asks about unsaved changes), archive or restore. */
export function TestListPanel({ currentId, onOpen, headerEnd }: PanelProps) {
  const { t } = useT();
  const { toast } = useActors();
  const filial = useCurrentBranch();
  const [archived, setArchived] = useState(false);
  const [page, setPage] = useState(1);
  const [confirming, setConfirming] = useState<TestListItem | null>(null);
  const tests = useTestsPage({ filial, page, archived });
  const archive = useArchiveTest();

  const setArchivedTo = (test: TestListItem, value: boolean) =>
    archive.mutate(
      { id: test.id, archived: value },
      {
        onSuccess: () => toast.send({ type: 'toast.show', severity: 'success', message: value ? 'tests.toast.archived' : 'tests.toast.unarchived' }),
        onError: () => toast.send({ type: 'toast.show', severity: 'error', message: 'tests.toast.archiveFailed' }),
      },
    );
  const showArchived = (value: boolean) => {
    setArchived(value);
    setPage(1);
  };

  const rows = tests.data?.results;
  return (
    <div className={panel} data-testid="test-list">
      <div className={css({ display: 'flex', alignItems: 'center', justifyContent: 'space-between', gap: '2' })}>
        <h2 className={css({ fontWeight: 'semibold', flex: '1' })}>{t('tests.list.heading')}</h2>
        <AddButton size="sm" variant="outline" onClick={() => onOpen(testPath(null))} data-testid="new-test">
          {t('tests.list.new')}
        </AddButton>
        {headerEnd}
      </div>
      <div className={toggle} role="group" aria-label={t('tests.list.heading')}>
        <button type="button" className={toggleItem} aria-pressed={!archived} onClick={() => showArchived(false)}>
          {t('tests.list.active')}
        </button>
        <button type="button" className={toggleItem} aria-pressed={archived} onClick={() => showArchived(true)}>
          {t('tests.list.archived')}
        </button>
      </div>
      {filial === null ? (
        <p className={muted}>{t('tests.list.noBranch')}</p>
      ) : tests.isError ? (
        <p className={muted} role="alert">
          {t('tests.list.failed')}
        </p>
      ) : !rows ? (
        <p className={muted} aria-busy="true">
          {t('tests.status.loading')}
        </p>
      ) : rows.length === 0 ? (
        <p className={muted}>{archived ? t('tests.list.emptyArchived') : t('tests.list.empty')}</p>
      ) : (
        <ul className={css({ display: 'grid', gap: '1', listStyle: 'none', p: '0', m: '0' })} aria-busy={tests.isFetching || undefined}>
          {rows.map((test) => (
            <li key={test.id} className={item} data-current={test.id === currentId} data-testid="test-list-item">
              <a
                href={testPath(test.id)}
                className={openLink}
                aria-current={test.id === currentId ? 'page' : undefined}
                onClick={(e) => {
                  e.preventDefault();
                  onOpen(testPath(test.id));
                }}
              >
                <span className={itemTitle}>{test.title}</span>
                <span className={itemMeta}>
                  <Badge tone={test.kind === 'placement' ? 'accent' : 'info'}>{t(`tests.settings.kinds.${test.kind}`)}</Badge>
                  <span>
                    {test.subject.name}
                    {test.level ? ` · ${test.level.name}` : ''}
                  </span>
                </span>
                <span className={itemMeta}>{t('tests.list.meta', { questions: test.question_count, minutes: test.duration_minutes })}</span>
              </a>
              <button
                type="button"
                className={cx(iconButton, archived ? undefined : dangerIconButton, css({ mt: '2', me: '1' }))}
                disabled={archive.isPending}
                onClick={() => (archived ? setArchivedTo(test, false) : setConfirming(test))}
                aria-label={`${archived ? t('tests.list.unarchive') : t('tests.list.archive')}: ${test.title}`}
                title={archived ? t('tests.list.unarchive') : t('tests.list.archive')}
              >
                {archived ? <ArchiveRestore size={16} aria-hidden="true" /> : <Archive size={16} aria-hidden="true" />}
              </button>
            </li>
          ))}
        </ul>
      )}
      <ListPagination page={page} count={tests.data?.count} onChange={setPage} pageSize={PAGE_SIZE} />
      <ConfirmDialog
        open={confirming !== null}
        title={t('tests.list.archiveTitle')}
        description={t('tests.list.archiveDescription', { title: confirming?.title ?? '' })}
        cancelLabel={t('common.actions.cancel')}
        confirmLabel={t('tests.list.archive')}
        tone="danger"
        onCancel={() => setConfirming(null)}
        onConfirm={() => {
          if (confirming) setArchivedTo(confirming, true);
          setConfirming(null);
        }}
      />
    </div>
  );
}

const backdrop = css({ position: 'fixed', inset: '0', bg: 'bg.overlay', zIndex: 'overlay', _open: { animation: 'fadeIn 150ms ease-out' } });
const positioner = css({ position: 'fixed', inset: '0', zIndex: 'modal', display: 'flex', alignItems: { base: 'flex-end', sm: 'stretch' } });
// A bottom sheet on a phone, a drawer from the left on a tablet; at lg and wider the list is a side column.
const sheet = css({
  position: 'relative',
  w: { base: 'full', sm: '22rem' },
  maxH: { base: '85dvh', sm: 'none' },
  h: { sm: 'full' },
  overflowY: 'auto',
  bg: 'bg.surface',
  boxShadow: 'popover',
  borderTopRadius: { base: 'card', sm: '0' },
  pt: { base: '2', sm: '0' },
  _open: { animation: { base: 'fadeIn 150ms ease-out', sm: 'slideInLeft 200ms ease-out' } },
});
const grabber = css({ display: { base: 'block', sm: 'none' }, w: '10', h: '1', mx: 'auto', mt: '1', borderRadius: 'full', bg: 'border.strong' });

export function TestListSheet({ open, onClose, ...list }: ListProps & { open: boolean; onClose: () => void }) {
  const { t } = useT();
  return (
    <Ark.Root open={open} onOpenChange={(d) => (d.open ? undefined : onClose())} lazyMount unmountOnExit>
      <Portal>
        <Ark.Backdrop className={backdrop} />
        <Ark.Positioner className={positioner}>
          <Ark.Content className={sheet} data-testid="test-list-sheet">
            <div className={grabber} aria-hidden="true" />
            <Ark.Title className={css({ srOnly: true })}>{t('tests.list.heading')}</Ark.Title>
            <TestListPanel
              {...list}
              headerEnd={
                <Ark.CloseTrigger className={iconButton} aria-label={t('tests.list.close')}>
                  <X size={18} />
                </Ark.CloseTrigger>
              }
            />
          </Ark.Content>
        </Ark.Positioner>
      </Portal>
    </Ark.Root>
  );
}
