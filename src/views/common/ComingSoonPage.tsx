import { Hourglass } from 'lucide-react';
import { useT } from '../../i18n';
import { MessagePage } from './MessagePage';

/** 'Tez kunda!' for the areas that later work builds (spec section 2). */
export default function ComingSoonPage() {
  const { t } = useT();
  return <MessagePage icon={<Hourglass size={28} />} title={t('common.comingSoon')} hint={t('common.comingSoonHint')} />;
}
