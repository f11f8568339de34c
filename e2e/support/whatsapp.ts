import { standinState } from './standins';
import { waitForSettledDeliveries } from './store';

/** A template message the Worker sent to the WhatsApp stand-in. */
export interface SentMessage {
  to: string;
  template: string;
  header: string[];
  body: string[];
}

/** The owners the e2e server is configured with (scripts/dev/e2e-server.mjs), Admin1 then Admin2. */
export const OWNERS = ['+919800000001', '+919800000002'];

type Component = { type: string; parameters?: { text?: string }[] };

function texts(components: Component[] | undefined, type: string): string[] {
  return (components ?? []).find((c) => c.type === type)?.parameters?.map((p) => p.text ?? '') ?? [];
}

/** Every template message the stand-in has received so far (from all tests: filter by the lead's values). */
export async function sentMessages(): Promise<SentMessage[]> {
  const { received } = await standinState();
  return (received.graph ?? []).flatMap((r) => {
    try {
      const json = JSON.parse(r.body) as { to: string; template: { name: string; components?: Component[] } };
      const { components } = json.template;
      return [
        {
          to: json.to,
          template: json.template.name,
          header: texts(components, 'header'),
          body: texts(components, 'body'),
        },
      ];
    } catch {
      return [];
    }
  });
}

/**
 * The messages matching `matches` once the Worker has done what it does for submission `submissionId`'s messages
 * (at least `count` deliveries in its ledger, none waiting or being sent): a duplicate, or a message to someone
 * else, would have reached the stand-in by then (the Worker settles a row only after the stand-in answered).
 */
export async function waitForMessages(
  submissionId: string,
  matches: (m: SentMessage) => boolean,
  count: number,
): Promise<SentMessage[]> {
  await waitForSettledDeliveries(submissionId, count);
  return (await sentMessages()).filter(matches);
}

/** The free-form texts (not templates) the Graph stand-in received for a number, oldest first. */
export async function textsTo(e164: string): Promise<string[]> {
  return (await standinState()).received.graph!.flatMap((r) => {
    try {
      const body = JSON.parse(r.body) as { type?: string; to?: string; text?: { body: string } };
      return body.type === 'text' && body.to === e164 ? [body.text!.body] : [];
    } catch {
      return [];
    }
  });
}
