// The parents' payment links on the student card: for each configured provider (Payme, Click) a link with the
// student and the suggested amount (the debt, else the month's fee) filled in, and its QR code (Ark UI's QR code,
// already a dependency) to show on a phone or print. Nothing shows when no provider is configured.
import { QrCode } from '@ark-ui/react/qr-code';
import { css } from 'styled-system/css';
import { usePaymentLinks } from '../../../../api/payments';
import { useT } from '../../../../i18n';
import { formatMoney } from '../../../../lib/money';
import { muted, panel, sectionTitle } from '../parts';

const grid = css({ display: 'grid', gap: '4', gridTemplateColumns: { base: '1fr', sm: 'repeat(2, minmax(0, 1fr))' }, mt: '3' });
const card = css({ display: 'flex', flexDirection: 'column', alignItems: 'center', gap: '2', borderWidth: '1px', borderColor: 'border.default', borderRadius: 'card', p: '3' });
const qr = css({ width: '40', height: '40', '& svg': { width: '100%', height: '100%' } });
const link = css({ fontSize: 'xs', color: 'accent.fg', overflowWrap: 'anywhere', textAlign: 'center', textDecoration: 'underline' });

export function OnlinePaymentLinks({ student }: { student: number }) {
  const { t } = useT();
  const links = usePaymentLinks(student);
  const data = links.data;
  if (!data || (!data.payme && !data.click)) return null;
  const providers = [
    { key: 'payme', name: 'Payme', url: data.payme },
    { key: 'click', name: 'Click', url: data.click },
  ].filter((p): p is { key: string; name: string; url: string } => p.url !== null);
  return (
    <section className={panel} data-testid="online-payment-links">
      <h2 className={sectionTitle}>{t('billing.online.title')}</h2>
      <p className={muted}>{t(`billing.online.basis.${data.basis}`, { amount: formatMoney(data.amount) })}</p>
      <div className={grid}>
        {providers.map((p) => (
          <div key={p.key} className={card} data-testid={`payment-link-${p.key}`}>
            <strong>{p.name}</strong>
            <QrCode.Root value={p.url} encoding={{ ecc: 'M' }} className={qr} role="img" aria-label={t('billing.online.qr', { provider: p.name })}>
              <QrCode.Frame>
                <QrCode.Pattern />
              </QrCode.Frame>
            </QrCode.Root>
            <a className={link} href={p.url} target="_blank" rel="noreferrer">
              {t('billing.online.open', { provider: p.name })}
            </a>
          </div>
        ))}
      </div>
      <p className={muted}>{t('billing.online.hint')}</p>
    </section>
  );
}
