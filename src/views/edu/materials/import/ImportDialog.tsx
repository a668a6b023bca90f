import { useSelector } from '@xstate/react';
import { CheckCircle2, Upload } from 'lucide-react';
import { css } from 'styled-system/css';
import { IMPORT_COLUMNS, IMPORT_HEADERS, IMPORT_MAX_ROWS, type ImportResult } from '../../../../../contract/catalogueImport';
import { translateIssue, useT } from '../../../../i18n';
import { type CatalogueImportActorRef, connectCatalogueImport } from '../../../../machines/catalogueImport';
import { Button } from '../../../../ui/Button';
import { Dialog, dialogFooter } from '../../../../ui/Dialog';
import { Table } from '../../../../ui/Table';
import { errorText } from '../parts/errorText';
import { FilePickerBox } from '../../../common/FilePickerBox';

const note = css({ fontSize: 'sm', color: 'fg.muted' });
const columnsList = css({ display: 'grid', gap: '1', fontSize: 'sm', listStyle: 'none', p: '3', bg: 'bg.subtle', borderRadius: 'control', my: '3' });
const code = css({ fontFamily: 'mono', fontSize: 'xs', bg: 'bg.surface', px: '1.5', py: '0.5', borderRadius: 'sm', borderWidth: '1px', borderColor: 'border.default' });
const errorLine = css({ mt: '2', fontSize: 'sm', color: 'danger.default' });
const banner = css({ display: 'flex', gap: '2', alignItems: 'flex-start', p: '3', borderRadius: 'control', fontSize: 'sm' });
const track = css({ h: '2', bg: 'bg.muted', borderRadius: 'full', overflow: 'hidden', mt: '3' });
const fill = css({ h: 'full', bg: 'accent.default', transition: 'width 150ms linear' });

/** The import dialog: which columns the file needs, choose it, watch it upload, then what was created or refused. */
export function ImportDialog({ actor }: { actor: CatalogueImportActorRef }) {
  const { t } = useT();
  const step = useSelector(actor, (s) => connectCatalogueImport(s).step);
  return (
    <Dialog
      open={step !== 'idle'}
      onClose={() => actor.send({ type: 'dialog.close' })}
      title={t('materials.import.title')}
      closeLabel={t('common.actions.close')}
      maxWidth={step === 'rejected' ? '640px' : '520px'}
    >
      <div data-testid="import-dialog" data-step={step} className={css({ maxH: 'calc(100dvh - 10rem)', overflowY: 'auto' })}>
        {step === 'picking' ? <Picking actor={actor} /> : null}
        {step === 'uploading' ? <Uploading actor={actor} /> : null}
        {step === 'done' ? <Done actor={actor} /> : null}
        {step === 'rejected' ? <Rejected actor={actor} /> : null}
        {step === 'failed' ? <Failed actor={actor} /> : null}
      </div>
    </Dialog>
  );
}

function Picking({ actor }: { actor: CatalogueImportActorRef }) {
  const { t } = useT();
  const file = useSelector(actor, (s) => connectCatalogueImport(s).file);
  const fileError = useSelector(actor, (s) => connectCatalogueImport(s).fileError);
  return (
    <>
      <p className={note}>{t('materials.import.intro', { max: IMPORT_MAX_ROWS })}</p>
      <ul className={columnsList} aria-label={t('materials.import.columnsTitle')}>
        {IMPORT_COLUMNS.map((column) => (
          <li key={column}>
            <strong>{t(`materials.import.columns.${column}`)}</strong>{' '}
            {IMPORT_HEADERS[column].map((header, i) => (
              <span key={header}>
                {i ? ' / ' : null}
                <code className={code}>{header}</code>
              </span>
            ))}
            {' — '}
            <span className={css({ color: 'fg.muted' })}>{t(`materials.import.columnRules.${column}`)}</span>
          </li>
        ))}
      </ul>
      <FilePicker actor={actor} label={file ? t('materials.import.chooseOther') : t('materials.import.choose')} />
      {file ? (
        <p className={css({ mt: '2', fontSize: 'sm' })} data-testid="import-file">
          {file.name} · {formatSize(file.size)}
        </p>
      ) : null}
      {fileError ? (
        <p role="alert" className={errorLine}>
          {translateIssue(fileError, t)}
        </p>
      ) : null}
      <div className={dialogFooter}>
        <Button variant="outline" onClick={() => actor.send({ type: 'dialog.close' })}>
          {t('common.actions.cancel')}
        </Button>
        <Button onClick={() => actor.send({ type: 'upload.start' })} disabled={!file} data-testid="import-upload">
          <Upload size={16} /> {t('materials.import.upload')}
        </Button>
      </div>
    </>
  );
}

/** The .xlsx picker of the dialog. */
function FilePicker({ actor, label }: { actor: CatalogueImportActorRef; label: string }) {
  return <FilePickerBox label={label} accept=".xlsx,application/vnd.openxmlformats-officedocument.spreadsheetml.sheet" onFile={(file) => actor.send({ type: 'file.choose', file })} />;
}

