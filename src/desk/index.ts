import { Hono } from 'hono';
import { deskAccess } from '../security/desk-access';
import { sameOriginWrites } from '../security/guards';
import type { DeskEnv } from './page';
import { inbox } from './leads/inbox-route';
import { numbers } from './sources/numbers-route';
import { health } from './health/route';
import { leadPages } from './leads/lead-route';
import { leadOwnerForms } from './leads/owner-route';
import { paymentRequests } from './leads/payment-request-route';
import { conversations } from './conversations/route';
import { conversationState } from './conversations/conversation-state-route';
import { people } from './people/route';
import { bookings } from './bookings/route';
import { callOutcomes } from './bookings/outcome-route';
import { sessionCounts } from './clients/count-route';
import { optOuts } from './conversations/opt-outs-route';
import { replies } from './replies/route';
import { followUps } from './leads/follow-ups-route';
import { nextDates } from './leads/next/next-route';
import { mediaFiles } from './media/route';
import { sources } from './sources/route';
import { links } from './links/route';
import { content } from './site-content/route';
import { payments } from './payments/route';
import { testimonialDesk } from './clients/testimonial-routes';
import { deskError } from './store-down-route';
import { engagementRoutes } from './clients/engagement-route';
import { clientsPage } from './clients/clients-page';
import { renderLead } from './leads/lead-route';

/** The owners' desk: every lead and message, behind Cloudflare Access. Nothing here is cached or indexed. */
export const desk = new Hono<DeskEnv>();

// A store that cannot be reached answers 503 with a page in plain words, never 500 (set before the app mounts it).
desk.onError(deskError);

desk.use('*', async function deskHeaders(c, next) {
  await next();
  c.header('Cache-Control', 'private, no-store');
  c.header('X-Robots-Tag', 'noindex, nofollow');
});
desk.use('*', deskAccess());
desk.use('*', sameOriginWrites());
// A desk address typed or bookmarked with a trailing slash (`/desk/`, `/desk/people/`) opens its page, once
// Access has let the owner in: a permanent redirect to the address without it, the query kept.
desk.on(['GET', 'HEAD'], '*', async function trailingSlash(c, next) {
  const url = new URL(c.req.url);
  if (!url.pathname.endsWith('/')) return next();
  return c.redirect(`${url.pathname.replace(/\/+$/, '')}${url.search}`, 301);
});

// By area: the leads (the inbox, the dead ones and the export; a lead's page and what the owners change on it),
// the daily counts, the self-check, the WhatsApp conversations with visitors and the owners' answers, a
// person's records (found, copied and erased), the booked calls no lead was found for, WhatsApp opt-outs and the
// owners' saved replies, the follow-ups sent once WhatsApp's window closed, a lead's next date, the attachments visitors sent, and
// where visits, leads and clients come from.
for (const area of [
  inbox,
  leadPages,
  leadOwnerForms,
  paymentRequests,
  numbers,
  health,
  conversations,
  conversationState,
  people,
  bookings,
  callOutcomes,
  sessionCounts,
  optOuts,
  replies,
  followUps,
  nextDates,
  mediaFiles,
  sources,
  payments,
  // A client's engagements (the lead page's "Client" card posts here; a refused start renders the lead's page).
  engagementRoutes((c, lead, state, status) =>
    renderLead(c, lead, undefined, status, undefined, undefined, undefined, state),
  ),
  clientsPage,
  testimonialDesk,
]) {
  desk.route('/', area);
}
// The tagged links the owners share, with their QR codes.
desk.route('/', links);
// The site's words, programs, testimonials, talks, links and episodes: the draft, its preview, publish, versions.
desk.route('/', content);
