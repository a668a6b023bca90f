import { css } from 'styled-system/css';
import { SHOP_PRICE_MAX, SHOP_STOCK_MAX, shopItemCreate, type ShopItem, type ShopItemCreate } from '../../../contract/shop';
import { createShopItem, patchShopItem } from '../../api/shop';
import { useT } from '../../i18n';
import { Dialog } from '../../ui/Dialog';
import { submitWith, useAppForm } from '../../ui/form';
import { twoColumns } from '../../ui/form/FormAlert';
import { FormFooter } from '../../ui/form/FormFooter';
import { useWrite } from '../common/useWrite';

type Values = { filial: number; name: string; price_coins: number; stock: number };

/** Create (item null) or edit an item of the branch: name, price in coins, stock. Mounted only while open. */
export function ItemDialog({ item, filial, onClose }: { item: ShopItem | null; filial: number; onClose: () => void }) {
  const { t } = useT();
  return (
    <Dialog open onClose={onClose} title={item ? t('shop.form.editTitle') : t('shop.form.createTitle')} description={t('shop.form.description')} closeLabel={t('common.actions.close')} maxWidth="440px">
      <ItemForm item={item} filial={filial} onDone={onClose} />
    </Dialog>
  );
}

function ItemForm({ item, filial, onDone }: { item: ShopItem | null; filial: number; onDone: () => void }) {
  const { t } = useT();
  const write = useWrite(
    (v: Values) => (item ? patchShopItem(item.id, { name: v.name, price_coins: v.price_coins, stock: v.stock }) : createShopItem(v satisfies ShopItemCreate)),
    { success: 'shop.saved', onDone, messages: { failed: 'shop.saveFailed', conflict: 'shop.saveFailed' } },
  );
  const form = useAppForm({
    defaultValues: { filial: item?.filial ?? filial, name: item?.name ?? '', price_coins: item?.price_coins ?? 50, stock: item?.stock ?? 10 } as Values,
    validators: { onChange: shopItemCreate, onSubmit: shopItemCreate },
    listeners: write.listeners,
    onSubmit: ({ value, formApi }) => write.submit({ ...value, name: value.name.trim() }, formApi),
  });

  return (
    <form noValidate onSubmit={submitWith(form)} className={css({ display: 'grid', gap: '4' })} data-testid="shop-item-form">
      <form.AppField name="name">{(f) => <f.TextField label="shop.form.name" required autoFocus placeholder={t('shop.form.namePlaceholder')} />}</form.AppField>
      <div className={twoColumns}>
        <form.AppField name="price_coins">{(f) => <f.NumberField label="shop.form.price" required min={1} max={SHOP_PRICE_MAX} />}</form.AppField>
        <form.AppField name="stock">{(f) => <f.NumberField label="shop.form.stock" required min={0} max={SHOP_STOCK_MAX} />}</form.AppField>
      </div>
      <FormFooter write={write} onCancel={onDone} submitLabel={t('shop.form.save')} submitTestId="shop-item-save" />
    </form>
  );
}
