import { Pencil, Users } from 'lucide-react';
import { css } from 'styled-system/css';
import { Link, useLocation } from 'wouter';
import { GROUP_STATUSES, type Group, type GroupStatus } from '../../../../../contract/groups';
import { useGroupsPage, type GroupsFilter } from '../../../../api/groups';
import { useMe } from '../../../../app/hooks';
import { useCurrentBranch } from '../../../../app/useBranch';
import { useT } from '../../../../i18n';
import { toIsoDay } from '../../../../lib/dates';
import { rowNumber } from '../../../../lib/params';
import { Button } from '../../../../ui/Button';
import { PageHeader } from '../../../../ui/PageHeader';
import { ListPagination } from '../../../common/ListPagination';
import { Table, type Column } from '../../../../ui/Table';
import { MessagePage } from '../../../common/MessagePage';
import { GroupFormDialog } from '../form/GroupFormDialog';
import { useGroupFormActor } from '../form/useGroupFormActor';
import { GroupCards } from './GroupCards';
import { GroupFilters } from './GroupFilters';
import { GroupStatusBadge } from './GroupStatusBadge';
import { daysText, timeRange } from '../../../../lib/scheduleText';
import { intParam, useQueryParams } from '../../../common/useQueryParams';
import { AddButton } from '../../../../ui/AddButton';

/** Teachers and assistants read their own groups only (the server filters) and change none (it answers 403). */
const READ_ONLY_ROLES: readonly string[] = ['TEACHER', 'ASSISTANT'];

const isStatus = (value: string | null): value is GroupStatus => GROUP_STATUSES.includes(value as GroupStatus);

/** /edu/groups: the branch's groups, filtered and paged by the URL query; a row opens `/edu/groups?id=…`. */
export function GroupsList() {
  const { t } = useT();
  const me = useMe();
  const filial = useCurrentBranch();
  const [params, setParams] = useQueryParams();
  const [, navigate] = useLocation();
  const form = useGroupFormActor();
  const canWrite = !READ_ONLY_ROLES.includes(me.role);
  const status = params.get('status');
  const filter: GroupsFilter = {
    filial,
    page: intParam(params, 'page') ?? 1,
    subject: intParam(params, 'subject'),
    level: intParam(params, 'level'),
    teacher: canWrite ? intParam(params, 'teacher') : undefined,
    status: isStatus(status) ? status : undefined,
    q: params.get('q')?.trim() || undefined,
  };
  const groups = useGroupsPage(filter);

  if (filial === null) return <MessagePage icon={<Users size={28} />} title={t('edu.noBranch')} />;

  const open = (group: Group) => navigate(`/edu/groups?id=${group.id}`);
  const edit = canWrite ? (group: Group) => form.send({ type: 'form.edit', group }) : undefined;
  const filtered = Boolean(filter.subject || filter.level || filter.teacher || filter.status || filter.q);
  const empty = filtered ? t('groups.emptyFiltered') : t('groups.empty');
  const rows = groups.data?.results;
  const columns: Column<Group>[] = [
    { key: 'number', header: t('groups.columns.number'), cell: (_, i) => rowNumber(filter.page, i), width: '48px' },
    { key: 'name', header: t('groups.columns.name'), cell: (g) => (
        // A real link too, for the keyboard and for opening in a new tab.
        <Link href={`/edu/groups?id=${g.id}`} className={css({ fontWeight: 'medium', color: 'accent.fg', _hover: { textDecoration: 'underline' } })}>
          {g.name}
        </Link>
      ),
    },
    {
      key: 'course',
      header: t('groups.columns.course'),
      cell: (g) => (
        <div>
          <div>{g.course.name}</div>
          <div className={css({ color: 'fg.muted', fontSize: 'xs' })}>
            {g.course.subject_name} · {g.course.level_name}
          </div>
        </div>
      ),
    },
    { key: 'teacher', header: t('groups.columns.teacher'), cell: (g) => g.teacher.full_name },
    { key: 'days', header: t('groups.columns.days'), cell: (g) => <span className={css({ whiteSpace: 'nowrap' })}>{daysText(g.days, t)}</span> },
    { key: 'time', header: t('groups.columns.time'), cell: (g) => <span className={css({ whiteSpace: 'nowrap', fontVariantNumeric: 'tabular-nums' })}>{timeRange(g.start_time, g.end_time)}</span> },
    { key: 'room', header: t('groups.columns.room'), cell: (g) => g.room.name },
    { key: 'students', header: t('groups.columns.students'), cell: (g) => t('groups.studentsCount', { count: g.students_count }), numeric: true },
    { key: 'status', header: t('groups.columns.status'), cell: (g) => <GroupStatusBadge status={g.status} /> },
  ];
  if (edit) {
    columns.push({
      key: 'actions',
      header: <span className={css({ srOnly: true })}>{t('groups.columns.actions')}</span>,
      width: '1%',
      cell: (g) => (
        <Button
          variant="ghost"
          size="icon"
          aria-label={`${t('groups.edit')}: ${g.name}`}
          title={t('groups.edit')}
          onClick={(e) => {
            e.stopPropagation();
            edit(g);
          }}
        >
          <Pencil size={16} aria-hidden="true" />
        </Button>
      ),
    });
  }

  return (
    <div>
      <PageHeader
        title={t('groups.title')}
        actions={
          canWrite ? (
            <AddButton onClick={() => form.send({ type: 'form.create', filial, today: toIsoDay(new Date()) })} data-testid="group-add">
              {t('groups.add')}
            </AddButton>
          ) : undefined
        }
        subtitle={t('groups.subtitle')}
      />
      <GroupFilters filial={filial} values={{ ...filter, status: status ?? undefined }} showTeacher={canWrite} onChange={setParams} />
      <div className={css({ display: { base: 'none', md: 'block' } })}>
        <Table
          columns={columns}
          rows={rows}
          rowKey={(g) => g.id}
          loading={groups.isLoading}
          loadingText={t('edu.list.loading')}
          emptyText={empty}
          onRowClick={open}
          label={t('groups.title')}
          testId="groups-table"
        />
      </div>
      <div className={css({ display: { base: 'block', md: 'none' } })}>
        <GroupCards groups={rows} page={filter.page} loading={groups.isLoading} emptyText={empty} onOpen={open} onEdit={edit} />
      </div>
      <ListPagination page={filter.page} count={groups.data?.count} onChange={(page) => setParams({ page: page > 1 ? page : null })} />
      {canWrite ? <GroupFormDialog actor={form} /> : null}
    </div>
  );
}
