/** Talks to the outside-service stand-ins started by scripts/dev/e2e-server.mjs. */
const BASE = `http://127.0.0.1:${process.env.STANDIN_PORT || 8790}`;

export interface StandinState {
  received: Record<
    string,
    { method: string; path: string; search: string; headers: Record<string, string>; body: string }[]
  >;
  config: Record<string, Record<string, unknown>>;
}

export async function standinState(): Promise<StandinState> {
  return (await fetch(`${BASE}/__control`)).json() as Promise<StandinState>;
}

export async function configureStandin(service: string, config: Record<string, unknown>): Promise<void> {
  await fetch(`${BASE}/__control`, { method: 'POST', body: JSON.stringify({ service, ...config }) });
}

/** What the Kit stand-in holds for one address: the subscriber (with its state and tags) and the opt-in emails sent. */
export async function kitHas(email: string) {
  const res = await fetch(`${BASE}/__newsletter`);
  const { kit } = (await res.json()) as {
    kit: { subscribers: { email_address: string; state: string; tags: string[] }[]; optIns: { email: string }[] };
  };
  return {
    subscriber: kit.subscribers.find((s) => s.email_address === email) ?? null,
    optIns: kit.optIns.filter((o) => o.email === email).length,
  };
}
