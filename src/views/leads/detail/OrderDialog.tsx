import { useState } from 'react';
import { css } from 'styled-system/css';
import type { Lead } from '../../../../contract/leads';
import type { LeadOrder } from '../../../../contract/leadStages';
import { usePickableGroups } from '../../../api/groupDetail';
import { useT } from '../../../i18n';
import { formatDate, weekdayNames } from '../../../lib/dates';
import { isoWeekday } from '../../../../contract/schedule';
import { daysText, timeRange } from '../../../lib/scheduleText';
import { Button } from '../../../ui/Button';
import { Dialog, dialogFooter } from '../../../ui/Dialog';
import { Select } from '../../../ui/Select';
import { formBody } from '../../common/DialogFormParts';
import { firstLessonDates, groupsForLead } from './orderRules';
import { centreToday } from '../../../../contract/centreDay';

/**
 * Choose a group of the lead's branch (of its subject when it has one) and a first-lesson day the group meets.
 * With `change` it changes an existing order (the current group and day chosen); nothing is sent until Save.
 */
export function OrderDialog({ lead, change = false, onClose, onOrder }: { lead: Lead; change?: boolean; onClose: () => void; onOrder: (order: LeadOrder) => void }) {
  const { t } = useT();
  const texts = change ? 'lead_detail.change' : 'lead_detail.order';
  return (
    <Dialog open onClose={onClose} title={t(`${texts}.title`)} description={t(`${texts}.description`)} closeLabel={t('common.actions.close')} maxWidth="520px">
      <OrderForm lead={lead} submitLabel={t(`${texts}.submit`)} onClose={onClose} onOrder={onOrder} />
    </Dialog>
  );
}

function OrderForm({ lead, submitLabel, onClose, onOrder }: { lead: Lead; submitLabel: string; onClose: () => void; onOrder: (order: LeadOrder) => void }) {
  const { t, lang } = useT();
  const groups = usePickableGroups(lead.filial);
  const choices = groupsForLead(groups.data ?? [], lead.subject?.id ?? null);
  const [groupId, setGroupId] = useState<number | null>(lead.order_group?.id ?? null);
  const group = choices.find((g) => g.id === groupId) ?? null;
  const dates = group ? firstLessonDates(group, centreToday()) : [];
  const [date, setDate] = useState(lead.first_lesson_date ?? '');
  const chosenDate = dates.includes(date) ? date : '';
  const weekdays = weekdayNames(lang);
  const dayLabel = (d: string) => `${weekdays[isoWeekday(d) - 1]}, ${formatDate(d, lang)}`;

  return (
    <form
      noValidate
      data-testid="lead-order-form"
      onSubmit={(e) => {
        e.preventDefault();
        if (group && chosenDate) onOrder({ group: group.id, first_lesson_date: chosenDate });
      }}
    >
      <div className={formBody}>
        <Select
          label={t('lead_detail.order.group')}
          required
          name="group"
          placeholder={groups.isPending ? t('lead_detail.loading') : t('lead_detail.order.chooseGroup')}
          options={choices.map((g) => ({
            value: g.id,
            label: `${g.name} · ${daysText(g.days, t)} ${timeRange(g.start_time, g.end_time)} · ${g.teacher.full_name}`,
          }))}
          value={groupId ?? ''}
          onChange={(e) => {
            setGroupId(e.target.value === '' ? null : Number(e.target.value));
            setDate('');
          }}
        />
        {lead.subject ? <p className={css({ fontSize: 'xs', color: 'fg.muted', mt: '-2' })}>{t('lead_detail.order.bySubject', { subject: lead.subject.name })}</p> : null}
        {groups.isSuccess && choices.length === 0 ? <p className={css({ fontSize: 'sm', color: 'fg.muted' })}>{t('lead_detail.order.noGroups')}</p> : null}
        <Select
          label={t('lead_detail.order.date')}
          required
          name="first_lesson_date"
          disabled={!group || dates.length === 0}
          placeholder={t('lead_detail.order.chooseDate')}
          options={dates.map((d) => ({ value: d, label: dayLabel(d) }))}
          value={chosenDate}
          onChange={(e) => setDate(e.target.value)}
        />
        <p className={css({ fontSize: 'xs', color: 'fg.muted', mt: '-2' })}>
          {group && dates.length === 0 ? t('lead_detail.order.noDates') : t('lead_detail.order.dateHint')}
        </p>
      </div>
      <div className={dialogFooter}>
        <Button variant="outline" onClick={onClose}>
          {t('common.actions.cancel')}
        </Button>
        <Button type="submit" disabled={!group || !chosenDate} data-testid="lead-order-submit">
          {submitLabel}
        </Button>
      </div>
    </form>
  );
}
