// YouTube feed stand-in (filled in by the feeds work).
import { register } from './index.mjs';

register('youtube', () => ({ status: 404, headers: { 'content-type': 'text/plain' }, body: 'not implemented' }));
