import type { Context } from 'hono';
import type { ReactElement } from 'react';
import { DeskDocument, type Banner, type DeskArea } from './document';
import { deskHref } from './leads/inbox';
import { health as healthCopy } from '../words/health';
import { desk as copy } from '../words/desk';
import { lastHealth } from '../health/run';
import { deadLeadCount } from '../store/leads/dead-leads';
import { recentFailures } from './messages';
import type { ListParams } from './params';
import { assets } from '../assets';
import { readConfig, type Env } from '../env';
import type { OwnerVariables } from '../security/desk-access';
import { pageHtml } from '../routes/html';
import { readPart } from './part';
import { deskStoreDown } from './store-down-words';

/** What every desk route sees: the Worker's bindings and the owner Cloudflare Access let in. */
export type DeskEnv = { Bindings: Env; Variables: OwnerVariables & { secureHeadersNonce?: string } };

/** A lead's page on the desk. */
export const leadPath = (kind: string, id: string) => `/desk/leads/${kind}/${encodeURIComponent(id)}`;

/**
 * A desk page: the body inside the desk's document, with the navigation (`current` marked), the export
 * link for the list's filters and a banner for each thing the owners should know (`first`, the page's own;
 * failed or dead messages, a failing health check, WhatsApp not configured).
 */
export async function renderDeskPage(
  c: Context<DeskEnv>,
  title: string,
  current: DeskArea,
  params: Partial<ListParams>,
  body: ReactElement,
  status: 200 | 400 | 409 | 413 | 503 = 200,
  first: Banner[] = [],
) {
  const banners: Banner[] = [...first];
  // The warnings are read from D1 beside the page's own records: when D1 cannot be read, the page still renders.
  const warnings = await readPart('warnings', () => deskWarnings(c.env.DB), new URL(c.req.url).pathname);
  if (warnings.ok) banners.push(...warnings.value);
  else banners.push({ tone: 'info', text: deskStoreDown.part(deskStoreDown.parts.warnings) });
  if (!readConfig(c.env).whatsapp.sending.ok) {
    banners.push({ tone: 'info', text: copy.banners.notConfigured });
  }
  const { cursor: _cursor, ...filters } = params;
  const html = pageHtml(
    <DeskDocument
      title={title}
      css={assets.deskCss}
      owner={c.var.owner.email}
      exportHref={deskHref('/desk/export.csv', filters)}
      banners={banners}
      current={current}
    >
      {body}
    </DeskDocument>,
  );
  return c.html(html, status);
}

/** Failed or dead messages and a failing self-check: a banner each. */
async function deskWarnings(db: D1Database): Promise<Banner[]> {
  const banners: Banner[] = [];
  const failed = await recentFailures(db);
  if (failed > 0) banners.push({ tone: 'warning', text: copy.banners.failed(failed) });
  const dead = await deadLeadCount(db);
  if (dead > 0) banners.push({ tone: 'warning', text: copy.banners.dead(dead), href: '/desk/dead' });
  const health = await lastHealth(db);
  const failing = health?.checks
    .filter((check) => !check.ok)
    .map((check) => healthCopy.names[check.name] ?? check.name);
  if (failing?.length) banners.push({ tone: 'warning', text: healthCopy.banner(failing), href: '/desk/health' });
  return banners;
}
