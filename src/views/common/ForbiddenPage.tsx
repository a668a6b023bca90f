import { Lock } from 'lucide-react';
import { Link } from 'wouter';
import { useT } from '../../i18n';
import { button } from '../../ui/Button';
import { MessagePage } from './MessagePage';

export default function ForbiddenPage() {
  const { t } = useT();
  return (
    <MessagePage icon={<Lock size={28} />} title={t('common.errors.forbidden')} hint={t('common.errors.forbiddenHint')}>
      <Link href="/" className={button({ variant: 'outline' })}>
        {t('common.errors.toHome')}
      </Link>
    </MessagePage>
  );
}
