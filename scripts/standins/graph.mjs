// WhatsApp Cloud API stand-in (filled in by the notifications work).
import { register } from './index.mjs';

register('graph', () => ({ status: 404, body: JSON.stringify({ error: { message: 'not implemented', code: 1 } }) }));
