import { useSelector } from '@xstate/react';
import { ArrowLeft, UserX } from 'lucide-react';
import { lazy, Suspense, useCallback, useMemo, useRef, useState } from 'react';
import { css } from 'styled-system/css';
import { Link } from 'wouter';
import { EMPLOYEE_WRITER_ROLES, PHOTO_TYPES, type EmployeeDetail } from '../../../../contract/employees';
import { deleteEmployeePhoto, updateEmployee, uploadEmployeePhoto, useEmployee } from '../../../api/employees';
import { ApiError } from '../../../api/errors';
import { useActors, useMe, useReadablePages } from '../../../app/hooks';
import { useT } from '../../../i18n';
import { Badge } from '../../../ui/Badge';
import { Button } from '../../../ui/Button';
import { PageHeader } from '../../../ui/PageHeader';
import { Tabs } from '../../../ui/Tabs';
import { MessagePage } from '../../common/MessagePage';
import { intParam, useQueryParams } from '../../common/useQueryParams';
import { useWrite } from '../../common/useWrite';
import { Avatar } from '../../../ui/Avatar';
import { EmployeeDialog } from '../form/EmployeeDialog';
import { toBody, valuesOf } from '../form/employeeForm';
import { filialNames } from '../list/employeeColumns';
import { ArchiveEmployeeDialog } from './ArchiveEmployeeDialog';
import { CommentsTab } from './CommentsTab';
import { ProfileFacts } from './ProfileFacts';
import { connectBranch } from '../../../machines/branch';

// The attendance helper's tab: one employee's month of arrivals and departures.
const EmployeeAttendanceTab = lazy(() => import('../attendance/EmployeeAttendanceTab'));

const TABS = ['profile', 'pages', 'comments', 'attendance'] as const;
type Tab = (typeof TABS)[number];

/** /employees/info?id=: the employee's card with tabs (profile, pages, comments, attendance), edit, archive, photo. */
export default function EmployeeInfoPage() {
  const { t } = useT();
  const [params, setParams] = useQueryParams();
  const id = intParam(params, 'id');
  const employee = useEmployee(id);
  const readable = useReadablePages();

  if (id === undefined || (employee.isError && employee.error instanceof ApiError && employee.error.status === 404)) {
    return <MessagePage icon={<UserX size={28} />} title={t('employees.info.notFound')} />;
  }
  if (!employee.data) return <p className={css({ color: 'fg.muted' })}>{employee.isError ? t('employees.loadFailed') : t('employees.loading')}</p>;
  const tabs = TABS.filter((x) => x !== 'comments' || readable.has('employees')).filter((x) => x !== 'attendance' || readable.has('employees_att') || readable.has('employees'));
  const asked = params.get('tab') as Tab | null;
  const tab: Tab = asked && tabs.includes(asked) ? asked : 'profile';
  return <EmployeeCard employee={employee.data} tab={tab} tabs={tabs} onTab={(value) => setParams({ tab: value === 'profile' ? null : value })} />;
}

