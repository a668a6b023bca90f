import { lazy, Suspense } from 'react';
import { Link } from 'wouter';
import { css } from 'styled-system/css';
import { useMe, useReadablePages } from '../../app/hooks';
import { visibleNav } from '../../app/nav';
import { useT } from '../../i18n';
import { card } from '../../ui/Card';
import { NAV_ICONS } from '../common/navIcons';

// Only readers of lessons load the day list and its attendance sheet.
const TodayLessons = lazy(() => import('./TodayLessons').then((m) => ({ default: m.TodayLessons })));

const grid = css({ display: 'grid', gap: '4', gridTemplateColumns: { base: '1fr', sm: 'repeat(2, 1fr)', lg: 'repeat(3, 1fr)', xl: 'repeat(4, 1fr)' }, mt: '5' });
const link = css({ display: 'block', color: 'accent.fg', fontSize: 'sm', py: '1', _hover: { textDecoration: 'underline' } });

/** Roles whose home page starts with their lessons of today, even on a day without any. */
const TEACHING_HOME_ROLES = ['TEACHER', 'ASSISTANT'];

/** The root page: a greeting, the reader's lessons of today (teachers; anyone else who teaches today), the sections they may open. */
export default function HomePage() {
  const { t } = useT();
  const me = useMe();
  const pages = useReadablePages();
  const sections = visibleNav(pages, me.role);
  // The lessons come from GET /lessons/my-day/, which needs the groups or schedule page.
  const readsLessons = pages.has('groups') || pages.has('schedule');
  return (
    <div>
      <h1 className={css({ fontSize: '2xl', fontWeight: 'semibold' })}>{t('shell.home.greeting', { name: me.full_name.split(' ')[0] })}</h1>
      {readsLessons ? (
        <Suspense fallback={null}>
          <TodayLessons showEmpty={TEACHING_HOME_ROLES.includes(me.role)} />
        </Suspense>
      ) : null}
      <p className={css({ color: 'fg.muted', mt: readsLessons ? '5' : '1' })}>{sections.length ? t('shell.home.intro') : t('shell.home.nothing')}</p>
      <div className={grid}>
        {sections.map((section) => {
          const Icon = NAV_ICONS[section.icon];
          const links = section.children.length ? section.children : section.href ? [{ key: section.key, title: section.title, href: section.href }] : [];
          return (
            <section key={section.key} className={card} data-testid={`home-section-${section.key}`}>
              <div className={css({ display: 'flex', alignItems: 'center', gap: '2.5', mb: '2' })}>
                <span className={css({ w: '9', h: '9', borderRadius: 'control', bg: 'accent.subtle', color: 'accent.default', display: 'grid', placeItems: 'center' })}>
                  <Icon size={18} aria-hidden="true" />
                </span>
                <h2 className={css({ fontWeight: 'semibold' })}>{t(section.title)}</h2>
              </div>
              {links.map((l) => (
                <Link key={l.key} href={l.href} className={link}>
                  {t(l.title)}
                </Link>
              ))}
            </section>
          );
        })}
      </div>
    </div>
  );
}
