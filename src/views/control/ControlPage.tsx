import { ChevronRight } from 'lucide-react';
import { useMemo } from 'react';
import { css } from 'styled-system/css';
import { Link, useLocation } from 'wouter';
import { useMe, useReadablePages } from '../../app/hooks';
import { useT } from '../../i18n';
import { PageHeader } from '../../ui/PageHeader';
import NotFoundPage from '../common/NotFoundPage';
import { controlCards } from './controlCards';

const grid = css({ display: 'grid', gap: '3', gridTemplateColumns: { base: '1fr', sm: 'repeat(2, minmax(0, 1fr))', xl: 'repeat(3, minmax(0, 1fr))' } });
const cardLink = css({
  display: 'flex',
  alignItems: 'center',
  gap: '3',
  bg: 'bg.surface',
  borderWidth: '1px',
  borderColor: 'border.default',
  borderRadius: 'card',
  p: '4',
  transition: 'border-color 0.15s',
  _hover: { borderColor: 'accent.default' },
  _focusVisible: { outline: '2px solid', outlineColor: 'accent.default', outlineOffset: '2px' },
});

/** /control: a card for each control page the reader may open. Any other /control/... path is not found. */
export default function ControlPage() {
  const { t } = useT();
  const [path] = useLocation();
  const readable = useReadablePages();
  const { role } = useMe();
  const cards = useMemo(() => controlCards(readable, role), [readable, role]);
  if (path.replace(/\/+$/, '') !== '/control') return <NotFoundPage />;
  // A page added to the sidebar later shows without a description until it has one.
  const describe = (key: string) => t(`control.overview.cards.${key}`, { defaultValue: '' }) || null;
  return (
    <div>
      <PageHeader title={t('control.overview.title')} subtitle={t('control.overview.subtitle')} />
      <ul className={grid} data-testid="control-cards">
        {cards.map((card) => (
          <li key={card.href}>
            <Link href={card.href} className={cardLink} data-testid={`control-card-${card.key}`}>
              <span className={css({ flex: '1', minW: '0' })}>
                <span className={css({ display: 'block', fontWeight: 'semibold' })}>{t(card.title)}</span>
                {describe(card.key) ? <span className={css({ display: 'block', fontSize: 'sm', color: 'fg.muted', mt: '1' })}>{describe(card.key)}</span> : null}
              </span>
              <ChevronRight size={18} aria-hidden="true" className={css({ color: 'fg.subtle', flexShrink: 0 })} />
            </Link>
          </li>
        ))}
      </ul>
    </div>
  );
}
