import { Store } from 'lucide-react';
import { useState } from 'react';
import type { ShopItem } from '../../../contract/shop';
import { patchShopItem } from '../../api/shop';
import { useCurrentBranch } from '../../app/useBranch';
import { useT } from '../../i18n';
import { PageHeader } from '../../ui/PageHeader';
import { Tabs } from '../../ui/Tabs';
import { MessagePage } from '../common/MessagePage';
import { intParam, useQueryParams } from '../common/useQueryParams';
import { useWrite } from '../common/useWrite';
import { ItemDialog } from './ItemDialog';
import { SellDialog } from './SellDialog';
import { ShopItems, type ItemActions } from './ShopItems';
import { ShopPurchases } from './ShopPurchases';
import { AddButton } from '../../ui/AddButton';

type Open = { kind: 'create' } | { kind: 'edit'; item: ShopItem } | { kind: 'sell'; item: ShopItem } | null;
const TABS = ['items', 'purchases', 'archived'] as const;
type Tab = (typeof TABS)[number];

/** /control/shop: the current branch's items (?tab=items|purchases|archived, ?page=), selling, the purchases. */
export default function ShopPage() {
  const { t } = useT();
  const filial = useCurrentBranch();
  const [params, setParams] = useQueryParams();
  const tab: Tab = (TABS as readonly string[]).includes(params.get('tab') ?? '') ? (params.get('tab') as Tab) : 'items';
  const page = intParam(params, 'page') ?? 1;
  const [open, setOpen] = useState<Open>(null);
  const archive = useArchive();

  if (filial === null) return <MessagePage icon={<Store size={28} />} title={t('shop.noBranch')} />;

  const actions: ItemActions = {
    sell: (item) => setOpen({ kind: 'sell', item }),
    edit: (item) => setOpen({ kind: 'edit', item }),
    archive: (item, archived) => archive.submit({ item, archived }),
    busy: archive.pending?.item.id ?? null,
  };
  const onPage = (p: number) => setParams({ page: p > 1 ? p : null });
  const content = (which: Tab) => {
    if (tab !== which) return null;
    if (which === 'purchases') return <ShopPurchases filial={filial} page={page} onPage={onPage} />;
    return <ShopItems filial={filial} page={page} archived={which === 'archived'} actions={actions} onPage={onPage} />;
  };
  return (
    <div>
      <PageHeader
        title={t('shop.title')}
        actions={
          <AddButton onClick={() => setOpen({ kind: 'create' })} data-testid="shop-item-add">
            {t('shop.add')}
          </AddButton>
        }
        subtitle={t('shop.subtitle')}
      />
      <Tabs
        label={t('shop.tabs.label')}
        value={tab}
        onChange={(value) => setParams({ tab: value === 'items' ? null : value, page: null })}
        items={TABS.map((value) => ({ value, label: t(`shop.tabs.${value}`), content: content(value) }))}
      />
      {open?.kind === 'create' ? <ItemDialog item={null} filial={filial} onClose={() => setOpen(null)} /> : null}
      {open?.kind === 'edit' ? <ItemDialog item={open.item} filial={filial} onClose={() => setOpen(null)} /> : null}
      {open?.kind === 'sell' ? <SellDialog item={open.item} onClose={() => setOpen(null)} /> : null}
    </div>
  );
}

/** PATCH is_archived: archive an item (it leaves the sale list) or bring it back. */
function useArchive() {
  return useWrite(({ item, archived }: { item: ShopItem; archived: boolean }) => patchShopItem(item.id, { is_archived: archived }), {
    success: ({ archived }) => (archived ? 'shop.archived' : 'shop.restored'),
    failureToast: 'shop.archiveFailed',
    repeatable: true,
  });
}
