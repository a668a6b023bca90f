import { useState } from 'react';
import { css } from 'styled-system/css';
import type { BonusStudent } from '../../../contract/bonuses';
import { SHOP_QUANTITY_MAX, shopPurchaseBody, type ShopItem, type ShopPurchaseBody, type ShopPurchaseResult } from '../../../contract/shop';
import { buyShopItem } from '../../api/shop';
import { useActors } from '../../app/hooks';
import { useT } from '../../i18n';
import { Button } from '../../ui/Button';
import { Dialog, dialogFooter } from '../../ui/Dialog';
import { Field } from '../../ui/Field';
import { formBody, FormAlert } from '../common/DialogFormParts';
import { formatCoins } from '../common/coins/coinsText';
import { StudentPicker } from '../common/coins/StudentPicker';
import { useCoinWrite } from '../common/coins/useCoinWrite';

const summary = css({ display: 'grid', gridTemplateColumns: 'repeat(3, 1fr)', gap: '2', p: '3', borderRadius: 'control', bg: 'bg.subtle', fontSize: 'sm' });
const figure = css({ display: 'grid', gap: '0.5', '& dd': { fontWeight: 'semibold', fontSize: 'md' } });

/**
 * "Sotish": one item for one student of the branch. The summary shows the student's coins, the total and what is
 * left; the sale itself runs through the financeWrite statechart (useCoinWrite), whose 409s (out of stock, not
 * enough coins: another sale got there first) are shown as the server words them.
 */
export function SellDialog({ item, onClose }: { item: ShopItem; onClose: () => void }) {
  const { t } = useT();
  const { toast } = useActors();
  const [student, setStudent] = useState<BonusStudent | null>(null);
  const [quantity, setQuantity] = useState('1');
  const [tried, setTried] = useState(false);
  const write = useCoinWrite<ShopPurchaseBody, ShopPurchaseResult>(buyShopItem, (result) => {
    toast.send({
      type: 'toast.show',
      severity: 'success',
      message: 'shop.sell.done',
      values: { item: result.purchase.item.name, student: result.purchase.student.name, coins: formatCoins(result.coins) },
    });
    onClose();
  });

  const qty = Number(quantity);
  const parsed = shopPurchaseBody.safeParse({ item: item.id, student: student?.id, quantity: quantity === '' ? undefined : qty });
  const total = Number.isInteger(qty) && qty > 0 ? qty * item.price_coins : 0;
  const left = student ? student.coins - total : null;
  const overStock = Number.isInteger(qty) && qty > item.stock;
  const short = left !== null && left < 0;
  const quantityError = parsed.success || !parsed.error.issues.some((i) => i.path[0] === 'quantity') ? null : t('validation.positiveInt');
  const stockHint = overStock ? t('shop.sell.notEnoughStock', { count: item.stock }) : null;

  const submit = (e: React.FormEvent) => {
    e.preventDefault();
    setTried(true);
    if (!parsed.success || overStock || short) return;
    write.submit(parsed.data);
  };

  return (
    <Dialog
      open
      onClose={onClose}
      title={`${t('shop.sell.title')}: ${item.name}`}
      description={t('shop.sell.description', { price: formatCoins(item.price_coins), stock: formatCoins(item.stock) })}
      closeLabel={t('common.actions.close')}
      maxWidth="520px"
    >
      <form noValidate onSubmit={submit} data-testid="sell-form">
        <div className={formBody}>
          <StudentPicker
            filial={item.filial}
            ns="shop.sell"
            chosen={student}
            onChoose={(s) => {
              write.edit('student');
              setStudent(s);
            }}
            error={tried && !student ? t('shop.sell.chooseStudent') : (write.fieldErrors.student ?? null)}
          />
          <Field
            label={t('shop.sell.quantity')}
            required
            name="quantity"
            type="number"
            inputMode="numeric"
            min={1}
            max={Math.min(SHOP_QUANTITY_MAX, Math.max(1, item.stock))}
            value={quantity}
            onChange={(e) => {
              write.edit('quantity');
              setQuantity(e.target.value);
            }}
            error={quantityError ?? stockHint ?? write.fieldErrors.quantity ?? null}
          />
          <dl className={summary} data-testid="sell-summary">
            <div className={figure}>
              <dt>{t('shop.sell.balance')}</dt>
              <dd data-testid="sell-balance">{student ? formatCoins(student.coins) : '—'}</dd>
            </div>
            <div className={figure}>
              <dt>{t('shop.sell.total')}</dt>
              <dd data-testid="sell-total">{formatCoins(total)}</dd>
            </div>
            <div className={figure}>
              <dt>{t('shop.sell.left')}</dt>
              <dd data-testid="sell-left" className={css({ color: short ? 'danger.default' : 'fg.default' })}>
                {left === null ? '—' : formatCoins(left)}
              </dd>
            </div>
          </dl>
          {short ? <p className={css({ color: 'danger.default', fontSize: 'sm' })}>{t('shop.sell.notEnough')}</p> : null}
          <FormAlert>{write.message}</FormAlert>
        </div>
        <div className={dialogFooter}>
          <Button variant="outline" onClick={onClose}>
            {t('shop.sell.cancel')}
          </Button>
          {write.canRetry ? (
            <Button variant="outline" onClick={write.retry}>
              {t('shop.sell.retry')}
            </Button>
          ) : null}
          <Button type="submit" disabled={write.submitting} data-testid="sell-confirm">
            {write.submitting ? t('shop.sell.selling') : t('shop.sell.confirm')}
          </Button>
        </div>
      </form>
    </Dialog>
  );
}
