import { useSelector } from '@xstate/react';
import { Upload } from 'lucide-react';
import { useEffect } from 'react';
import { css } from 'styled-system/css';
import { IMPORT_COLUMNS, IMPORT_KINDS, type ImportBatch, type ImportKind, type ImportPreviewRow } from '../../../../contract/imports';
import { useActors } from '../../../app/hooks';
import { useMachineActor } from '../../../app/useMachineActor';
import { undoImport, useImportHistory } from '../../../api/imports';
import { translateIssue, useT } from '../../../i18n';
import { formatDateTime } from '../../../lib/dates';
import { connectMoveInImport, moveInImportMachine, type MoveInImportActorRef } from '../../../machines/moveInImport';
import { Badge } from '../../../ui/Badge';
import { Button } from '../../../ui/Button';
import { Card } from '../../../ui/Card';
import { PageHeader } from '../../../ui/PageHeader';
import { Select } from '../../../ui/Select';
import { Table } from '../../../ui/Table';
import { DownloadButton } from '../../common/DownloadButton';
import { FilePickerBox } from '../../common/FilePickerBox';
import { useWrite } from '../../common/useWrite';

const stack = css({ display: 'grid', gap: '4' });
const row = css({ display: 'flex', flexWrap: 'wrap', gap: '3', alignItems: 'flex-end' });
const note = css({ fontSize: 'sm', color: 'fg.muted' });
const errorLine = css({ fontSize: 'sm', color: 'danger.default' });
const cellError = css({ color: 'danger.default', fontSize: 'xs', display: 'block' });
const scroll = css({ overflowX: 'auto' });

/** /control/import: bring students, leads, groups and employees over from a spreadsheet, with a preview. */
export default function ImportPage() {
  const { t } = useT();
  const { session, toast } = useActors();
  const actor = useMachineActor(moveInImportMachine, { input: { session } });
  useEffect(() => {
    const sub = actor.on('toast.show', (request) => toast.send(request));
    return () => sub.unsubscribe();
  }, [actor, toast]);
  const step = useSelector(actor, (s) => connectMoveInImport(s).step);
  return (
    <div className={stack} data-testid="import-page" data-step={step}>
      <PageHeader title={t('control.import.title')} subtitle={t('control.import.subtitle')} />
      <Card>
        <Upload_ actor={actor} />
      </Card>
      {step === 'mapping' || step === 'committing' ? (
        <Card>
          <Preview actor={actor} />
        </Card>
      ) : null}
      {step === 'done' ? <Done actor={actor} /> : null}
      {step === 'failed' ? (
        <Card>
          <p role="alert" className={errorLine}>
            {t('control.import.failed')}
          </p>
          <Button variant="outline" onClick={() => actor.send({ type: 'retry' })}>
            {t('control.import.retry')}
          </Button>
        </Card>
      ) : null}
      <Card>
        <History />
      </Card>
    </div>
  );
}

