import * as z from 'zod';
import type { ReceivedMessage } from '../../store/conversations/conversations';
import { E164 } from '../../store/phone';
import { USER_ID } from '../../shared/user-id';
import { MEDIA_KINDS, type MediaKind } from '../../store/media/media';

/** The longest text WhatsApp carries in one message; anything longer is cut to it. */
export const MAX_TEXT = 4096;

/**
 * One message a visitor wrote, as the webhook reports it: the stored message's fields before it is linked to
 * leads. `phone` is the sender's address: their number in E.164 when the webhook shows it, else their user id.
 */
export type VisitorMessage = Omit<ReceivedMessage, 'leads' | 'readAt'> & { media?: InboundMedia };

/** What the webhook says of an attachment besides its id (kept with it: src/store/media/media.ts). */
export interface InboundMedia {
  kind: MediaKind;
  mimeType?: string;
  filename?: string;
  /** A recorded voice note (`audio.voice`). */
  voice: boolean;
}

const Media = z
  .object({
    id: z.string().min(1).max(200).optional(),
    caption: z.string().optional(),
    mime_type: z.string().max(200).optional(),
    filename: z.string().optional(),
    voice: z.boolean().optional(),
  })
  .loose();
const MessageSchema = z
  .object({
    from: z
      .string()
      .regex(/^\d{7,15}$/)
      .optional(),
    from_user_id: z.string().max(100).regex(USER_ID).optional(),
    id: z.string().min(1).max(200),
    timestamp: z.string().regex(/^\d{1,12}$/),
    type: z.string().regex(/^[a-z_]{1,40}$/),
    text: z.object({ body: z.string() }).loose().optional(),
    button: z.object({ text: z.string() }).loose().optional(),
    interactive: z
      .object({
        button_reply: z.object({ title: z.string() }).loose().optional(),
        list_reply: z.object({ title: z.string() }).loose().optional(),
      })
      .loose()
      .optional(),
    reaction: z.object({ emoji: z.string().optional() }).loose().optional(),
    image: Media.optional(),
    video: Media.optional(),
    document: Media.optional(),
    audio: Media.optional(),
    sticker: Media.optional(),
    context: z
      .object({ id: z.string().max(200).optional() })
      .loose()
      .optional(),
  })
  .loose();
const Contact = z
  .object({
    wa_id: z.string().optional(),
    user_id: z.string().optional(),
    profile: z.object({ name: z.string().optional(), username: z.string().optional() }).loose().optional(),
  })
  .loose();
type Profile = { name?: string | undefined; username?: string | undefined };
/** A webhook body as Meta sends it: each change's value holds statuses, messages and contacts (each checked later). */
const BodySchema = z
  .object({
    entry: z.array(
      z
        .object({
          changes: z.array(
            z
              .object({
                value: z
                  .object({
                    metadata: z.object({ phone_number_id: z.unknown().optional() }).loose().optional(),
                    statuses: z.array(z.unknown()).optional(),
                    messages: z.array(z.unknown()).optional(),
                    contacts: z.array(z.unknown()).optional(),
                  })
                  .loose(),
              })
              .loose(),
          ),
        })
        .loose(),
    ),
  })
  .loose();

export type WebhookValue = z.output<typeof BodySchema>['entry'][number]['changes'][number]['value'];

/**
 * The change values of a signed webhook body's JSON (`entry[].changes[].value`), or none when the body is not JSON
 * (undefined) or not Meta's shape: it is skipped, not refused (the signature proves Meta sent it; an error only
 * makes Meta send it again).
 */
export function webhookValues(json: unknown): WebhookValue[] {
  const body = BodySchema.safeParse(json);
  return body.success ? body.data.entry.flatMap((entry) => entry.changes.map((change) => change.value)) : [];
}

/**
 * The messages of a signed body's change values (`entry[].changes[].value.messages[]`). As with statuses, a body or
 * a single message that is not Meta's shape is skipped, not refused: the signature proves Meta sent it.
 */
export function visitorMessages(values: WebhookValue[]): VisitorMessage[] {
  const out: VisitorMessage[] = [];
  for (const value of values) {
    // A contact is matched to its message by the number (wa_id) or the user id: either may be absent.
    const profiles = new Map<string, Profile>();
    for (const item of value.contacts ?? []) {
      const contact = Contact.safeParse(item);
      if (!contact.success || !contact.data.profile) continue;
      if (contact.data.wa_id) profiles.set(`n:${contact.data.wa_id}`, contact.data.profile);
      if (contact.data.user_id) profiles.set(`u:${contact.data.user_id}`, contact.data.profile);
    }
    for (const item of value.messages ?? []) {
      const parsed = MessageSchema.safeParse(item);
      if (!parsed.success) continue;
      const m = parsed.data;
      const phone = m.from === undefined ? m.from_user_id : `+${m.from}`;
      // Neither a number nor a user id: no one to keep it under.
      if (phone === undefined || (m.from !== undefined && !E164.safeParse(phone).success)) continue;
      const mediaKind = MEDIA_KINDS.find((kind) => m.type === kind);
      const media = mediaKind && m[mediaKind];
      const text =
        m.text?.body ??
        m.button?.text ??
        m.interactive?.button_reply?.title ??
        m.interactive?.list_reply?.title ??
        (m.type === 'reaction' ? m.reaction?.emoji : undefined) ??
        media?.caption;
      const profile =
        (m.from !== undefined ? profiles.get(`n:${m.from}`) : undefined) ??
        (m.from_user_id !== undefined ? profiles.get(`u:${m.from_user_id}`) : undefined);
      const profileName = profile?.name || undefined;
      const username = profile?.username?.trim() || undefined;
      out.push({
        id: m.id,
        phone,
        at: new Date(Number(m.timestamp) * 1000).toISOString(),
        type: m.type,
        ...(text !== undefined && text !== '' && { text: Array.from(text).slice(0, MAX_TEXT).join('') }),
        ...(media?.id !== undefined && { mediaId: media.id }),
        ...(mediaKind && media?.id !== undefined && { media: inboundMedia(mediaKind, media) }),
        ...(profileName !== undefined && { profileName: profileName.slice(0, 100) }),
        ...(m.from_user_id !== undefined && { userId: m.from_user_id }),
        ...(username !== undefined && { username: username.slice(0, 100) }),
        ...(m.context?.id !== undefined && { contextId: m.context.id }),
      });
    }
  }
  return out;
}

/** An attachment's type, file name (at most 200 characters) and voice flag, as the webhook gives them. */
function inboundMedia(kind: MediaKind, media: z.output<typeof Media>): InboundMedia {
  const filename = media.filename?.trim();
  return {
    kind,
    voice: kind === 'audio' && media.voice === true,
    ...(media.mime_type !== undefined && { mimeType: media.mime_type }),
    ...(filename && { filename: Array.from(filename).slice(0, 200).join('') }),
  };
}
