import { AlertTriangle } from 'lucide-react';
import type { ReactNode } from 'react';
import { css } from 'styled-system/css';
import { ApiError } from '../../../../api/errors';
import { useT } from '../../../../i18n';
import { Button } from '../../../../ui/Button';

const box = css({
  display: 'grid',
  justifyItems: 'center',
  gap: '3',
  textAlign: 'center',
  px: '4',
  py: '10',
  bg: 'bg.surface',
  borderWidth: '1px',
  borderStyle: 'dashed',
  borderColor: 'border.strong',
  borderRadius: 'card',
  color: 'fg.muted',
});

/** A centred note in place of a list: nothing chosen yet, nothing there, or a failure with a retry. */
export function StateMessage({ children, action, tone = 'muted', testId }: { children: ReactNode; action?: ReactNode; tone?: 'muted' | 'danger'; testId?: string }) {
  return (
    <div className={box} role={tone === 'danger' ? 'alert' : undefined} data-testid={testId}>
      {tone === 'danger' ? <AlertTriangle size={22} className={css({ color: 'danger.default' })} aria-hidden="true" /> : null}
      <div>{children}</div>
      {action}
    </div>
  );
}

/** A list that could not be loaded: why (network or not), and "try again". */
export function LoadError({ error, onRetry }: { error: unknown; onRetry: () => void }) {
  const { t } = useT();
  const network = error instanceof ApiError && error.status === 0;
  return (
    <StateMessage
      tone="danger"
      testId="load-error"
      action={
        <Button variant="outline" size="sm" onClick={onRetry}>
          {t('common.actions.retry')}
        </Button>
      }
    >
      {network ? t('common.errors.network') : t('materials.loadFailed')}
    </StateMessage>
  );
}
