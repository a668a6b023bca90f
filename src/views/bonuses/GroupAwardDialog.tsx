import { useMemo, useState } from 'react';
import { css } from 'styled-system/css';
import { bonusBulkBody, type BonusAwardResult, type BonusBulkBody } from '../../../contract/bonuses';
import { awardCoinsBulk, useBonusGroups, useBonusStudents } from '../../api/bonuses';
import { useActors } from '../../app/hooks';
import { useT } from '../../i18n';
import { Dialog } from '../../ui/Dialog';
import { Select } from '../../ui/Select';
import { formBody } from '../common/DialogFormParts';
import { formatCoins } from '../common/coins/coinsText';
import { useCoinWrite } from '../common/coins/useCoinWrite';
import { AwardFooter, AwardInputs } from './AwardFields';
import { issuesByField, numberOrMissing } from './awardForm';

const row = css({ display: 'flex', alignItems: 'center', gap: '2', px: '3', py: '2', fontSize: 'sm', cursor: 'pointer', _hover: { bg: 'bg.subtle' } });

/**
 * "Guruhga berish": pick a group, its students come ticked; the same coins and reason go to every ticked student
 * in one transaction (POST /bonus/bulk/).
 */
export function GroupAwardDialog({ filial, onClose }: { filial: number; onClose: () => void }) {
  const { t } = useT();
  const { toast } = useActors();
  const groups = useBonusGroups(filial);
  const [group, setGroup] = useState<number | null>(null);
  const roster = useBonusStudents(filial, '', group, group !== null);
  const [unticked, setUnticked] = useState<ReadonlySet<number>>(new Set());
  const [coins, setCoins] = useState('5');
  const [reason, setReason] = useState('');
  const [tried, setTried] = useState(false);
  const write = useCoinWrite<BonusBulkBody, BonusAwardResult>(awardCoinsBulk, (result) => {
    toast.send({ type: 'toast.show', severity: 'success', message: 'bonuses.doneGroup', values: { count: result.entries.length, coins: formatCoins(result.entries[0]?.coins ?? 0) } });
    onClose();
  });
  const members = group !== null && roster.data && !roster.isPlaceholderData ? roster.data : [];
  const ticked = useMemo(() => members.filter((s) => !unticked.has(s.id)).map((s) => s.id), [members, unticked]);
  const parsed = bonusBulkBody.safeParse({ students: ticked, coins: numberOrMissing(coins), reason });
  const errors = tried ? issuesByField(parsed, t) : {};
  const toggle = (id: number) => {
    write.edit('students');
    setUnticked((prev) => {
      const next = new Set(prev);
      if (next.has(id)) next.delete(id);
      else next.add(id);
      return next;
    });
  };

  return (
    <Dialog open onClose={onClose} title={t('bonuses.form.groupTitle')} description={t('bonuses.form.groupDescription')} closeLabel={t('common.actions.close')} maxWidth="560px">
      <form
        noValidate
        data-testid="group-award-form"
        onSubmit={(e) => {
          e.preventDefault();
          setTried(true);
          if (parsed.success) write.submit(parsed.data);
        }}
      >
        <div className={formBody}>
          <Select
            label={t('bonuses.form.group')}
            required
            name="group"
            value={group ?? ''}
            placeholder={t('bonuses.form.chooseGroup')}
            onChange={(e) => {
              write.edit('students');
              setGroup(e.target.value === '' ? null : Number(e.target.value));
              setUnticked(new Set());
            }}
            // Groups without students have no one to award.
            options={(groups.data ?? []).filter((g) => g.students > 0).map((g) => ({ value: g.id, label: t('bonuses.form.groupOption', { name: g.name, count: g.students }) }))}
            error={tried && group === null ? t('bonuses.form.chooseGroup') : null}
          />
          {group !== null ? (
            <fieldset className={css({ display: 'grid', gap: '1' })}>
              <legend className={css({ fontSize: 'sm', fontWeight: 'medium', mb: '1', display: 'flex', justifyContent: 'space-between', w: 'full' })}>
                {t('bonuses.form.students')} · {t('bonuses.form.selected', { count: ticked.length })}
              </legend>
              <div className={css({ maxH: '14rem', overflowY: 'auto', borderWidth: '1px', borderColor: 'border.default', borderRadius: 'control' })} data-testid="group-roster">
                {roster.isFetching && members.length === 0 ? <p className={css({ p: '3', color: 'fg.muted', fontSize: 'sm' })}>{t('bonuses.loading')}</p> : null}
                {!roster.isFetching && members.length === 0 ? <p className={css({ p: '3', color: 'fg.muted', fontSize: 'sm' })}>{t('bonuses.form.noMembers')}</p> : null}
                {members.map((s) => (
                  <label key={s.id} className={row}>
                    <input type="checkbox" checked={!unticked.has(s.id)} onChange={() => toggle(s.id)} />
                    <span className={css({ flex: '1' })}>{s.full_name}</span>
                    <span className={css({ color: 'fg.muted', whiteSpace: 'nowrap' })}>{t('bonuses.coins', { count: formatCoins(s.coins) })}</span>
                  </label>
                ))}
              </div>
              {errors.students && members.length > 0 ? <p className={css({ fontSize: 'xs', color: 'danger.default' })}>{t('bonuses.form.chooseSome')}</p> : null}
            </fieldset>
          ) : null}
          <AwardInputs write={write} coins={coins} reason={reason} setCoins={setCoins} setReason={setReason} errors={errors} />
        </div>
        <AwardFooter write={write} onClose={onClose} disabled={group === null} testId="group-award-submit" />
      </form>
    </Dialog>
  );
}
