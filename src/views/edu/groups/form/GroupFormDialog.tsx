import { useSelector } from '@xstate/react';
import type { FormEvent } from 'react';
import { css } from 'styled-system/css';
import { useT } from '../../../../i18n';
import { connectGroupForm, type GroupFormActorRef } from '../../../../machines/groupForm';
import { Button } from '../../../../ui/Button';
import { Dialog, dialogFooter } from '../../../../ui/Dialog';
import { ConflictBanner } from './ConflictBanner';
import { MainFields, PeopleFields, ScheduleFields } from './GroupFormFields';
import { SchedulingAssistant } from './SchedulingAssistant';

// The form scrolls inside the dialog so the buttons stay in reach on a phone.
const scroller = css({ maxH: { base: 'calc(100dvh - 210px)', md: 'calc(100dvh - 240px)' }, overflowY: 'auto', mx: '-6', px: '6', pb: '1' });
const layout = css({ display: 'grid', gap: '5', gridTemplateColumns: { base: '1fr', md: 'minmax(0, 1fr) 320px' }, alignItems: 'start' });
const assistantColumn = css({ md: { position: 'sticky', top: '0' } });

/** Create or edit a group (spec section 7 "Groups"); the flow is the groupForm statechart. */
export function GroupFormDialog({ actor }: { actor: GroupFormActorRef }) {
  const { t } = useT();
  const open = useSelector(actor, (s) => connectGroupForm(s).open);
  const editing = useSelector(actor, (s) => connectGroupForm(s).editing);
  const filial = useSelector(actor, (s) => connectGroupForm(s).filial);
  return (
    <Dialog
      open={open}
      onClose={() => actor.send({ type: 'form.close' })}
      title={editing ? t('groups.form.editTitle') : t('groups.form.createTitle')}
      description={t('groups.form.description')}
      closeLabel={t('common.actions.close')}
      maxWidth="1040px"
    >
      {filial !== null ? <GroupForm actor={actor} filial={filial} /> : null}
    </Dialog>
  );
}

function GroupForm({ actor, filial }: { actor: GroupFormActorRef; filial: number }) {
  const { t } = useT();
  const submitting = useSelector(actor, (s) => connectGroupForm(s).submitting);
  const submit = (e: FormEvent<HTMLFormElement>) => {
    e.preventDefault();
    const form = e.currentTarget;
    actor.send({ type: 'form.submit' });
    // Refused before sending: take the person to the first field the contract complained about.
    if (actor.getSnapshot().matches({ open: 'editing' })) {
      requestAnimationFrame(() => form.querySelector<HTMLElement>('[aria-invalid=true]')?.focus());
    }
  };
  return (
    <form noValidate onSubmit={submit} data-testid="group-form">
      <div className={scroller}>
        <div className={layout}>
          <div className={css({ display: 'grid', gap: '5' })}>
            <ConflictBanner actor={actor} />
            <MainFields actor={actor} filial={filial} />
            <ScheduleFields actor={actor} />
            <PeopleFields actor={actor} filial={filial} />
          </div>
          <div className={assistantColumn}>
            <SchedulingAssistant actor={actor} />
          </div>
        </div>
      </div>
      <div className={dialogFooter}>
        <Button variant="outline" onClick={() => actor.send({ type: 'form.close' })} disabled={submitting}>
          {t('common.actions.cancel')}
        </Button>
        <Button type="submit" disabled={submitting}>
          {submitting ? t('groups.form.saving') : t('groups.form.save')}
        </Button>
      </div>
    </form>
  );
}
