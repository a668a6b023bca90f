import { ArrowLeft } from 'lucide-react';
import { css } from 'styled-system/css';
import { Link } from 'wouter';
import { useT } from '../../../../i18n';
import { button } from '../../../../ui/Button';
import { PageHeader } from '../../../../ui/PageHeader';
import { useGroupDetailNamespace } from './useNamespace';

/** One group: header, students, lessons and attendance. Shown by the groups page for `/edu/groups?id=<id>`. */
export default function GroupDetail({ id }: { id: number }) {
  useGroupDetailNamespace();
  const { t } = useT();
  return (
    <section>
      <Link href="/edu/groups" className={button({ variant: 'ghost', size: 'sm' })}>
        <ArrowLeft size={16} aria-hidden="true" />
        {t('groupDetail.back')}
      </Link>
      <div className={css({ mt: '2' })}>
        <PageHeader title={t('groupDetail.title', { id })} />
      </div>
    </section>
  );
}
