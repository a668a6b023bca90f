// Spec section 7, "Leads": the downloads — the lead lists as a spreadsheet (GET /lid/excel/, GET /archived/excel/)
// and one lead's application or contract as a Word document (POST /lid/document/).
import { z } from 'zod';
import { MAX_ID, msg, required } from './common';

/** A spreadsheet is for reading, not a backup: past this many rows the filters are missing. */
export const LEADS_EXCEL_LIMIT = 50_000;

export const XLSX_MIME = 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet';
export const DOCX_MIME = 'application/vnd.openxmlformats-officedocument.wordprocessingml.document';

export const LEAD_DOCUMENT_KINDS = ['application', 'contract'] as const;
export type LeadDocumentKind = (typeof LEAD_DOCUMENT_KINDS)[number];

/** POST /lid/document/. */
export const leadDocumentBody = z.object({
  lead: z.number(required).int(msg.positiveInt).positive(msg.positiveInt).max(MAX_ID, msg.positiveInt),
  kind: z.enum(LEAD_DOCUMENT_KINDS, { error: 'validation.invalid' }),
});
export type LeadDocumentBody = z.input<typeof leadDocumentBody>;
