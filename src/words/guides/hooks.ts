/**
 * What the desk says of the newsletter tool's events about an address (issue 59): Kit's and Mailchimp's webhooks
 * report unsubscribes, bounces, spam complaints and changed addresses made at the tool.
 */
export const toolEventWords = {
  /** The newest event, where and when: "Unsubscribed at Kit on 29 Nov 2026, 10:04 am". */
  event: (kind: string, tool: string, when: string) => {
    const at = TOOLS[tool] ?? tool;
    switch (kind) {
      case 'unsubscribed':
        return `Unsubscribed at ${at} on ${when}.`;
      case 'bounced':
        return `Bounced at ${at} on ${when}: letters to this address do not arrive.`;
      case 'complained':
        return `Marked as spam at ${at} on ${when}.`;
      case 'address_changed':
        return `Changed address at ${at} on ${when}: this old address is no longer theirs to write to.`;
      default:
        return `${at} reported this address on ${when}.`;
    }
  },
  /** The pill beside the site's own state: "Unsubscribed at Kit", "Bounced at Mailchimp" … */
  pill: (kind: string, tool: string) => {
    const at = TOOLS[tool] ?? tool;
    return (
      { unsubscribed: `Unsubscribed at ${at}`, bounced: `Bounced at ${at}`, complained: `Marked as spam at ${at}` }[
        kind
      ] ?? `Changed address at ${at}`
    );
  },
  stopped:
    'The site sends this address no quiz result email and no guide until they subscribe again on the site (the newsletter form, or a guide they confirm).',
  subscribedAgain: 'They have subscribed again on the site since, so the site writes to them again.',
};

const TOOLS: Record<string, string> = { kit: 'Kit', mailchimp: 'Mailchimp' };
