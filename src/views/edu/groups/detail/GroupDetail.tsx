import { ArrowLeft, Pencil } from 'lucide-react';
import { useCallback, useEffect } from 'react';
import { css } from 'styled-system/css';
import { Link, useSearchParams } from 'wouter';
import { ApiError } from '../../../../api/errors';
import { useGroup, useRefreshGroup } from '../../../../api/groupDetail';
import { useMe } from '../../../../app/hooks';
import { useT } from '../../../../i18n';
import { toIsoDay } from '../../../../lib/dates';
import { button, Button } from '../../../../ui/Button';
import { Tabs } from '../../../../ui/Tabs';
import { GroupFormDialog } from '../form/GroupFormDialog';
import { useGroupFormActor } from '../form/useGroupFormActor';
import { AttendanceSheet } from '../../../common/attendance/AttendanceSheet';
import { GroupHeader } from './GroupHeader';
import { LessonsTab } from './LessonsTab';
import { MembersTab } from './MembersTab';

const TABS = ['students', 'lessons'] as const;
type Tab = (typeof TABS)[number];
/** Teachers and assistants mark attendance; changing lessons and memberships is office work (the server agrees). */
const TEACHING_ROLES = ['TEACHER', 'ASSISTANT'];

/** The month a group's lessons open on: this month while the group runs, else its first or last month. */
function defaultMonth(start: string, end: string): string {
  const today = toIsoDay(new Date());
  const day = today < start ? start : today > end ? end : today;
  return day.slice(0, 7);
}

/** One group: header, students, lessons and attendance. Shown by the groups page for `/edu/groups?id=<id>`. */
export default function GroupDetail({ id }: { id: number }) {
  const { t } = useT();
  const me = useMe();
  const group = useGroup(id);
  const refresh = useRefreshGroup();
  // The groups area's own form edits the group; after a save the page (and its lessons, regenerated) refetch.
  const form = useGroupFormActor();
  useEffect(() => {
    const subscription = form.on('group.saved', () => void refresh());
    return () => subscription.unsubscribe();
  }, [form, refresh]);
  // Tab, month and the open lesson live in the query next to `id`, so a link shows a colleague the same.
  const [params, setParams] = useSearchParams();
  const setParam = useCallback(
    (key: string, value: string | null) =>
      setParams((prev) => {
        const next = new URLSearchParams(prev);
        if (value === null) next.delete(key);
        else next.set(key, value);
        return next;
      }),
    [setParams],
  );
  const tab: Tab = (TABS as readonly string[]).includes(params.get('tab') ?? '') ? (params.get('tab') as Tab) : 'students';
  const monthParam = params.get('month');
  const lessonParam = Number(params.get('lesson'));
  const openLesson = Number.isInteger(lessonParam) && lessonParam > 0 ? lessonParam : null;
  const closeSheet = useCallback(() => setParam('lesson', null), [setParam]);
  const canChange = !TEACHING_ROLES.includes(me.role);

  const back = (
    <Link href="/edu/groups" className={button({ variant: 'ghost', size: 'sm' })}>
      <ArrowLeft size={16} aria-hidden="true" />
      {t('group_detail.back')}
    </Link>
  );

  if (group.isPending || group.isError) {
    const missing = group.error instanceof ApiError && group.error.status === 404;
    return (
      <section>
        {back}
        <div className={css({ py: '12', textAlign: 'center', color: 'fg.muted' })} role={group.isError ? 'alert' : undefined}>
          {group.isPending ? t('edu.list.loading') : missing ? t('group_detail.notFound') : t('group_detail.failedLoad')}
          {group.isError && !missing ? (
            <div>
              <Button variant="outline" className={css({ mt: '3' })} onClick={() => void group.refetch()}>
                {t('common.actions.retry')}
              </Button>
            </div>
          ) : null}
        </div>
      </section>
    );
  }

  const g = group.data;
  const month = monthParam && /^\d{4}-\d{2}$/.test(monthParam) ? monthParam : defaultMonth(g.start_date, g.end_date);
  return (
    <section data-testid="group-detail" data-group-id={g.id}>
      <div className={css({ mb: '2' })}>{back}</div>
      <GroupHeader
        group={g}
        actions={
          canChange ? (
            <Button variant="outline" onClick={() => form.send({ type: 'form.edit', group: g })} data-testid="group-edit">
              <Pencil size={16} />
              {t('group_detail.edit')}
            </Button>
          ) : null
        }
      />
      <div className={css({ mt: '6' })}>
        <Tabs
          value={tab}
          onChange={(value) => setParam('tab', value === 'students' ? null : value)}
          label={t('group_detail.tabs.label')}
          items={[
            { value: 'students', label: t('group_detail.tabs.students'), content: <MembersTab group={g} canChange={canChange} /> },
            {
              value: 'lessons',
              label: t('group_detail.tabs.lessons'),
              content: (
                <LessonsTab
                  group={g}
                  month={month}
                  onMonth={(m) => setParam('month', m)}
                  onOpenLesson={(lessonId) => setParam('lesson', String(lessonId))}
                  canChange={canChange}
                />
              ),
            },
          ]}
        />
      </div>
      <GroupFormDialog actor={form} />
      {openLesson !== null ? <AttendanceSheet key={openLesson} lessonId={openLesson} onClose={closeSheet} /> : null}
    </section>
  );
}
