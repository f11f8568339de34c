import { standinState } from './standins';

/** A template message the Worker sent to the WhatsApp stand-in. */
export interface SentMessage {
  to: string;
  template: string;
  header: string[];
  body: string[];
}

/** The owners the e2e server is configured with (scripts/e2e-server.mjs), Admin1 then Admin2. */
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
 * Waits until `count` messages match `matches`, then a little longer so that a duplicate sent late
 * would be seen too; returns the matching messages.
 */
export async function waitForMessages(
  matches: (m: SentMessage) => boolean,
  count: number,
  timeoutMs = 15_000,
): Promise<SentMessage[]> {
  const deadline = Date.now() + timeoutMs;
  let found = (await sentMessages()).filter(matches);
  while (found.length < count && Date.now() < deadline) {
    await new Promise((r) => setTimeout(r, 200));
    found = (await sentMessages()).filter(matches);
  }
  await new Promise((r) => setTimeout(r, 1_500));
  return (await sentMessages()).filter(matches);
}
