// What the preflight says of the booking webhooks: which tool BOOKING_PROVIDER names, and for each tool whether
// its route takes bookings (its key is set) or answers 404 (it is not). Neither has a live check: Cal.com's API
// cannot check a webhook's secret, and Calendly's needs a personal access token the site does not hold; a test
// booking proves the key (docs/deploy.md, "Booking webhooks").

const TOOLS = [
  { id: 'calcom', name: 'Cal.com', route: '/webhooks/calcom', setting: 'CALCOM_WEBHOOK_SECRET', key: 'calcomSecret' },
  {
    id: 'calendly',
    name: 'Calendly',
    route: '/webhooks/calendly',
    setting: 'CALENDLY_WEBHOOK_SIGNING_KEY',
    key: 'calendlySigningKey',
  },
];

/**
 * The heading, one row per tool ([tool, route, state]) and the closing note of the preflight's booking section.
 * @param {import('../../src/config/index.ts').Config} config
 * @param {boolean} secretsKnown whether the preflight can tell which secrets are set
 */
export function bookingWebhooks(config, secretsKnown) {
  const { provider } = config.bookings;
  const named = TOOLS.find((t) => t.id === provider);
  const heading = named
    ? `booking webhooks (BOOKING_PROVIDER=${provider}: "Book a call" links carry the lead's reference for ${named.name}):`
    : 'booking webhooks (BOOKING_PROVIDER is not set: "Book a call" links carry no reference):';
  const rows = TOOLS.map((tool) => {
    const problem = config.problems.find((p) => p.setting === tool.setting);
    let state;
    if (!secretsKnown) state = `unknown: cannot tell whether ${tool.setting} is set`;
    else if (problem) state = `off: ${problem.message}`;
    else if (config.bookings[tool.key] === undefined)
      state = `off: ${tool.setting} is not set, so the route answers 404 and no booking comes back`;
    else
      state =
        `on: ${tool.setting} is set; signed bookings come back to the desk` +
        (named && named !== tool
          ? ` (BOOKING_PROVIDER names ${named.name}: links to ${tool.name} carry no reference)`
          : '');
    return [tool.name, tool.route, state];
  });
  const note =
    "no live check: Cal.com has no API that checks a webhook secret, and Calendly's needs a personal access token " +
    'the site does not hold. Make a test booking (docs/deploy.md, "Booking webhooks").';
  return { heading, rows, note };
}
