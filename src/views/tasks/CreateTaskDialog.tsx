import { useState } from 'react';
import { css } from 'styled-system/css';
import { taskCreate, type Task } from '../../../contract/tasks';
import { createTask, useTaskLeads, useTaskPeople, useTaskStudents } from '../../api/tasks';
import { useReadablePages } from '../../app/hooks';
import { useT, type Translate } from '../../i18n';
import { DateField } from '../../ui/DateField';
import { Dialog } from '../../ui/Dialog';
import { Field } from '../../ui/Field';
import { Select } from '../../ui/Select';
import { formBody } from '../common/DialogFormParts';
import { FormFooter } from '../../ui/form/FormFooter';
import { useWrite } from '../common/useWrite';
import { LinkPicker } from './LinkPicker';
import { defaultDue, dueInstant, TIME_SLOTS } from './taskForm';

const textarea = css({
  w: 'full',
  minH: '20',
  p: '3',
  bg: 'bg.surface',
  borderWidth: '1px',
  borderColor: 'border.default',
  borderRadius: 'control',
  fontSize: 'sm',
  _focus: { borderColor: 'accent.default', outline: 'none' },
});

const STUDENT_PAGES = ['all_students', 'active_students', 'new_students', 'archived_students', 'testing_students', 'groups'];

const LEAD_PAGES = ['new_leads', 'orders', 'archived_leads'];

const optionalId = (v: string) => (v.trim() === '' ? undefined : Number(v));

function firstIssues(issues: { path: PropertyKey[]; message: string }[], t: Translate): Record<string, string> {
  const out: Record<string, string> = {};
  for (const i of issues) {
    const key = String(i.path[0] ?? 'form');
    out[key] ??= i.message.includes('.') ? t(i.message) : i.message;
  }
  return out;
}

/**
 * "Yangi vazifa": title, description, performer of the branch, due date and 30-minute slot, a linked student (found by
 * name or phone for users with a student page) or lead.
 */
export function CreateTaskDialog({ filial, onClose, onCreated }: { filial: number; onClose: () => void; onCreated: (task: Task) => void }) {
  const { t } = useT();
  const people = useTaskPeople(filial);
  const readable = useReadablePages();
  const create = useWrite(createTask, { success: 'tasks.form.created', onDone: onCreated });
  const initial = defaultDue();
  const [title, setTitle] = useState('');
  const [description, setDescription] = useState('');
  const [performer, setPerformer] = useState('');
  const [day, setDay] = useState(initial.day);
  const [slot, setSlot] = useState(initial.slot);
  const [student, setStudent] = useState('');
  const [lead, setLead] = useState('');
  const [studentQuery, setStudentQuery] = useState('');
  const canSearchStudents = STUDENT_PAGES.some((p) => readable.has(p));
  const foundStudents = useTaskStudents(filial, studentQuery, canSearchStudents);
  const [leadQuery, setLeadQuery] = useState('');
  const canSearchLeads = LEAD_PAGES.some((p) => readable.has(p));
  const foundLeads = useTaskLeads(filial, leadQuery, canSearchLeads);
  const [tried, setTried] = useState(false);

  const parsed = taskCreate.safeParse({
    title,
    description,
    performer: performer ? Number(performer) : undefined,
    due_at: day && slot ? dueInstant(day, slot) : undefined,
    filial,
    student: optionalId(student),
    lead: optionalId(lead),
  });
  const errors = { ...(tried && !parsed.success ? firstIssues(parsed.error.issues, t) : {}), ...create.fieldErrors };
  const edit = (field: string) => create.edit(field);

  function submit() {
    setTried(true);
    if (parsed.success) create.submit(parsed.data);
  }

  const roleName = (role: string) => t(`common.roles.${role}`);
  return (
    <Dialog open onClose={onClose} title={t('tasks.form.title')} description={t('tasks.form.description')} closeLabel={t('tasks.actions.close')} maxWidth="560px">
      <form
        noValidate
        data-testid="task-form"
        onSubmit={(e) => {
          e.preventDefault();
          submit();
        }}
      >
        <div className={formBody}>
          <Field label={t('tasks.form.name')} required value={title} onChange={(e) => (edit('title'), setTitle(e.target.value))} error={errors.title} name="title" />
          <label className={css({ display: 'grid', gap: '1.5', fontSize: 'sm', fontWeight: 'medium' })}>
            {t('tasks.form.details')}
            <textarea className={textarea} value={description} onChange={(e) => setDescription(e.target.value)} name="description" />
          </label>
          <Select
            label={t('tasks.form.performer')}
            required
            placeholder={t('tasks.form.choosePerformer')}
            value={performer}
            onChange={(e) => (edit('performer'), setPerformer(e.target.value))}
            options={(people.data ?? []).map((p) => ({ value: p.id, label: `${p.full_name} · ${roleName(p.role)}` }))}
            error={errors.performer}
            name="performer"
          />
          <div className={css({ display: 'grid', gap: '3', gridTemplateColumns: { base: '1fr', sm: '1fr 1fr' } })}>
            <DateField label={t('tasks.form.dueDate')} required value={day} onChange={(next) => (edit('due_at'), setDay(next))} error={errors.due_at} name="due_date" />
            <Select
              label={t('tasks.form.dueTime')}
              required
              placeholder={t('tasks.form.chooseTime')}
              value={slot}
              onChange={(e) => (edit('due_at'), setSlot(e.target.value))}
              options={TIME_SLOTS.map((s) => ({ value: s, label: s }))}
              name="due_time"
            />
          </div>
          <div className={css({ display: 'grid', gap: '3', gridTemplateColumns: { base: '1fr', sm: '1fr 1fr' } })}>
            <LinkPicker
              searchable={canSearchStudents}
              labels={{ search: t('tasks.form.studentSearch'), hint: t('tasks.form.studentHint'), found: t('tasks.form.student'), choose: t('tasks.form.chooseStudent'), id: t('tasks.form.studentId') }}
              query={studentQuery}
              onQuery={setStudentQuery}
              found={foundStudents.data}
              value={student}
              onChange={(v) => (edit('student'), setStudent(v))}
              error={errors.student}
              name="student"
            />
            <LinkPicker
              searchable={canSearchLeads}
              labels={{ search: t('tasks.form.leadSearch'), hint: t('tasks.form.studentHint'), found: t('tasks.form.lead'), choose: t('tasks.form.chooseLead'), id: t('tasks.form.leadId') }}
              query={leadQuery}
              onQuery={setLeadQuery}
              found={foundLeads.data}
              value={lead}
              onChange={(v) => (edit('lead'), setLead(v))}
              error={errors.lead}
              name="lead"
            />
          </div>
        </div>
        <FormFooter
          write={{ ...create, message: create.message ?? errors.filial ?? null }}
          onCancel={onClose}
          cancelLabel={t('tasks.actions.close')}
          submitLabel={t('tasks.actions.save')}
          submitTestId="task-submit"
        />
      </form>
    </Dialog>
  );
}
