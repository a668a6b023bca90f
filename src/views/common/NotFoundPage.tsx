import { SearchX } from 'lucide-react';
import { Link } from 'wouter';
import { useT } from '../../i18n';
import { button } from '../../ui/Button';
import { MessagePage } from './MessagePage';

export default function NotFoundPage() {
  const { t } = useT();
  return (
    <MessagePage icon={<SearchX size={28} />} title={t('common.errors.notFound')} hint={t('common.errors.notFoundHint')}>
      <Link href="/" className={button({ variant: 'outline' })}>
        {t('common.errors.toHome')}
      </Link>
    </MessagePage>
  );
}
