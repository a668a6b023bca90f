import { useStore } from '@tanstack/react-form';
import { useSelector } from '@xstate/react';
import { useState } from 'react';
import { css } from 'styled-system/css';
import { EMPLOYEE_OUTSIDE_BRANCHES, SALARY_KINDS, type EmployeeDetail } from '../../../../contract/employees';
import { PAGE_KEYS, ROLES, ROLE_DEFAULT_PAGES, type PageKey, type Role } from '../../../../contract/roles';
import { ApiError } from '../../../api/errors';
import { createEmployee, updateEmployee, useRolePages } from '../../../api/employees';
import { useSubjectOptions } from '../../../api/catalogue';
import { useActors, useMe } from '../../../app/hooks';
import { useT } from '../../../i18n';
import { weekdayNames } from '../../../lib/dates';
import { Button } from '../../../ui/Button';
import { Dialog } from '../../../ui/Dialog';
import { submitWith, useAppForm } from '../../../ui/form';
import { FormAlert, formBody } from '../../../ui/form/FormAlert';
import { fieldErrorOf } from '../../../ui/form/fieldError';
import { FormFooter } from '../../../ui/form/FormFooter';
import { useWrite } from '../../common/useWrite';
import { CheckList } from './CheckList';
import { emptyEmployee, toBody, validateEmployeeForm, valuesOf } from './employeeForm';
import { connectBranch } from '../../../machines/branch';

const section = css({ display: 'grid', gap: '3', pt: '4', borderTopWidth: '1px', borderColor: 'border.default' });
const sectionTitle = css({ fontSize: 'sm', fontWeight: 'semibold' });
const two = css({ display: 'grid', gap: '4', gridTemplateColumns: { base: '1fr', sm: '1fr 1fr' } });

type Props = { employee?: EmployeeDetail; filial: number | null; onClose: () => void; onSaved?: (e: EmployeeDetail) => void };

