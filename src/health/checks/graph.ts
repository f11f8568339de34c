import type { Config } from '../../config/index';
import { GRAPH_API_VERSION } from '../../notify/whatsapp/whatsapp';

const TIMEOUT_MS = 8_000;

/** What the Graph API answered: its status and its JSON (an `error` when it refused). */
export interface GraphAnswer {
  status: number;
  json: { error?: { code?: number; message?: string } } & Record<string, unknown>;
}

/** A GET of the Graph API with the WhatsApp token, or why it could not be made or was not answered. */
export async function graphGet(config: Config, path: string): Promise<GraphAnswer | string> {
  const sending = config.whatsapp.sending;
  if (!sending.ok) return sending.reason;
  try {
    const res = await fetch(`${config.whatsapp.apiUrl}/${GRAPH_API_VERSION}/${path}`, {
      headers: { authorization: `Bearer ${sending.token}` },
      signal: AbortSignal.timeout(TIMEOUT_MS),
    });
    const json = (await res.json().catch(() => ({}))) as GraphAnswer['json'];
    return { status: res.status, json };
  } catch (err) {
    return `The Graph API did not answer (${(err as Error)?.name ?? 'network error'}).`;
  }
}

/** What a Graph error means for the operator. */
export function graphProblem(answer: GraphAnswer): string {
  const code = answer.json.error?.code;
  if (code === 190) {
    return 'The WhatsApp token has expired or was revoked (code 190): create a new System User token and set WHATSAPP_TOKEN (docs/deploy.md, "Rotating a secret").';
  }
  return `The Graph API answered ${answer.status}${code !== undefined ? ` with error ${code}` : ''}: check WHATSAPP_PHONE_NUMBER_ID and the token's permissions.`;
}
