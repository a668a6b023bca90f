import { useT } from '../../../../i18n';
import { Button } from '../../../../ui/Button';
import { dialogFooter } from '../../../../ui/Dialog';

export { FormAlert, formBody } from '../../../common/DialogFormParts';

/** Cancel and save; the save button says it is saving while the request runs. */
export function FormFooter({ onCancel, saving }: { onCancel: () => void; saving: boolean }) {
  const { t } = useT();
  return (
    <div className={dialogFooter}>
      <Button variant="outline" onClick={onCancel} disabled={saving}>
        {t('common.actions.cancel')}
      </Button>
      <Button type="submit" disabled={saving}>
        {saving ? t('materials.saving') : t('common.actions.save')}
      </Button>
    </div>
  );
}
