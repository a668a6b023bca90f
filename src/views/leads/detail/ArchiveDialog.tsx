import { useState } from 'react';
import { ARCHIVE_REASONS, type ArchiveReason } from '../../../../contract/leadStages';
import { useT } from '../../../i18n';
import { Button } from '../../../ui/Button';
import { Dialog, dialogFooter } from '../../../ui/Dialog';
import { Select } from '../../../ui/Select';
import { formBody } from '../../common/DialogFormParts';

/** Archiving asks for a reason from the fixed list (a free text goes into the lead's comment). */
export function ArchiveDialog({ onClose, onArchive }: { onClose: () => void; onArchive: (reason: ArchiveReason) => void }) {
  const { t } = useT();
  const [reason, setReason] = useState<ArchiveReason | ''>('');
  return (
    <Dialog open onClose={onClose} title={t('lead_detail.archive.title')} description={t('lead_detail.archive.description')} closeLabel={t('common.actions.close')} maxWidth="440px">
      <form
        noValidate
        data-testid="lead-archive-form"
        onSubmit={(e) => {
          e.preventDefault();
          if (reason) onArchive(reason);
        }}
      >
        <div className={formBody}>
          <Select
            label={t('lead_detail.archive.reason')}
            required
            name="reason"
            placeholder={t('lead_detail.archive.chooseReason')}
            options={ARCHIVE_REASONS.map((r) => ({ value: r, label: t(`leads.archive_reason.${r}`) }))}
            value={reason}
            onChange={(e) => setReason(e.target.value as ArchiveReason | '')}
          />
        </div>
        <div className={dialogFooter}>
          <Button variant="outline" onClick={onClose}>
            {t('common.actions.cancel')}
          </Button>
          <Button type="submit" variant="danger" disabled={!reason}>
            {t('lead_detail.archive.submit')}
          </Button>
        </div>
      </form>
    </Dialog>
  );
}
