/**
 * The kinds of lead, in the order the desk lists them: the one list every table keyed by kind is checked
 * against (what differs between them is store/lead.ts; each form's schema is lead-schemas.ts). Imports
 * nothing, so the browser's code and every layer of the Worker may use it.
 */
export const LEAD_KINDS = ['quiz', 'newsletter', 'enquiry'] as const;

export type LeadKind = (typeof LEAD_KINDS)[number];
