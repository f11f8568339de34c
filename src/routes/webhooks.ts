import { Hono } from 'hono';
import type { Env } from '../env';
import { bookingWebhooks } from './webhooks/bookings';
import { newsletterWebhooks } from './webhooks/newsletter';
import { razorpayWebhook } from './webhooks/razorpay';
import { whatsappWebhook } from './webhooks/whatsapp';

/**
 * Every signed webhook, mounted at /webhooks: WhatsApp's, the booking tools' (Cal.com, Calendly), Razorpay's and the
 * newsletter tools' (Kit, Mailchimp). Each admits a request by its own signature, not by the guards of /api.
 */
export const webhooks = new Hono<{ Bindings: Env }>();

webhooks.route('/', whatsappWebhook);
webhooks.route('/', bookingWebhooks);
webhooks.route('/', razorpayWebhook);
webhooks.route('/', newsletterWebhooks);
