import { useQueryClient } from '@tanstack/react-query';
import { useSelector } from '@xstate/react';
import { useState } from 'react';
import { css } from 'styled-system/css';
import { setBillingSettings } from '../../../api/billing';
import { useBranchSettings } from '../../../api/control';
import { useActors, useMe, useReadablePages } from '../../../app/hooks';
import { useT } from '../../../i18n';
import { Badge } from '../../../ui/Badge';
import { PageHeader } from '../../../ui/PageHeader';
import { ConfirmWriteDialog } from '../../common/money/ConfirmWriteDialog';
import { connectBranch } from '../../../machines/branch';
import { LeadFormSection } from './LeadFormSection';

type Switching = { filial: number; name: string; on: boolean } | null;

const row = css({
  display: 'flex',
  alignItems: { base: 'flex-start', sm: 'center' },
  flexDirection: { base: 'column', sm: 'row' },
  justifyContent: 'space-between',
  gap: '3',
  py: '3',
  borderTopWidth: '1px',
  borderColor: 'border.default',
  _first: { borderTopWidth: '0' },
});

/**
 * /control/settings: the branch settings in one place. For now one per branch: whether a lesson missed with an
 * excuse is charged (PATCH /finance/settings/, the control page; the same switch the sales page shows).
 */
export default function SettingsPage() {
  const { t } = useT();
  const { branch } = useActors();
  const options = useSelector(branch, (s) => connectBranch(s).branchOptions);
  const canSwitch = useReadablePages().has('control');
  const isDirector = useMe().role === 'DIRECTOR';
  const settings = useBranchSettings(options.map((b) => b.id));
  const queryClient = useQueryClient();
  const [switching, setSwitching] = useState<Switching>(null);

  return (
    <div>
      <PageHeader title={t('control.settings.title')} subtitle={t('control.settings.subtitle')} />
      <section className={css({ bg: 'bg.surface', borderWidth: '1px', borderColor: 'border.default', borderRadius: 'card', p: '4' })} data-testid="branch-settings">
        <h2 className={css({ fontWeight: 'semibold' })}>{t('billing.settings.chargeExcused')}</h2>
        <p className={css({ fontSize: 'sm', color: 'fg.muted', mb: '3' })}>{t('billing.settings.hint')}</p>
        {options.length === 0 ? <p className={css({ color: 'fg.muted', fontSize: 'sm' })}>{t('control.settings.noBranches')}</p> : null}
        <ul>
          {options.map((b, i) => {
            const value = settings[i]?.data?.charge_excused;
            return (
              <li key={b.id} className={row} data-testid={`excused-${b.id}`}>
                <span className={css({ fontWeight: 'medium' })}>{b.name}</span>
                {value === undefined ? (
                  <span className={css({ fontSize: 'sm', color: 'fg.muted' })}>{settings[i]?.isError ? t('control.loadFailed') : t('control.loading')}</span>
                ) : (
                  <label className={css({ display: 'flex', gap: '2', alignItems: 'center', cursor: canSwitch ? 'pointer' : 'default', fontSize: 'sm' })}>
                    <input
                      type="checkbox"
                      checked={value}
                      disabled={!canSwitch}
                      onChange={(e) => setSwitching({ filial: b.id, name: b.name, on: e.target.checked })}
                      data-testid={`excused-switch-${b.id}`}
                    />
                    <Badge tone={value ? 'accent' : 'neutral'}>{value ? t('control.settings.charged') : t('control.settings.free')}</Badge>
                  </label>
                )}
              </li>
            );
          })}
        </ul>
      </section>
      {/* The lead form's keys are the director's (the server refuses anyone else). */}
      {isDirector ? <LeadFormSection /> : null}
      {switching ? (
        <ConfirmWriteDialog
          testId="charge-excused-form"
          title={t('billing.settings.confirmTitle')}
          description={`${switching.name}: ${switching.on ? t('billing.settings.turnOn') : t('billing.settings.turnOff')}`}
          confirmLabel={t('common.actions.confirm')}
          doneMessage="billing.settings.saved"
          run={async (key) => {
            const saved = await setBillingSettings({ filial: switching.filial, charge_excused: switching.on }, key);
            await queryClient.invalidateQueries({ queryKey: ['billing', 'settings', switching.filial] });
            return saved;
          }}
          onClose={() => setSwitching(null)}
        />
      ) : null}
    </div>
  );
}
