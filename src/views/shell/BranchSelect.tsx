import { Combobox, createListCollection } from '@ark-ui/react/combobox';
import { useFilter } from '@ark-ui/react/locale';
import { Portal } from '@ark-ui/react/portal';
import { useSelector } from '@xstate/react';
import { Building2, ChevronsUpDown, X } from 'lucide-react';
import { useMemo, useState } from 'react';
import { css } from 'styled-system/css';
import type { Filial } from '../../../contract/filial';
import { useActors } from '../../app/hooks';
import { useT } from '../../i18n';
import { inputStyle } from '../../ui/Field';
import { floatingPanel, menuItem } from '../../ui/popover';
import { connectBranch } from '../../machines/branch';

const control = css({ position: 'relative', display: 'flex', alignItems: 'center', w: '240px' });
const iconBtn = css({ position: 'absolute', insetEnd: '1', p: '1.5', borderRadius: 'control', color: 'fg.muted', cursor: 'pointer', _hover: { bg: 'bg.subtle' } });

/** The searchable branch dropdown ('select branch', 'not found'); the branch machine owns the choice. */
export function BranchSelect() {
  const { t } = useT();
  const { branch } = useActors();
  const options = useSelector(branch, (s) => connectBranch(s).branchOptions);
  const current = useSelector(branch, (s) => connectBranch(s).branchId);
  const { contains } = useFilter({ sensitivity: 'base' });
  const [query, setQuery] = useState('');
  const collection = useMemo(
    () =>
      createListCollection<Filial>({
        items: options.filter((o) => contains(o.name, query)),
        itemToString: (item) => item.name,
        itemToValue: (item) => String(item.id),
      }),
    [options, query, contains],
  );

  return (
    <Combobox.Root
      collection={collection}
      value={current == null ? [] : [String(current)]}
      onInputValueChange={(d) => setQuery(d.reason === 'input-change' ? d.inputValue : '')}
      onValueChange={(d) => {
        const id = d.value[0];
        if (id) branch.send({ type: 'branch.choose', id: Number(id) });
        else branch.send({ type: 'branch.clear' });
      }}
      openOnClick
      positioning={{ placement: 'bottom-start', gutter: 6, sameWidth: true }}
      // The list is built on first open: a closed list on the first render costs a forced layout (zag scrolls it to the top).
      lazyMount
      unmountOnExit
    >
      <Combobox.Label className={css({ srOnly: true })}>{t('shell.branch.label')}</Combobox.Label>
      <Combobox.Control className={control}>
        <Building2 size={16} aria-hidden="true" className={css({ position: 'absolute', insetStart: '3', color: 'fg.muted' })} />
        <Combobox.Input className={inputStyle} style={{ paddingInlineStart: 34, paddingInlineEnd: 60 }} placeholder={t('shell.branch.placeholder')} data-testid="branch-input" />
        <Combobox.ClearTrigger className={iconBtn} style={{ insetInlineEnd: 30 }} aria-label={t('shell.branch.clear')}>
          <X size={14} />
        </Combobox.ClearTrigger>
        <Combobox.Trigger className={iconBtn} aria-label={t('shell.branch.label')}>
          <ChevronsUpDown size={14} />
        </Combobox.Trigger>
      </Combobox.Control>
      <Portal>
        <Combobox.Positioner>
          <Combobox.Content className={floatingPanel} style={{ padding: 6, maxHeight: 320, overflowY: 'auto' }}>
            <Combobox.Empty className={css({ px: '3', py: '2', color: 'fg.muted', fontSize: 'sm' })}>{t('shell.branch.notFound')}</Combobox.Empty>
            {collection.items.map((item) => (
              <Combobox.Item key={item.id} item={item} className={menuItem} data-testid="branch-option">
                <Combobox.ItemText>{item.name}</Combobox.ItemText>
              </Combobox.Item>
            ))}
          </Combobox.Content>
        </Combobox.Positioner>
      </Portal>
    </Combobox.Root>
  );
}
