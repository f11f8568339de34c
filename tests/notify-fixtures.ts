import type { Lead } from '../src/store/lead';
import type { Job } from '../src/queue/jobs';

// 2026-11-21T13:36:00Z is 7:06 pm in India (UTC+5:30).
export const newsletterLead: Extract<Lead, { kind: 'newsletter' }> = {
  kind: 'newsletter',
  id: '6f0c1c9e-1d7b-4d55-9a0e-3f1a2b3c4d01',
  createdAt: '2026-11-21T13:36:00.000Z',
  consent: { version: 'newsletter-2026-11-22', at: '2026-11-21T13:36:00.000Z' },
  email: 'asha@example.com',
};

export const enquiryLead: Extract<Lead, { kind: 'enquiry' }> = {
  kind: 'enquiry',
  id: '6f0c1c9e-1d7b-4d55-9a0e-3f1a2b3c4d02',
  createdAt: '2026-11-21T13:40:00.000Z',
  consent: { version: 'enquiry-2026-11-22', at: '2026-11-21T13:40:00.000Z' },
  name: 'Asha Verma',
  phone: '+919812345678',
  email: 'asha@example.com',
  description: 'Team retreat for 20 people.\nMarch or April?',
};

export const quizLead: Extract<Lead, { kind: 'quiz' }> = {
  kind: 'quiz',
  id: '6f0c1c9e-1d7b-4d55-9a0e-3f1a2b3c4d03',
  createdAt: '2026-11-21T13:45:00.000Z',
  consent: { version: 'quiz-2026-11-22', at: '2026-11-21T13:45:00.000Z' },
  answers: { '0': 'Leadership', '1': '26-39', '2': 'I know a little' },
  contact: { first: 'Ravi', last: 'Kumar', email: 'ravi@example.com', phone: '' },
  source: 'site-quiz',
  recommended: ['Talks & Keynotes'],
};

export const job = (lead: Lead): Job => ({ type: 'notify', lead });
