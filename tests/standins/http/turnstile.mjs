// Turnstile siteverify stand-in at /turnstile/siteverify, with the rules the workerd tests' stand-in uses too
// (turnstile-rules.mjs): Cloudflare's documented test secrets and dummy token, each token verifying once.
// Control: POST /__control {service: 'turnstile', secret, hostname, action} makes `secret` pass too, the
// answer carrying that hostname and action (where and for which form the widget was solved). Each such
// configuration stands for a new solve: the tokens it accepts have not been used yet.
import { registerFetch } from './index.mjs';
import { createSiteverify } from '../turnstile-rules.mjs';

let current = { config: undefined, siteverify: createSiteverify() };

registerFetch('turnstile', (request, config) => {
  if (config !== current.config) current = { config, siteverify: createSiteverify() };
  return current.siteverify.handle(request, config);
});
