import type { TemplateDefinition } from './whatsapp-templates.ts';

/** The clients' templates (issue 57), part of WHATSAPP_TEMPLATES. Plain data: the Node scripts import it too. */
export const CLIENT_TEMPLATES = {
  /**
   * To a client when an owner starts their engagement or sends a fresh link, outside WhatsApp's 24-hour window:
   * their first name, the program and the private page's link (its opaque token says nothing about them).
   */
  clientPage: {
    name: 'client_page',
    category: 'UTILITY',
    language: 'en',
    body: {
      text: 'Hello {{1}}, your page for {{2}} is ready: {{3}}\nAccept the terms and book your sessions there. Keep this link to yourself.',
      example: ['Asha', 'Aliveness Coaching', 'https://www.example.com/c/Yk3q9ZtR2mW8vX1cLp4sNg'],
    },
  },
  /** To both owners once per engagement when one session is left: the client, the program, the lead on the desk. */
  clientLastSession: {
    name: 'client_last_session',
    category: 'UTILITY',
    language: 'en',
    body: {
      text: 'Hello {{1}}, {{2}} has one session left of {{3}}.\nSee the client on the desk: {{4}}\nSent by the website.',
      example: ['Priya', 'Asha Verma', 'Aliveness Coaching', 'https://www.example.com/desk/leads/quiz/3f2a'],
    },
  },
} as const satisfies Record<string, TemplateDefinition>;
