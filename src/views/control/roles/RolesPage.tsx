import { useEffect, useMemo, useState } from 'react';
import { css } from 'styled-system/css';
import { PAGE_KEYS, ROLES, type PageKey, type Role } from '../../../../contract/roles';
import { saveRolePages, useRolePages } from '../../../api/employees';
import { useMe } from '../../../app/hooks';
import { useT } from '../../../i18n';
import { Button } from '../../../ui/Button';
import { PageHeader } from '../../../ui/PageHeader';
import { useWrite } from '../../common/useWrite';

type Matrix = Record<Role, PageKey[]>;

const cell = css({ px: '2', py: '1.5', borderBottomWidth: '1px', borderColor: 'border.default', textAlign: 'center' });
const head = css({ px: '2', py: '2', fontSize: 'xs', fontWeight: 'semibold', color: 'fg.muted', bg: 'bg.subtle', borderBottomWidth: '1px', borderColor: 'border.default', verticalAlign: 'bottom', minW: '5.5rem' });

/** /control/roles: the director's default pages per role, a roles × pages matrix of checkboxes, saved at once. */
export default function RolesPage() {
  const { t } = useT();
  const me = useMe();
  const stored = useRolePages();
  const initial = useMemo(() => (stored.data ? (Object.fromEntries(stored.data.map((r) => [r.role, r.pages])) as Matrix) : null), [stored.data]);
  const [matrix, setMatrix] = useState<Matrix | null>(null);
  const write = useWrite((rows: { role: Role; pages: PageKey[] }[]) => saveRolePages(rows), { success: 'roles.saved', failureToast: 'roles.failed', repeatable: true });
  const saving = write.submitting;
  useEffect(() => setMatrix(initial), [initial]);
  const editable = me.role === 'DIRECTOR';

  if (!matrix || !initial) return <p className={css({ color: 'fg.muted' })}>{stored.isError ? t('roles.loadFailed') : t('roles.loading')}</p>;
  const changed = ROLES.filter((r) => [...matrix[r]].sort().join() !== [...initial[r]].sort().join());
  const set = (role: Role, page: PageKey, on: boolean) =>
    setMatrix({ ...matrix, [role]: on ? PAGE_KEYS.filter((k) => k === page || matrix[role].includes(k)) : matrix[role].filter((k) => k !== page) });
  const save = () => write.submit(changed.map((role) => ({ role, pages: matrix[role] })));

  return (
    <div>
      <PageHeader
        title={t('roles.title')}
        actions={
          editable ? (
            <div className={css({ display: 'flex', gap: '2', alignItems: 'center', flexWrap: 'wrap' })}>
              {changed.length ? <span className={css({ fontSize: 'sm', color: 'fg.muted' })}>{t('roles.unsaved')}</span> : null}
              <Button variant="outline" disabled={!changed.length || saving} onClick={() => setMatrix(initial)}>
                {t('roles.reset')}
              </Button>
              <Button disabled={!changed.length || saving} onClick={save} data-testid="roles-save">
                {t('roles.save')}
              </Button>
            </div>
          ) : null
        }
        subtitle={t('roles.subtitle')}
      />
      <div className={css({ overflowX: 'auto', bg: 'bg.surface', borderWidth: '1px', borderColor: 'border.default', borderRadius: 'card' })}>
        <table className={css({ borderCollapse: 'collapse', fontSize: 'sm', w: 'full' })} data-testid="roles-matrix">
          <thead>
            <tr>
              <th className={head} style={{ textAlign: 'start', position: 'sticky', left: 0, zIndex: 1 }}>
                {t('roles.page')}
              </th>
              {ROLES.map((role) => (
                <th key={role} className={head} scope="col">
                  {t(`common.roles.${role}`)}
                  {stored.data?.find((r) => r.role === role)?.customised ? <div className={css({ fontWeight: 'normal', color: 'accent.fg' })}>{t('roles.customised')}</div> : null}
                </th>
              ))}
            </tr>
          </thead>
          <tbody>
            {PAGE_KEYS.map((page) => (
              <tr key={page}>
                <th scope="row" className={css({ px: '3', py: '1.5', textAlign: 'start', fontWeight: 'medium', whiteSpace: 'nowrap', bg: 'bg.surface', position: 'sticky', left: '0', borderBottomWidth: '1px', borderColor: 'border.default' })}>
                  {t(`roles.pages.${page}`)}
                </th>
                {ROLES.map((role) => (
                  <td key={role} className={cell}>
                    <input
                      type="checkbox"
                      aria-label={`${t(`common.roles.${role}`)}: ${t(`roles.pages.${page}`)}`}
                      checked={matrix[role].includes(page)}
                      disabled={!editable || saving}
                      onChange={(e) => set(role, page, e.target.checked)}
                      data-role={role}
                      data-page={page}
                    />
                  </td>
                ))}
              </tr>
            ))}
          </tbody>
        </table>
      </div>
    </div>
  );
}