function Upload_({ actor }: { actor: MoveInImportActorRef }) {
  const { t } = useT();
  const { kind, file, fileError, step } = useSelector(actor, (s) => {
    const c = connectMoveInImport(s);
    return { kind: c.kind, file: c.file, fileError: c.fileError, step: c.step };
  }, (a, b) => a.kind === b.kind && a.file === b.file && a.fileError === b.fileError && a.step === b.step);
  const busy = step === 'uploading' || step === 'committing';
  return (
    <div className={stack}>
      <div className={row}>
        <Select
          label={t('control.import.kind')}
          value={kind}
          disabled={busy || step === 'mapping'}
          data-testid="import-kind"
          options={IMPORT_KINDS.map((k) => ({ value: k, label: t(`control.import.kinds.${k}`) }))}
          onChange={(e) => actor.send({ type: 'kind.choose', kind: e.target.value as ImportKind })}
        />
        <DownloadButton url={`/import/${kind}/template/`} fileName={`import-${kind}.xlsx`} label={t('control.import.template')} data-testid="import-template" />
      </div>
      <p className={note}>{t('control.import.intro', { columns: IMPORT_COLUMNS[kind].map((c) => t(`control.import.columns.${c}`)).join(', ') })}</p>
      <FilePickerBox
        label={file ? file.name : t('control.import.choose')}
        accept=".xlsx,.csv,text/csv,application/vnd.openxmlformats-officedocument.spreadsheetml.sheet"
        disabled={busy}
        onFile={(chosen) => actor.send({ type: 'file.choose', file: chosen })}
      />
      {fileError ? (
        <p role="alert" className={errorLine}>
          {translateIssue(fileError, t)}
        </p>
      ) : null}
      <div>
        <Button onClick={() => actor.send({ type: 'upload.start' })} disabled={!file || busy || step === 'mapping'} data-testid="import-upload">
          <Upload size={16} /> {step === 'uploading' ? t('control.import.uploading') : t('control.import.upload')}
        </Button>
      </div>
    </div>
  );
}

const TONES = { new: 'success', match: 'info', error: 'danger' } as const;

function Preview({ actor }: { actor: MoveInImportActorRef }) {
  const { t } = useT();
  const preview = useSelector(actor, (s) => connectMoveInImport(s).preview);
  const mapping = useSelector(actor, (s) => connectMoveInImport(s).mapping);
  const commitError = useSelector(actor, (s) => connectMoveInImport(s).commitError);
  const canCommit = useSelector(actor, (s) => connectMoveInImport(s).canCommit);
  const committing = useSelector(actor, (s) => connectMoveInImport(s).step === 'committing');
  if (!preview) return null;
  const columns: readonly string[] = IMPORT_COLUMNS[preview.kind];
  const shown = columns.filter((c) => Object.values(mapping).includes(c as never));
  return (
    <div className={stack}>
      <h2 className={css({ fontWeight: 'semibold' })}>{t('control.import.mappingTitle')}</h2>
      <div className={row} data-testid="import-mapping">
        {preview.headers.filter(Boolean).map((header) => (
          <Select
            key={header}
            label={header}
            value={mapping[header] ?? ''}
            options={[{ value: '', label: t('control.import.ignore') }, ...columns.map((c) => ({ value: c, label: t(`control.import.columns.${c}`) }))]}
            onChange={(e) => actor.send({ type: 'mapping.set', header, column: e.target.value })}
          />
        ))}
        <Button variant="outline" onClick={() => actor.send({ type: 'mapping.apply' })} data-testid="import-remap">
          {t('control.import.remap')}
        </Button>
      </div>
      <p data-testid="import-counts" className={css({ display: 'flex', gap: '2', flexWrap: 'wrap' })}>
        <Badge>{t('control.import.counts.rows', { count: preview.counts.rows })}</Badge>
        <Badge tone="success">{t('control.import.counts.new', { count: preview.counts.new })}</Badge>
        <Badge tone="info">{t('control.import.counts.match', { count: preview.counts.match })}</Badge>
        <Badge tone="danger">{t('control.import.counts.error', { count: preview.counts.error })}</Badge>
      </p>
      {preview.counts.error ? <p className={errorLine}>{t('control.import.fixHint')}</p> : null}
      {commitError ? (
        <p role="alert" className={errorLine}>
          {commitError}
        </p>
      ) : null}
      <div className={scroll}>
        <Table
          testId="import-preview"
          label={t('control.import.previewTitle')}
          rows={preview.rows}
          rowKey={(r: ImportPreviewRow) => r.row}
          loadingText={t('control.import.uploading')}
          emptyText={t('control.import.empty')}
          columns={[
            { key: 'row', header: t('control.import.row'), numeric: true, width: '4rem', cell: (r: ImportPreviewRow) => r.row },
            {
              key: 'status',
              header: t('control.import.status'),
              cell: (r: ImportPreviewRow) => (
                <span data-status={r.status}>
                  <Badge tone={TONES[r.status]}>{t(`control.import.statuses.${r.status}`)}</Badge>
                </span>
              ),
            },
            ...shown.map((c) => ({
              key: c,
              header: t(`control.import.columns.${c}`),
              cell: (r: ImportPreviewRow) => (
                <>
                  {r.values[c] ?? ''}
                  {(r.errors[c] ?? []).map((m) => (
                    <span key={m} className={cellError} data-testid="cell-error">
                      {m}
                    </span>
                  ))}
                </>
              ),
            })),
            {
              key: 'other',
              header: '',
              cell: (r: ImportPreviewRow) =>
                Object.entries(r.errors)
                  .filter(([c]) => !shown.includes(c))
                  .map(([c, list]) => (
                    <span key={c} className={cellError} data-testid="cell-error">
                      {t(`control.import.columns.${c}`)}: {list.join('; ')}
                    </span>
                  )),
            },
          ]}
        />
      </div>
      <div className={row}>
        <Button onClick={() => actor.send({ type: 'commit.start' })} disabled={!canCommit || committing} data-testid="import-commit">
          {committing ? t('control.import.committing') : t('control.import.commit', { count: preview.counts.new })}
        </Button>
        <Button variant="outline" onClick={() => actor.send({ type: 'import.again' })}>
          {t('control.import.again')}
        </Button>
      </div>
    </div>
  );
}

