import { Coins, Users } from 'lucide-react';
import { useState } from 'react';
import { css } from 'styled-system/css';
import { useCurrentBranch } from '../../app/useBranch';
import { useT } from '../../i18n';
import { Button } from '../../ui/Button';
import { PageHeader } from '../../ui/PageHeader';
import { MessagePage } from '../common/MessagePage';
import { intParam, useQueryParams } from '../common/useQueryParams';
import { AwardDialog } from './AwardDialog';
import { GroupAwardDialog } from './GroupAwardDialog';
import { Leaderboard } from './Leaderboard';
import { RecentEntries } from './RecentEntries';
import { AddButton } from '../../ui/AddButton';

/** /control/bonuses: award coins to a student or a group's students; the recent entries (?page=) and the leaderboard. */
export default function BonusesPage() {
  const { t } = useT();
  const filial = useCurrentBranch();
  const [params, setParams] = useQueryParams();
  const page = intParam(params, 'page') ?? 1;
  const [open, setOpen] = useState<'one' | 'group' | null>(null);

  if (filial === null) return <MessagePage icon={<Coins size={28} />} title={t('bonuses.noBranch')} />;
  return (
    <div>
      <PageHeader
        title={t('bonuses.title')}
        actions={
          <div className={css({ display: 'flex', gap: '2', flexWrap: 'wrap' })}>
            <Button variant="outline" onClick={() => setOpen('group')} data-testid="award-group">
              <Users size={16} aria-hidden="true" />
              {t('bonuses.actions.awardGroup')}
            </Button>
            <AddButton onClick={() => setOpen('one')} data-testid="award-one">
              {t('bonuses.actions.award')}
            </AddButton>
          </div>
        }
        subtitle={t('bonuses.subtitle')}
      />
      <div className={css({ display: 'grid', gap: '6', gridTemplateColumns: { base: '1fr', lg: 'minmax(0, 1fr) 320px' }, alignItems: 'start' })}>
        <RecentEntries filial={filial} page={page} onPage={(p) => setParams({ page: p > 1 ? p : null })} />
        <Leaderboard filial={filial} />
      </div>
      {open === 'one' ? <AwardDialog filial={filial} onClose={() => setOpen(null)} /> : null}
      {open === 'group' ? <GroupAwardDialog filial={filial} onClose={() => setOpen(null)} /> : null}
    </div>
  );
}
