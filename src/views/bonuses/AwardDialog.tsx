import { useState } from 'react';
import { css } from 'styled-system/css';
import { bonusAwardBody, type BonusAwardBody, type BonusAwardResult, type BonusStudent } from '../../../contract/bonuses';
import { awardCoins } from '../../api/bonuses';
import { useActors } from '../../app/hooks';
import { useT } from '../../i18n';
import { Dialog } from '../../ui/Dialog';
import { formBody } from '../common/DialogFormParts';
import { formatCoins } from '../common/coins/coinsText';
import { StudentPicker } from '../common/coins/StudentPicker';
import { useCoinWrite } from '../common/coins/useCoinWrite';
import { AwardFooter, AwardInputs } from './AwardFields';
import { issuesByField, numberOrMissing } from './awardForm';

/** "Coin berish": coins with a reason for one student of the branch (POST /bonus/, with an Idempotency-Key). */
export function AwardDialog({ filial, onClose }: { filial: number; onClose: () => void }) {
  const { t } = useT();
  const { toast } = useActors();
  const [student, setStudent] = useState<BonusStudent | null>(null);
  const [coins, setCoins] = useState('10');
  const [reason, setReason] = useState('');
  const [tried, setTried] = useState(false);
  const write = useCoinWrite<BonusAwardBody, BonusAwardResult>(awardCoins, (result) => {
    const entry = result.entries[0];
    toast.send({ type: 'toast.show', severity: 'success', message: 'bonuses.done', values: { student: entry.student.name, coins: formatCoins(entry.coins) } });
    onClose();
  });
  const parsed = bonusAwardBody.safeParse({ student: student?.id, coins: numberOrMissing(coins), reason });
  const errors = tried ? issuesByField(parsed, t) : {};

  return (
    <Dialog open onClose={onClose} title={t('bonuses.form.title')} description={t('bonuses.form.description')} closeLabel={t('common.actions.close')} maxWidth="520px">
      <form
        noValidate
        data-testid="award-form"
        onSubmit={(e) => {
          e.preventDefault();
          setTried(true);
          if (parsed.success) write.submit(parsed.data);
        }}
      >
        <div className={formBody}>
          <StudentPicker
            filial={filial}
            ns="bonuses.form"
            chosen={student}
            onChoose={(s) => {
              write.edit('student');
              setStudent(s);
            }}
            error={errors.student ? t('bonuses.form.chooseStudent') : (write.fieldErrors.student ?? null)}
          />
          {student ? (
            <p className={css({ fontSize: 'sm' })} data-testid="award-chosen">
              {t('bonuses.form.chosen', { student: student.full_name, coins: formatCoins(student.coins) })}
            </p>
          ) : null}
          <AwardInputs write={write} coins={coins} reason={reason} setCoins={setCoins} setReason={setReason} errors={errors} />
        </div>
        <AwardFooter write={write} onClose={onClose} testId="award-submit" />
      </form>
    </Dialog>
  );
}