function Done({ actor }: { actor: MoveInImportActorRef }) {
  const { t } = useT();
  const committed = useSelector(actor, (s) => connectMoveInImport(s).committed);
  return (
    <Card>
      <p role="status" data-testid="import-done" className={css({ color: 'success.default', fontWeight: 'semibold' })}>
        {t('control.import.doneToast', { count: committed?.created ?? 0 })}
      </p>
      <Button variant="outline" onClick={() => actor.send({ type: 'import.again' })}>
        {t('control.import.again')}
      </Button>
    </Card>
  );
}

function History() {
  const { t, lang } = useT();
  const history = useImportHistory();
  const undo = useWrite((id: number, key: string) => undoImport(id, key), { success: 'control.import.undone', failureToast: 'control.import.undoFailed', repeatable: true });
  return (
    <div className={stack}>
      <h2 className={css({ fontWeight: 'semibold' })}>{t('control.import.history')}</h2>
      <div className={scroll}>
        <Table
          testId="import-history"
          label={t('control.import.history')}
          rows={history.data}
          loading={history.isLoading}
          rowKey={(b: ImportBatch) => b.id}
          loadingText={t('control.import.loading')}
          emptyText={t('control.import.noHistory')}
          columns={[
            { key: 'when', header: t('control.import.when'), cell: (b: ImportBatch) => formatDateTime(b.created_at, lang) },
            { key: 'kind', header: t('control.import.kind'), cell: (b: ImportBatch) => t(`control.import.kinds.${b.kind}`) },
            { key: 'file', header: t('control.import.file'), cell: (b: ImportBatch) => b.file_name },
            { key: 'who', header: t('control.import.who'), cell: (b: ImportBatch) => b.created_by?.full_name ?? '' },
            { key: 'counts', header: t('control.import.rows'), numeric: true, cell: (b: ImportBatch) => `${b.created ?? b.counts.new} / ${b.counts.rows}` },
            { key: 'status', header: t('control.import.status'), cell: (b: ImportBatch) => <span data-status={b.status}>{t(`control.import.batchStatuses.${b.status}`)}</span> },
            {
              key: 'undo',
              header: '',
              cell: (b: ImportBatch) =>
                b.can_undo ? (
                  <Button size="sm" variant="outline" disabled={undo.pending === b.id} onClick={() => undo.submit(b.id)} data-testid="import-undo">
                    {t('control.import.undo')}
                  </Button>
                ) : null,
            },
          ]}
        />
      </div>
    </div>
  );
}
