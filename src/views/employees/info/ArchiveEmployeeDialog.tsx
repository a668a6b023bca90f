import { useSelector } from '@xstate/react';
import { useMachineActor } from '../../../app/useMachineActor';
import { useEffect, useState } from 'react';
import { css } from 'styled-system/css';
import { fromPromise } from 'xstate';
import type { EmployeeDetail } from '../../../../contract/employees';
import { fetchRelatedObjects, updateEmployee } from '../../../api/employees';
import { useActors } from '../../../app/hooks';
import { useT } from '../../../i18n';
import { formatDateTime } from '../../../lib/dates';
import { connectEmployeeArchive, employeeArchiveMachine, orphanCount } from '../../../machines/employeeArchive';
import { Button } from '../../../ui/Button';
import { Dialog, dialogFooter } from '../../../ui/Dialog';
import { FormAlert } from '../../common/DialogFormParts';
import { TextArea } from '../../common/formParts';
import { valuesOf, toBody } from '../form/employeeForm';

const listTitle = css({ fontSize: 'sm', fontWeight: 'semibold', mt: '3' });
const list = css({ listStyle: 'disc', ps: '5', fontSize: 'sm', display: 'grid', gap: '1' });

/** The archive flow (src/machines/employeeArchive.ts): what depends on the person, then a reason, then archive. */
export function ArchiveEmployeeDialog({ employee, onClose }: { employee: EmployeeDetail; onClose: () => void }) {
  const { t, lang } = useT();
  const { toast } = useActors();
  const [reason, setReason] = useState('');
  const actor = useMachineActor(
    employeeArchiveMachine.provide({
      actors: {
        loadRelated: fromPromise(({ input }) => fetchRelatedObjects(input.employeeId)),
        archive: fromPromise(({ input }) => updateEmployee(input.employeeId, { ...toBody(valuesOf(employee)), password: undefined, pages: undefined, is_archived: true, archive_reason: input.reason } as never)),
      },
    }),
    { input: { employeeId: employee.id } },
  );
  const state = useSelector(actor, (s) => connectEmployeeArchive(s).state);
  const related = useSelector(actor, (s) => connectEmployeeArchive(s).related);
  const error = useSelector(actor, (s) => connectEmployeeArchive(s).error);
  useEffect(() => {
    if (state === 'done') toast.send({ type: 'toast.show', severity: 'success', message: 'employees.archive.done' });
    if (state === 'done' || state === 'cancelled') onClose();
  }, [state, toast, onClose]);
  const message = error ? (error.startsWith('employees.') ? t(error) : error) : null;
  const cancel = () => actor.send({ type: 'archive.cancel' });

  return (
    <Dialog open onClose={cancel} title={t('employees.archive.title', { name: employee.full_name })} description={t('employees.archive.intro')} closeLabel={t('common.actions.close')} maxWidth="560px" role="alertdialog">
      <div data-testid="archive-employee" data-state={state} className={css({ display: 'grid', gap: '3' })}>
        {state === 'loading' ? <p className={css({ color: 'fg.muted' })}>{t('employees.archive.checking')}</p> : null}
        {related && orphanCount(related) === 0 ? <p>{t('employees.archive.nothing')}</p> : null}
        {related && orphanCount(related) > 0 ? (
          <div data-testid="archive-related">
            <p>{t('employees.archive.orphans')}</p>
            {related.groups.length ? (
              <>
                <p className={listTitle}>{t('employees.archive.groups')}</p>
                <ul className={list}>
                  {related.groups.map((g) => (
                    <li key={`${g.id}-${g.as}`}>
                      {g.name} ({t(g.as === 'teacher' ? 'employees.archive.asTeacher' : 'employees.archive.asAssistant')})
                    </li>
                  ))}
                </ul>
              </>
            ) : null}
            {related.tasks.length ? (
              <>
                <p className={listTitle}>{t('employees.archive.tasks')}</p>
                <ul className={list}>
                  {related.tasks.map((x) => (
                    <li key={x.id}>
                      {x.title} — {t('employees.archive.due', { date: formatDateTime(x.due_at, lang) })}
                    </li>
                  ))}
                </ul>
              </>
            ) : null}
            {related.cashiers.length ? (
              <>
                <p className={listTitle}>{t('employees.archive.cashiers')}</p>
                <ul className={list}>
                  {related.cashiers.map((c) => (
                    <li key={c.id}>{c.name}</li>
                  ))}
                </ul>
              </>
            ) : null}
          </div>
        ) : null}
        {state === 'confirming' || state === 'archiving' || state === 'failed' ? (
          <TextArea
            label={t('employees.archive.reason')}
            required
            name="archive_reason"
            value={reason}
            onChange={(e) => {
              setReason(e.target.value);
              if (state === 'failed') actor.send({ type: 'reason.edit' });
            }}
          />
        ) : null}
        <FormAlert>{message}</FormAlert>
        <div className={dialogFooter}>
          <Button variant="outline" onClick={cancel}>
            {t('employees.archive.cancel')}
          </Button>
          {state === 'loadFailed' ? <Button onClick={() => actor.send({ type: 'load.retry' })}>{t('employees.archive.retry')}</Button> : null}
          {state === 'confirming' || state === 'archiving' || state === 'failed' ? (
            <Button variant="danger" disabled={state === 'archiving' || !reason.trim()} onClick={() => actor.send({ type: 'archive.confirm', reason })} data-testid="archive-confirm">
              {state === 'archiving' ? t('employees.archive.archiving') : t('employees.archive.confirm')}
            </Button>
          ) : null}
        </div>
      </div>
    </Dialog>
  );
}
