import type { WhatsAppConfig } from '../config/groups';

export type { Owner } from '../config/groups';

/** What deciding a lead's messages needs: the owners (`readConfig(env).whatsapp`). */
export type NotifyConfig = Pick<WhatsAppConfig, 'owners'>;
