import { useSelector } from '@xstate/react';
import { CheckCircle2, Info, X, XCircle } from 'lucide-react';
import { css, cva } from 'styled-system/css';
import { useActors } from '../../app/hooks';
import { useT } from '../../i18n';
import { connectToast, toastTone } from '../../machines/toast';

const viewport = css({
  position: 'fixed',
  top: '4',
  insetEnd: '4',
  zIndex: 'toast',
  display: 'grid',
  gap: '2',
  w: 'min(360px, calc(100vw - 32px))',
  pointerEvents: 'none',
});
const toastBox = cva({
  base: {
    pointerEvents: 'auto',
    display: 'flex',
    alignItems: 'flex-start',
    gap: '3',
    p: '3',
    borderRadius: 'control',
    color: 'white',
    boxShadow: 'popover',
    animation: 'toastIn 180ms ease-out',
    fontSize: 'sm',
  },
  variants: { tone: { green: { bg: 'success.default' }, red: { bg: 'danger.default' } } },
});

/** Toasts at the top right of every page (spec section 4: green on success, red otherwise). */
export function ToastViewport() {
  const { t } = useT();
  const { toast } = useActors();
  const toasts = useSelector(toast, (s) => connectToast(s).toasts);
  return (
    <div className={viewport} aria-live="polite" aria-relevant="additions" data-testid="toasts">
      {toasts.map((item) => {
        const tone = toastTone(item.severity);
        const Icon = item.severity === 'success' ? CheckCircle2 : item.severity === 'error' ? XCircle : Info;
        return (
          <div key={item.id} role={item.severity === 'error' ? 'alert' : 'status'} className={toastBox({ tone })} data-severity={item.severity}>
            <Icon size={18} aria-hidden="true" />
            <span className={css({ flex: '1' })}>{t(item.message, item.values)}</span>
            <button
              type="button"
              aria-label={t('common.actions.close')}
              className={css({ cursor: 'pointer', opacity: 0.85, _hover: { opacity: 1 } })}
              onClick={() => toast.send({ type: 'toast.dismiss', id: item.id })}
            >
              <X size={16} />
            </button>
          </div>
        );
      })}
    </div>
  );
}
