// Types for graph-rules.mjs, so the workerd stand-in (TypeScript) can import it.
export declare const GRAPH_VERSION: string;
export declare const APPROVED_TEMPLATES: Record<string, { header: number; body: number }>;
export interface GraphAnswer {
  status: number;
  json: unknown;
}
export declare function graphError(
  code: number,
  details?: string,
  messageOverride?: string,
  subcode?: number,
): GraphAnswer;
export declare function checkTemplateCreation(template: unknown): GraphAnswer | null;
export declare function graphSuccess(to: string): GraphAnswer;
export declare function checkSend(
  req: { method: string; path: string; authorization: string | undefined; body: string },
  expect: {
    phoneNumberId: string;
    tokens: string[];
    expiredTokens?: string[];
    templates: Record<string, { header: number; body: number }>;
  },
): GraphAnswer | null;