function Uploading({ actor }: { actor: CatalogueImportActorRef }) {
  const { t } = useT();
  const file = useSelector(actor, (s) => connectCatalogueImport(s).file);
  const progress = useSelector(actor, (s) => connectCatalogueImport(s).progress);
  const percent = Math.round(progress * 100);
  // Once every byte is sent the server still reads the rows: say so instead of sitting at 100 %.
  const label = percent >= 100 ? t('materials.import.processing') : t('materials.import.uploading', { percent });
  return (
    <>
      <p className={css({ fontSize: 'sm' })}>{file?.name}</p>
      <div className={track} role="progressbar" aria-valuemin={0} aria-valuemax={100} aria-valuenow={percent} aria-label={label}>
        <div className={fill} style={{ width: `${percent}%` }} />
      </div>
      <p className={css({ mt: '2', fontSize: 'sm', color: 'fg.muted' })} aria-live="polite">
        {label}
      </p>
      <div className={dialogFooter}>
        <Button variant="outline" onClick={() => actor.send({ type: 'upload.cancel' })}>
          {t('materials.import.cancelUpload')}
        </Button>
      </div>
    </>
  );
}

function Created({ created }: { created: ImportResult['created'] }) {
  const { t } = useT();
  return <span>{t('materials.import.created', created)}</span>;
}

function Done({ actor }: { actor: CatalogueImportActorRef }) {
  const { t } = useT();
  const result = useSelector(actor, (s) => connectCatalogueImport(s).result);
  return (
    <>
      <div className={`${banner} ${css({ bg: 'success.subtle', color: 'success.default' })}`} role="status" data-testid="import-done">
        <CheckCircle2 size={18} aria-hidden="true" />
        <div>
          <strong>{t('materials.import.doneTitle')}</strong>
          <div>{result ? <Created created={result.created} /> : null}</div>
        </div>
      </div>
      <div className={dialogFooter}>
        <Button variant="outline" onClick={() => actor.send({ type: 'import.again' })}>
          {t('materials.import.again')}
        </Button>
        <Button onClick={() => actor.send({ type: 'dialog.close' })}>{t('common.actions.close')}</Button>
      </div>
    </>
  );
}

type RejectedLine = { key: string; row: number; column: string; message: string };

function Rejected({ actor }: { actor: CatalogueImportActorRef }) {
  const { t } = useT();
  const result = useSelector(actor, (s) => connectCatalogueImport(s).result);
  const rows: RejectedLine[] = (result?.rejected ?? []).flatMap((r) =>
    Object.entries(r.errors).flatMap(([column, messages]) =>
      messages.map((message, i) => ({ key: `${r.row}-${column}-${i}`, row: r.row, column, message })),
    ),
  );
  const columnName = (column: string) => ((IMPORT_COLUMNS as readonly string[]).includes(column) ? t(`materials.import.columns.${column}`) : column);
  return (
    <>
      <div className={`${banner} ${css({ bg: 'danger.subtle', color: 'danger.default' })}`} role="alert" data-testid="import-rejected">
        <div>
          <strong>{t('materials.import.rejectedTitle')}</strong>
          <div>{t('materials.import.rejectedHint', { count: result?.rejected.length ?? 0 })}</div>
        </div>
      </div>
      <div className={css({ mt: '3' })}>
        <Table
          columns={[
            { key: 'row', header: t('materials.import.row'), numeric: true, width: '4rem', cell: (l: RejectedLine) => l.row },
            { key: 'column', header: t('materials.import.column'), cell: (l: RejectedLine) => columnName(l.column) },
            { key: 'message', header: t('materials.import.problem'), cell: (l: RejectedLine) => translateIssue(l.message, t) },
          ]}
          rows={rows}
          rowKey={(l) => l.key}
          loadingText={t('edu.list.loading')}
          emptyText={t('edu.list.empty')}
          label={t('materials.import.rejectedTitle')}
          testId="import-rejected-rows"
        />
      </div>
      <div className={css({ mt: '4' })}>
        <FilePicker actor={actor} label={t('materials.import.chooseFixed')} />
      </div>
      <div className={dialogFooter}>
        <Button variant="outline" onClick={() => actor.send({ type: 'dialog.close' })}>
          {t('common.actions.close')}
        </Button>
      </div>
    </>
  );
}

function Failed({ actor }: { actor: CatalogueImportActorRef }) {
  const { t } = useT();
  const error = useSelector(actor, (s) => connectCatalogueImport(s).error);
  return (
    <>
      <div className={`${banner} ${css({ bg: 'danger.subtle', color: 'danger.default' })}`} role="alert" data-testid="import-failed">
        <div>
          <strong>{t('materials.import.failedTitle')}</strong>
          <div>{errorText(error, t)}</div>
        </div>
      </div>
      <div className={dialogFooter}>
        <Button variant="outline" onClick={() => actor.send({ type: 'import.again' })}>
          {t('materials.import.chooseOther')}
        </Button>
        <Button onClick={() => actor.send({ type: 'upload.retry' })}>{t('common.actions.retry')}</Button>
      </div>
    </>
  );
}

/** 1 536 → "1.5 KB"; 2 621 440 → "2.5 MB". */
function formatSize(bytes: number): string {
  if (bytes < 1024) return `${bytes} B`;
  if (bytes < 1024 * 1024) return `${(bytes / 1024).toFixed(1)} KB`;
  return `${(bytes / (1024 * 1024)).toFixed(1)} MB`;
}
