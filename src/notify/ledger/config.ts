import type { WhatsAppConfig } from '../../config/index';

export type { Owner } from '../../config/index';

/** What deciding a lead's messages needs: the owners (`readConfig(env).whatsapp`). */
export type NotifyConfig = Pick<WhatsAppConfig, 'owners'>;
