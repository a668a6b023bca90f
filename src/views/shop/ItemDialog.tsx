import { useForm } from '@tanstack/react-form';
import { useMutation } from '@tanstack/react-query';
import { useState } from 'react';
import { css } from 'styled-system/css';
import { SHOP_PRICE_MAX, SHOP_STOCK_MAX, shopItemCreate, type ShopItem, type ShopItemCreate } from '../../../contract/shop';
import { ApiError } from '../../api/errors';
import { createShopItem, patchShopItem } from '../../api/shop';
import { useActors } from '../../app/hooks';
import { useT } from '../../i18n';
import { Button } from '../../ui/Button';
import { Dialog, dialogFooter } from '../../ui/Dialog';
import { Field } from '../../ui/Field';
import { FormAlert } from '../common/DialogFormParts';
import { submitWith } from '../common/FormTextField';
import { firstError } from '../common/formErrors';

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
  const { toast } = useActors();
  const [serverErrors, setServerErrors] = useState<Record<string, string[]>>({});
  const [alert, setAlert] = useState<string | null>(null);
  const save = useMutation({
    mutationFn: (v: Values) =>
      item ? patchShopItem(item.id, { name: v.name, price_coins: v.price_coins, stock: v.stock }) : createShopItem(v satisfies ShopItemCreate),
    onSuccess: () => {
      toast.send({ type: 'toast.show', severity: 'success', message: 'shop.saved' });
      onDone();
    },
    onError: (error) => {
      if (error instanceof ApiError && error.status === 400 && error.fields) setServerErrors(error.fields);
      else if (error instanceof ApiError && error.detail) setAlert(error.detail);
      else toast.send({ type: 'toast.show', severity: 'error', message: 'shop.saveFailed' });
    },
  });
  const form = useForm({
    defaultValues: { filial: item?.filial ?? filial, name: item?.name ?? '', price_coins: item?.price_coins ?? 50, stock: item?.stock ?? 10 } as Values,
    validators: { onChange: shopItemCreate, onSubmit: shopItemCreate },
    onSubmit: ({ value }) => {
      setAlert(null);
      save.mutate({ ...value, name: value.name.trim() });
    },
  });
  const shown = (meta: { isTouched: boolean; errors: readonly unknown[] }, name: string) =>
    firstError(serverErrors[name] ?? [], t) ?? (meta.isTouched || form.state.submissionAttempts > 0 ? firstError(meta.errors, t) : null);
  const forget = (name: string) => setServerErrors(({ [name]: _, ...rest }) => rest);
  const numberField = (name: 'price_coins' | 'stock', label: string, min: number, max: number) => (
    <form.Field name={name}>
      {(field) => (
        <Field
          label={label}
          required
          name={name}
          type="number"
          inputMode="numeric"
          min={min}
          max={max}
          value={Number.isNaN(field.state.value) ? '' : field.state.value}
          onBlur={field.handleBlur}
          onChange={(e) => {
            forget(name);
            field.handleChange(e.target.value === '' ? Number.NaN : Number(e.target.value));
          }}
          error={shown(field.state.meta, name)}
        />
      )}
    </form.Field>
  );

  return (
    <form noValidate onSubmit={submitWith(form)} className={css({ display: 'grid', gap: '4' })} data-testid="shop-item-form">
      <form.Field name="name">
        {(field) => (
          <Field
            label={t('shop.form.name')}
            required
            name="name"
            autoFocus
            placeholder={t('shop.form.namePlaceholder')}
            value={field.state.value}
            onBlur={field.handleBlur}
            onChange={(e) => {
              forget('name');
              field.handleChange(e.target.value);
            }}
            error={shown(field.state.meta, 'name')}
          />
        )}
      </form.Field>
      <div className={css({ display: 'grid', gap: '4', gridTemplateColumns: { base: '1fr', sm: '1fr 1fr' } })}>
        {numberField('price_coins', t('shop.form.price'), 1, SHOP_PRICE_MAX)}
        {numberField('stock', t('shop.form.stock'), 0, SHOP_STOCK_MAX)}
      </div>
      <FormAlert>{alert ?? firstError([...(serverErrors.filial ?? []), ...(serverErrors.non_field_errors ?? [])], t)}</FormAlert>
      <div className={dialogFooter}>
        <Button variant="outline" onClick={onDone}>
          {t('common.actions.cancel')}
        </Button>
        <Button type="submit" disabled={save.isPending} data-testid="shop-item-save">
          {save.isPending ? t('shop.form.saving') : t('shop.form.save')}
        </Button>
      </div>
    </form>
  );
}
