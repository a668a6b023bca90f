import { duplicateLink, type Lead, type LeadDuplicate } from '../../../../contract/leads';

/** "Ingliz tili · B1", the subject alone, or '' when the lead has neither. */
export function subjectLevel(lead: Pick<Lead, 'subject' | 'level'>): string {
  return [lead.subject?.name, lead.level?.name].filter(Boolean).join(' · ');
}

/** Where a same-phone record opens: a lead's page or a student's. */
export function duplicateHref(d: Pick<LeadDuplicate, 'kind' | 'id'>): string {
  return duplicateLink(d.kind, d.id);
}
