import { useForm, useStore } from '@tanstack/react-form';
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
import { Dialog, dialogFooter } from '../../../ui/Dialog';
import { Field } from '../../../ui/Field';
import { PhoneField } from '../../../ui/PhoneField';
import { Select } from '../../../ui/Select';
import { FormAlert, formBody } from '../../common/DialogFormParts';
import { submitWith } from '../../common/FormTextField';
import { placeServerErrors } from '../../common/serverErrors';
import { shownError } from '../../common/formParts';
import { CheckList } from './CheckList';
import { EMPLOYEE_FORM_FIELDS, emptyEmployee, toBody, validateEmployeeForm, valuesOf, type EmployeeFormValues } from './employeeForm';
import { connectBranch } from '../../../machines/branch';

const section = css({ display: 'grid', gap: '3', pt: '4', borderTopWidth: '1px', borderColor: 'border.default' });
const sectionTitle = css({ fontSize: 'sm', fontWeight: 'semibold' });
const two = css({ display: 'grid', gap: '4', gridTemplateColumns: { base: '1fr', sm: '1fr 1fr' } });

type Props = { employee?: EmployeeDetail; filial: number | null; onClose: () => void; onSaved?: (e: EmployeeDetail) => void };

/** Add (no `employee`) or edit an employee: sign-in, role with its default pages, branches, pay, working hours. */
export function EmployeeDialog({ employee, filial, onClose, onSaved }: Props) {
  const { t, lang } = useT();
  const { toast, branch } = useActors();
  const branches = useSelector(branch, (s) => connectBranch(s).branchOptions);
  const me = useMe();
  const rolePages = useRolePages();
  const subjects = useSubjectOptions();
  const mode = employee ? 'edit' : 'create';
  const [alert, setAlert] = useState<string | null>(null);

  const defaultsOf = (role: Role): PageKey[] => {
    const own = rolePages.data?.find((r) => r.role === role)?.pages ?? [...ROLE_DEFAULT_PAGES[role]];
    // A non-director cannot give what they cannot open themself; leave those unticked.
    if (me.role === 'DIRECTOR') return own;
    const mine = new Set(me.pages.filter((p) => p.is_readable).map((p) => p.name));
    return own.filter((p) => mine.has(p));
  };

  const form = useForm({
    defaultValues: employee ? valuesOf(employee) : emptyEmployee(filial),
    validators: { onSubmit: validateEmployeeForm(mode) },
    onSubmit: async ({ value }) => {
      setAlert(null);
      try {
        const body = toBody(value) as Parameters<typeof createEmployee>[0];
        const saved = employee ? await updateEmployee(employee.id, body) : await createEmployee(body);
        toast.send({ type: 'toast.show', severity: 'success', message: employee ? 'employees.form.saved' : 'employees.form.created' });
        onSaved?.(saved);
        onClose();
      } catch (error) {
        if (error instanceof ApiError && error.status === 400) {
          const rest = placeServerErrors(form as never, error, EMPLOYEE_FORM_FIELDS);
          setAlert(rest.join(' ') || null);
        } else if (error instanceof ApiError && error.status === 403)
          setAlert(t((error.body as { code?: string } | undefined)?.code === EMPLOYEE_OUTSIDE_BRANCHES ? 'employees.form.outsideBranches' : 'employees.form.forbidden'));
        else setAlert(t('employees.form.failed'));
      }
    },
  });
  const kind = useStore(form.store, (s) => s.values.salary_kind);
  const submitting = useStore(form.store, (s) => s.isSubmitting);
  const roleOptions = ROLES.filter((r) => r !== 'DIRECTOR' || me.role === 'DIRECTOR').map((r) => ({ value: r, label: t(`common.roles.${r}`) }));
  const pageOptions = PAGE_KEYS.map((p) => ({ value: p, label: t(`roles.pages.${p}`) }));
  const days = weekdayNames(lang, 'short').map((label, i) => ({ value: i + 1, label }));

  return (
    <Dialog open onClose={onClose} title={t(employee ? 'employees.form.editTitle' : 'employees.form.addTitle')} description={t('employees.form.description')} closeLabel={t('common.actions.close')} maxWidth="720px">
      <form noValidate onSubmit={submitWith(form)} data-testid="employee-form">
        <div className={formBody}>
          <form.Field name="full_name">
            {(field) => (
              <Field label={t('employees.form.fullName')} required autoFocus name="full_name" autoComplete="off" value={field.state.value} onBlur={field.handleBlur} onChange={(e) => field.handleChange(e.target.value)} error={shownError(field, t)} />
            )}
          </form.Field>
          <div className={two}>
            <form.Field name="phone">
              {(field) => (
                <PhoneField label={t('employees.form.phone')} required name="phone" value={field.state.value} onBlur={field.handleBlur} onValueChange={(v) => field.handleChange(v)} error={shownError(field, t)} />
              )}
            </form.Field>
            <form.Field name="password">
              {(field) => (
                <Field
                  label={t('employees.form.password')}
                  required={mode === 'create'}
                  name="password"
                  type="password"
                  autoComplete="new-password"
                  placeholder={mode === 'edit' ? t('employees.form.passwordHint') : undefined}
                  value={field.state.value}
                  onBlur={field.handleBlur}
                  onChange={(e) => field.handleChange(e.target.value)}
                  error={shownError(field, t)}
                />
              )}
            </form.Field>
          </div>
          <div className={two}>
            <form.Field name="role">
              {(field) => (
                <Select
                  label={t('employees.form.role')}
                  required
                  name="role"
                  placeholder={t('employees.form.chooseRole')}
                  options={roleOptions}
                  value={field.state.value}
                  onBlur={field.handleBlur}
                  onChange={(e) => {
                    const role = e.target.value as Role | '';
                    field.handleChange(role);
                    // The role's defaults fill the pages checklist; the user can change them after.
                    if (role) form.setFieldValue('pages', defaultsOf(role));
                  }}
                  error={shownError(field, t)}
                />
              )}
            </form.Field>
            <form.Field name="subject">
              {(field) => (
                <Select
                  label={t('employees.form.subject')}
                  name="subject"
                  placeholder={t('employees.form.noSubject')}
                  options={(subjects.data ?? []).map((s) => ({ value: String(s.id), label: s.name }))}
                  value={field.state.value}
                  onChange={(e) => field.handleChange(e.target.value)}
                  error={shownError(field, t)}
                />
              )}
            </form.Field>
          </div>
          <form.Field name="is_call_operator">
            {(field) => (
              <label className={css({ display: 'flex', gap: '2', alignItems: 'center', fontSize: 'sm' })}>
                <input type="checkbox" name="is_call_operator" checked={field.state.value} onChange={(e) => field.handleChange(e.target.checked)} />
                {t('employees.form.isCallOperator')}
              </label>
            )}
          </form.Field>
          <form.Field name="filials">
            {(field) => (
              <CheckList
                label={t('employees.form.filials')}
                hint={t('employees.form.filialsHint')}
                options={branches.map((b) => ({ value: b.id, label: b.name }))}
                value={field.state.value}
                onChange={(v) => field.handleChange(v)}
                error={shownError(field, t)}
                testId="employee-filials"
              />
            )}
          </form.Field>
          <div className={section}>
            <form.Field name="pages">
              {(field) => (
                <>
                  <div className={css({ display: 'flex', justifyContent: 'space-between', alignItems: 'center', gap: '2', flexWrap: 'wrap' })}>
                    <span className={sectionTitle}>{t('employees.form.pages')}</span>
                    <Button type="button" variant="outline" size="sm" disabled={!form.state.values.role} onClick={() => form.state.values.role && field.handleChange(defaultsOf(form.state.values.role))}>
                      {t('employees.form.pagesDefaults')}
                    </Button>
                  </div>
                  <CheckList label={<span className={css({ srOnly: true })}>{t('employees.form.pages')}</span>} hint={t('employees.form.pagesHint')} options={pageOptions} value={field.state.value} onChange={(v) => field.handleChange(v)} error={shownError(field, t)} testId="employee-pages" />
                </>
              )}
            </form.Field>
          </div>
          <div className={section}>
            <span className={sectionTitle}>{t('employees.form.salary')}</span>
            <div className={two}>
              <form.Field name="salary_kind">
                {(field) => (
                  <Select
                    label={t('employees.form.salaryKind')}
                    name="salary_kind"
                    placeholder={t('employees.form.noSalary')}
                    options={SALARY_KINDS.map((k) => ({ value: k, label: t(`employees.salaryKinds.${k}`) }))}
                    value={field.state.value}
                    onChange={(e) => field.handleChange(e.target.value as EmployeeFormValues['salary_kind'])}
                  />
                )}
              </form.Field>
              {kind === 'percent' ? (
                <form.Field name="salary_percent">
                  {(field) => <Field label={t('employees.form.salaryPercent')} required name="salary_percent" inputMode="decimal" value={field.state.value} onBlur={field.handleBlur} onChange={(e) => field.handleChange(e.target.value)} error={shownError(field, t)} />}
                </form.Field>
              ) : kind ? (
                <form.Field name="salary_amount">
                  {(field) => <Field label={t('employees.form.salaryAmount')} required name="salary_amount" inputMode="decimal" value={field.state.value} onBlur={field.handleBlur} onChange={(e) => field.handleChange(e.target.value)} error={shownError(field, t)} />}
                </form.Field>
              ) : null}
            </div>
          </div>
          <div className={section}>
            <span className={sectionTitle}>{t('employees.form.schedule')}</span>
            <form.Field name="work_days">
              {(field) => (
                <CheckList label={t('employees.form.workDays')} options={days} value={field.state.value} onChange={(v) => field.handleChange([...v].sort())} error={shownError(field, t)} columns="repeat(auto-fill, minmax(4.5rem, 1fr))" />
              )}
            </form.Field>
            <div className={two}>
              <form.Field name="work_start">
                {(field) => <Field label={t('employees.form.workStart')} type="time" name="work_start" value={field.state.value} onBlur={field.handleBlur} onChange={(e) => field.handleChange(e.target.value)} error={shownError(field, t)} />}
              </form.Field>
              <form.Field name="work_end">
                {(field) => <Field label={t('employees.form.workEnd')} type="time" name="work_end" value={field.state.value} onBlur={field.handleBlur} onChange={(e) => field.handleChange(e.target.value)} error={shownError(field, t)} />}
              </form.Field>
            </div>
          </div>
        </div>
        {alert ? <FormAlert>{alert}</FormAlert> : null}
        <div className={dialogFooter}>
          <Button type="button" variant="outline" onClick={onClose}>
            {t('employees.form.cancel')}
          </Button>
          <Button type="submit" disabled={submitting} data-testid="employee-save">
            {t('employees.form.save')}
          </Button>
        </div>
      </form>
    </Dialog>
  );
}