function EmployeeCard({ employee, tab, tabs, onTab }: { employee: EmployeeDetail; tab: Tab; tabs: readonly Tab[]; onTab: (tab: string) => void }) {
  const { t } = useT();
  const me = useMe();
  const readable = useReadablePages();
  const { branch } = useActors();
  const options = useSelector(branch, (s) => connectBranch(s).branchOptions);
  const names = useMemo(() => new Map(options.map((b) => [b.id, b.name])), [options]);
  const [editing, setEditing] = useState(false);
  const [archiving, setArchiving] = useState(false);
  const closeArchive = useCallback(() => setArchiving(false), []);
  const fileInput = useRef<HTMLInputElement>(null);
  const canWrite = EMPLOYEE_WRITER_ROLES.includes(me.role) && readable.has('employees') && (employee.role !== 'DIRECTOR' || me.role === 'DIRECTOR');
  const canPhoto = canWrite || me.id === employee.id;

  const restoreWrite = useWrite(
    () => updateEmployee(employee.id, { ...toBody(valuesOf(employee)), password: undefined, pages: undefined, is_archived: false } as never),
    { success: 'employees.info.restored', failureToast: 'employees.info.restoreFailed', repeatable: true },
  );
  const restore = () => restoreWrite.submit(undefined);
  // A file is sent as it is (multipart); the server's word on it ("too large") is the failure toast.
  const uploadWrite = useWrite((file: File) => uploadEmployeePhoto(employee.id, file), {
    success: 'employees.info.photoSaved',
    failureToast: 'employees.info.photoFailed',
    repeatable: true,
  });
  const removeWrite = useWrite(() => deleteEmployeePhoto(employee.id), {
    success: 'employees.info.photoRemoved',
    failureToast: 'employees.info.photoFailed',
    repeatable: true,
  });

  const pages = employee.pages.filter((p) => p.is_readable);
  return (
    <div>
      <Link href={employee.is_archived ? '/employees/archive' : '/employees'} className={css({ display: 'inline-flex', alignItems: 'center', gap: '1', fontSize: 'sm', color: 'fg.muted', mb: '3' })}>
        <ArrowLeft size={14} aria-hidden="true" />
        {t('employees.info.back')}
      </Link>
      <PageHeader
        title={
          <span className={css({ display: 'inline-flex', alignItems: 'center', gap: '3', flexWrap: 'wrap' })}>
            <Avatar name={employee.full_name} photo={employee.photo?.file} size={48} />
            <span data-testid="employee-name">{employee.full_name}</span>
            <Badge>{t(`common.roles.${employee.role}`)}</Badge>
            {employee.is_archived ? <Badge tone="danger">{t('employees.archived')}</Badge> : null}
          </span>
        }
        actions={
          canWrite ? (
            <div className={css({ display: 'flex', gap: '2', flexWrap: 'wrap' })}>
              {employee.is_archived ? (
                <Button variant="outline" onClick={restore} disabled={restoreWrite.submitting} data-testid="employee-restore">
                  {t('employees.info.restore')}
                </Button>
              ) : (
                <>
                  <Button variant="outline" onClick={() => setEditing(true)} data-testid="employee-edit">
                    {t('employees.info.edit')}
                  </Button>
                  {me.id !== employee.id ? (
                    <Button variant="danger" onClick={() => setArchiving(true)} data-testid="employee-archive">
                      {t('employees.info.archive')}
                    </Button>
                  ) : null}
                </>
              )}
            </div>
          ) : null
        }
      />
      <Tabs
        value={tab}
        onChange={onTab}
        label={employee.full_name}
        items={tabs.map((key) => ({
          value: key,
          label: t(`employees.info.tabs.${key}`),
          content:
            key === 'profile' ? (
              <div className={css({ display: 'grid', gap: '4', maxW: '48rem' })}>
                <ProfileFacts employee={employee} filials={filialNames(employee.filials, names, t)} />
                {canPhoto ? (
                  <div className={css({ display: 'flex', gap: '2', alignItems: 'center', flexWrap: 'wrap' })}>
                    <input ref={fileInput} type="file" accept={PHOTO_TYPES.join(',')} hidden data-testid="photo-input" onChange={(e) => {
                        const file = e.target.files?.[0];
                        if (file) uploadWrite.submit(file);
                        e.target.value = '';
                      }}
                    />
                    <Button variant="outline" size="sm" onClick={() => fileInput.current?.click()} disabled={uploadWrite.submitting}>
                      {t('employees.info.uploadPhoto')}
                    </Button>
                    {employee.photo ? (
                      <Button variant="ghost" size="sm" onClick={() => removeWrite.submit(undefined)} disabled={removeWrite.submitting}>
                        {t('employees.info.removePhoto')}
                      </Button>
                    ) : null}
                    <span className={css({ fontSize: 'xs', color: 'fg.muted' })}>{t('employees.info.photoHint')}</span>
                  </div>
                ) : null}
              </div>
            ) : key === 'pages' ? (
              <div data-testid="employee-pages-list">
                <p className={css({ fontSize: 'sm', color: 'fg.muted', mb: '2' })}>{t('employees.info.readable')}</p>
                {pages.length ? (
                  <ul className={css({ display: 'flex', flexWrap: 'wrap', gap: '2' })}>
                    {pages.map((p) => (
                      <li key={p.name}>
                        <Badge tone="accent">{t(`roles.pages.${p.name}`)}</Badge>
                      </li>
                    ))}
                  </ul>
                ) : (
                  <p>{t('employees.info.none')}</p>
                )}
              </div>
            ) : key === 'comments' ? (
              <CommentsTab employeeId={employee.id} filial={employee.filials[0] ?? null} />
            ) : (
              <Suspense fallback={<p className={css({ color: 'fg.muted' })}>{t('employees.loading')}</p>}>
                <EmployeeAttendanceTab employeeId={employee.id} />
              </Suspense>
            ),
        }))}
      />
      {editing ? <EmployeeDialog employee={employee} filial={null} onClose={() => setEditing(false)} /> : null}
      {archiving ? <ArchiveEmployeeDialog employee={employee} onClose={closeArchive} /> : null}
    </div>
  );
}
