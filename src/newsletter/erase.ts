import { readConfig, type Env } from '../env';
import { logEvent } from '../log';
import type { JobOf } from '../queue/jobs';
import { erasureById, setToolErasure, type ToolErasure } from '../store/people/erasures';
import { createNewsletterSender } from './sender';

/**
 * An erasure reaches the newsletter tool: Mailchimp deletes the member for good, Kit unsubscribes them (its API
 * cannot delete; the desk asks an owner to delete them in Kit). Retried while the tool is down or limits the rate;
 * the erasure log records what the tool did, or that it refused (then an owner does it by hand). Neither tool is
 * ever made to create the person: a tool that has no one at the address needs nothing (recorded as absent:
 * nothing of them is left there). Calls that repeat change nothing, so a redelivered job is harmless. Returns the
 * wait before a retry, or undefined when done.
 */
export async function eraseInNewsletterTool(job: JobOf<'newsletter-erase'>, env: Env): Promise<number | undefined> {
  const tool = toolName(env) === job.provider ? createNewsletterSender(env) : null;
  if (!tool) {
    // The tool that had them was taken away (or replaced) since the erasure: it cannot be told, and an owner must know.
    await record(env, job, { provider: job.provider, state: 'failed', code: 'not_configured' });
    return undefined;
  }
  const outcome = await tool.erase(job.email);
  if (outcome.kind === 'retryable') {
    logEvent('warn', 'newsletter.erase', { erasure: job.erasure, outcome: 'retry', code: outcome.code });
    return outcome.minDelaySeconds ?? 0;
  }
  if (outcome.kind === 'absent') {
    // A tool that had no one at the address is done: nothing of them is left there. A repeat of a call that already
    // deleted or unsubscribed them finds no one too: what that call did stands.
    const before = (await erasureById(env.DB, job.erasure))?.tool;
    if (before?.state === 'deleted' || before?.state === 'unsubscribed') return undefined;
    await record(env, job, { provider: job.provider, state: 'absent' });
    return undefined;
  }
  await record(
    env,
    job,
    outcome.kind === 'sent'
      ? { provider: job.provider, state: tool.erases }
      : { provider: job.provider, state: 'failed', code: outcome.code },
  );
  return undefined;
}

/** The job ran out of retries: the erasure log says the tool was not told, so an owner does it by hand. */
export async function recordDeadToolErasure(job: JobOf<'newsletter-erase'>, env: Env): Promise<void> {
  await record(env, job, { provider: job.provider, state: 'failed', code: 'gave_up' });
}

/** The tool NEWSLETTER_PROVIDER names, or null when there is none. */
export function toolName(env: Env): ToolErasure['provider'] | null {
  const { name } = readConfig(env).newsletter.provider;
  return name === 'none' ? null : name;
}

async function record(env: Env, job: JobOf<'newsletter-erase'>, tool: ToolErasure): Promise<void> {
  await setToolErasure(env.DB, job.erasure, tool);
  logEvent(tool.state === 'failed' ? 'error' : 'info', 'newsletter.erase', {
    erasure: job.erasure,
    provider: tool.provider,
    outcome: tool.state,
    ...(tool.code && { code: tool.code }),
  });
}
