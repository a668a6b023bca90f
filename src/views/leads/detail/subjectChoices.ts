// The subjects and levels a lead may want: those the branch's groups teach (the leads pages read groups, not the
// catalogue), plus the lead's own choice when no group teaches it now.
import type { Group } from '../../../../contract/groups';
import type { Lead } from '../../../../contract/leads';

export type SubjectChoice = { id: number; name: string; levels: { id: number; name: string }[] };

export function subjectChoices(groups: readonly Pick<Group, 'course'>[], lead: Pick<Lead, 'subject' | 'level'>): SubjectChoice[] {
  const byId = new Map<number, SubjectChoice>();
  const add = (subject: { id: number; name: string }, level: { id: number; name: string } | null) => {
    const entry = byId.get(subject.id) ?? { id: subject.id, name: subject.name, levels: [] };
    byId.set(subject.id, entry);
    if (level && !entry.levels.some((l) => l.id === level.id)) entry.levels.push(level);
  };
  for (const g of groups) add({ id: g.course.subject_id, name: g.course.subject_name }, { id: g.course.level_id, name: g.course.level_name });
  if (lead.subject) add(lead.subject, lead.level);
  const byName = (a: { name: string }, b: { name: string }) => a.name.localeCompare(b.name);
  return [...byId.values()].sort(byName).map((s) => ({ ...s, levels: [...s.levels].sort(byName) }));
}
