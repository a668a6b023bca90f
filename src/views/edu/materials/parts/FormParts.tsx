import type { ReactNode } from 'react';
import { css } from 'styled-system/css';
import { useT } from '../../../../i18n';
import { Button } from '../../../../ui/Button';
import { dialogFooter } from '../../../../ui/Dialog';

/** A dialog form's body scrolls on a short phone screen, so the buttons stay reachable. */
export const formBody = css({ display: 'grid', gap: '4', maxH: 'calc(100dvh - 12rem)', overflowY: 'auto', mx: '-1', px: '1', pb: '1' });

const alert = css({ p: '3', borderRadius: 'control', bg: 'danger.subtle', color: 'danger.default', fontSize: 'sm' });

/** A problem with the whole form (not one field), above the buttons. */
export function FormAlert({ children }: { children: ReactNode }) {
  if (!children) return null;
  return (
    <div role="alert" className={alert} data-testid="form-alert">
      {children}
    </div>
  );
}

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
