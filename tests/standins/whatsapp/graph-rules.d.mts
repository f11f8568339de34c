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
/** One request, its path relative to the API base. */
export interface GraphRequest {
  method: string;
  path: string;
  authorization: string | undefined;
  body: string;
}
export interface GraphTokens {
  tokens: string[];
  expiredTokens?: string[];
}
export interface GraphExpect extends GraphTokens {
  phoneNumberId: string;
  businessAccountId: string;
  templates: Record<string, { header: number; body: number }>;
}
/** The business account as a stand-in keeps it; registration and template creation change it. */
export interface GraphAccount {
  registered?: boolean;
  pin?: string;
  managed?: { name: string; language: string; status: string; [key: string]: unknown }[];
  readError?: number;
}
export declare function checkToken(authorization: string | undefined, expect: GraphTokens): GraphAnswer | null;
export declare function checkSend(
  req: GraphRequest,
  expect: Omit<GraphExpect, 'businessAccountId'>,
): GraphAnswer | null;
export declare function isManagement(method: string, path: string): boolean;
export declare function manage(
  req: GraphRequest,
  expect: Omit<GraphExpect, 'templates'>,
  account: GraphAccount,
): GraphAnswer;
export declare function answerGraph(
  req: GraphRequest,
  expect: GraphExpect,
  account: GraphAccount,
  scripted?: (body: { to: string; [key: string]: unknown }) => GraphAnswer | null | undefined,
): GraphAnswer;