/** Add (no `employee`) or edit an employee: sign-in, role with its default pages, branches, pay, working hours. */
export function EmployeeDialog({ employee, filial, onClose, onSaved }: Props) {
  const { t, lang } = useT();
  const { branch } = useActors();
  const branches = useSelector(branch, (s) => connectBranch(s).branchOptions);
  const me = useMe();
  const rolePages = useRolePages();
  const subjects = useSubjectOptions();
  const mode = employee ? 'edit' : 'create';
  // A 403 names what the user may not do (another branch's colleague, a page of their own they lack).
  const [forbidden, setForbidden] = useState<string | null>(null);

  const defaultsOf = (role: Role): PageKey[] => {
    const own = rolePages.data?.find((r) => r.role === role)?.pages ?? [...ROLE_DEFAULT_PAGES[role]];
    // A non-director cannot give what they cannot open themself; leave those unticked.
    if (me.role === 'DIRECTOR') return own;
    const mine = new Set(me.pages.filter((p) => p.is_readable).map((p) => p.name));
    return own.filter((p) => mine.has(p));
  };

  const write = useWrite(
    (body: Parameters<typeof createEmployee>[0]) => (employee ? updateEmployee(employee.id, body) : createEmployee(body)),
    {
      success: employee ? 'employees.form.saved' : 'employees.form.created',
      onDone: (saved) => {
        onSaved?.(saved);
        onClose();
      },
      handle: (error) => {
        if (!(error instanceof ApiError && error.status === 403)) return false;
        const outside = (error.body as { code?: string } | undefined)?.code === EMPLOYEE_OUTSIDE_BRANCHES;
        setForbidden(t(outside ? 'employees.form.outsideBranches' : 'employees.form.forbidden'));
        return true;
      },
    },
  );
  const form = useAppForm({
    defaultValues: employee ? valuesOf(employee) : emptyEmployee(filial),
    validators: { onSubmit: validateEmployeeForm(mode) },
    listeners: {
      onChange: (e) => {
        setForbidden(null);
        write.listeners.onChange(e);
      },
    },
    onSubmit: ({ value, formApi }) => {
      setForbidden(null);
      write.submit(toBody(value) as Parameters<typeof createEmployee>[0], formApi);
    },
  });
  const kind = useStore(form.store, (s) => s.values.salary_kind);
  const roleOptions = ROLES.filter((r) => r !== 'DIRECTOR' || me.role === 'DIRECTOR').map((r) => ({ value: r, label: t(`common.roles.${r}`) }));
  const pageOptions = PAGE_KEYS.map((p) => ({ value: p, label: t(`roles.pages.${p}`) }));
  const days = weekdayNames(lang, 'short').map((label, i) => ({ value: i + 1, label }));

  return (
    <Dialog open onClose={onClose} title={t(employee ? 'employees.form.editTitle' : 'employees.form.addTitle')} description={t('employees.form.description')} closeLabel={t('common.actions.close')} maxWidth="720px">
      <form noValidate onSubmit={submitWith(form)} data-testid="employee-form">
        <div className={formBody}>
          <form.AppField name="full_name">{(f) => <f.TextField label="employees.form.fullName" required autoFocus autoComplete="off" />}</form.AppField>
          <div className={two}>
            <form.AppField name="phone">{(f) => <f.PhoneField label="employees.form.phone" required />}</form.AppField>
            <form.AppField name="password">
              {(f) => (
                <f.TextField
                  label="employees.form.password"
                  required={mode === 'create'}
                  type="password"
                  autoComplete="new-password"
                  placeholder={mode === 'edit' ? t('employees.form.passwordHint') : undefined}
                />
              )}
            </form.AppField>
          </div>
          <div className={two}>
            <form.AppField
              name="role"
              // The role's defaults fill the pages checklist; the user can change them after.
              listeners={{ onChange: ({ value }) => value && form.setFieldValue('pages', defaultsOf(value)) }}
            >
              {(f) => <f.SelectField<Role> label="employees.form.role" required emptyAs="" placeholder={t('employees.form.chooseRole')} options={roleOptions} />}
            </form.AppField>
            <form.AppField name="subject">
              {(f) => (
                <f.SelectField
                  label="employees.form.subject"
                  emptyAs=""
                  placeholder={t('employees.form.noSubject')}
                  options={(subjects.data ?? []).map((s) => ({ value: String(s.id), label: s.name }))}
                />
              )}
            </form.AppField>
          </div>
          <form.AppField name="is_call_operator">
            {(field) => (
              <label className={css({ display: 'flex', gap: '2', alignItems: 'center', fontSize: 'sm' })}>
                <input type="checkbox" name="is_call_operator" checked={field.state.value} onChange={(e) => field.handleChange(e.target.checked)} />
                {t('employees.form.isCallOperator')}
              </label>
            )}
          </form.AppField>
          <form.AppField name="filials">
            {(field) => (
              <CheckList
                label={t('employees.form.filials')}
                hint={t('employees.form.filialsHint')}
                options={branches.map((b) => ({ value: b.id, label: b.name }))}
                value={field.state.value}
                onChange={(v) => field.handleChange(v)}
                error={fieldErrorOf(field, t)}
                testId="employee-filials"
              />
            )}
          </form.AppField>
          <div className={section}>
            <form.AppField name="pages">
              {(field) => (
                <>
                  <div className={css({ display: 'flex', justifyContent: 'space-between', alignItems: 'center', gap: '2', flexWrap: 'wrap' })}>
                    <span className={sectionTitle}>{t('employees.form.pages')}</span>
                    <Button type="button" variant="outline" size="sm" disabled={!form.state.values.role} onClick={() => form.state.values.role && field.handleChange(defaultsOf(form.state.values.role))}>
                      {t('employees.form.pagesDefaults')}
                    </Button>
                  </div>
                  <CheckList label={<span className={css({ srOnly: true })}>{t('employees.form.pages')}</span>} hint={t('employees.form.pagesHint')} options={pageOptions} value={field.state.value} onChange={(v) => field.handleChange(v)} error={fieldErrorOf(field, t)} testId="employee-pages" />
                </>
              )}
            </form.AppField>
          </div>
          <div className={section}>
            <span className={sectionTitle}>{t('employees.form.salary')}</span>
            <div className={two}>
              <form.AppField name="salary_kind">
                {(f) => (
                  <f.SelectField
                    label="employees.form.salaryKind"
                    emptyAs=""
                    placeholder={t('employees.form.noSalary')}
                    options={SALARY_KINDS.map((k) => ({ value: k, label: t(`employees.salaryKinds.${k}`) }))}
                  />
                )}
              </form.AppField>
              {kind === 'percent' ? (
                <form.AppField name="salary_percent">{(f) => <f.TextField label="employees.form.salaryPercent" required inputMode="decimal" />}</form.AppField>
              ) : kind ? (
                <form.AppField name="salary_amount">{(f) => <f.TextField label="employees.form.salaryAmount" required inputMode="decimal" />}</form.AppField>
              ) : null}
            </div>
          </div>
          <div className={section}>
            <span className={sectionTitle}>{t('employees.form.schedule')}</span>
            <form.AppField name="work_days">
              {(field) => (
                <CheckList label={t('employees.form.workDays')} options={days} value={field.state.value} onChange={(v) => field.handleChange([...v].sort())} error={fieldErrorOf(field, t)} columns="repeat(auto-fill, minmax(4.5rem, 1fr))" />
              )}
            </form.AppField>
            <div className={two}>
              <form.AppField name="work_start">{(f) => <f.TextField label="employees.form.workStart" type="time" />}</form.AppField>
              <form.AppField name="work_end">{(f) => <f.TextField label="employees.form.workEnd" type="time" />}</form.AppField>
            </div>
          </div>
          {forbidden ? <FormAlert>{forbidden}</FormAlert> : null}
        </div>
        <FormFooter write={write} onCancel={onClose} submitLabel={t('employees.form.save')} cancelLabel={t('employees.form.cancel')} submitTestId="employee-save" />
      </form>
    </Dialog>
  );
}
