import type { Lead, LeadKind } from './lead';

/** A correction of a lead's contact: only the fields its kind has are applied. */
export interface Correction {
  first?: string;
  last?: string;
  name?: string;
  email?: string;
  phone?: string;
}

/** The lead with the corrected fields applied, and which fields changed. */
export function corrected<L extends Lead>(lead: L, correction: Correction): { lead: L; fields: string[] } {
  const fields: string[] = [];
  const pick = (key: keyof Correction, current: string) => {
    const value = correction[key];
    if (value === undefined || value === current) return current;
    fields.push(key);
    return value;
  };
  switch (lead.kind) {
    case 'quiz': {
      const c = lead.contact;
      const contact = {
        first: pick('first', c.first),
        last: pick('last', c.last),
        email: pick('email', c.email),
        phone: pick('phone', c.phone),
      };
      return { lead: { ...lead, contact }, fields };
    }
    case 'newsletter':
      return { lead: { ...lead, email: pick('email', lead.email) }, fields };
    case 'enquiry':
      return {
        lead: {
          ...lead,
          name: pick('name', lead.name),
          email: pick('email', lead.email),
          phone: pick('phone', lead.phone),
        },
        fields,
      };
  }
  return { lead, fields };
}

/** The fields an owner can correct on each kind of lead, in the order the form shows them. */
export const CORRECTABLE: { [K in LeadKind]: Array<keyof Correction> } = {
  quiz: ['first', 'last', 'email', 'phone'],
  newsletter: ['email'],
  enquiry: ['name', 'email', 'phone'],
};
