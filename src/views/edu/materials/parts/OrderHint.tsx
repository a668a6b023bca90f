import { GripVertical, Loader2 } from 'lucide-react';
import { css } from 'styled-system/css';
import { useT } from '../../../../i18n';

const hint = css({ display: 'flex', alignItems: 'center', gap: '2', mb: '3', color: 'fg.muted', fontSize: 'sm', minH: '6' });

/** How to reorder, and whether the new order is being saved. */
export function OrderHint({ saving }: { saving: boolean }) {
  const { t } = useT();
  return (
    <p className={hint} aria-live="polite">
      {saving ? (
        <>
          <Loader2 size={14} className={css({ flexShrink: 0, animation: 'spin 1s linear infinite' })} aria-hidden="true" />
          <span data-testid="order-saving">{t('materials.order.saving')}</span>
        </>
      ) : (
        <>
          <GripVertical size={14} className={css({ flexShrink: 0 })} aria-hidden="true" />
          {t('materials.order.hint')}
        </>
      )}
    </p>
  );
}
