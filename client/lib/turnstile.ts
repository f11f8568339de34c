/**
 * Optional Cloudflare Turnstile in the browser. The server renders
 * <meta name="turnstile-site-key"> only when Turnstile is configured; without it
 * this module does nothing. With it, the Turnstile script (a third party) is
 * loaded only when the visitor submits a form, a token is obtained, and the
 * widget is reset afterwards because each token verifies once.
 */
interface TurnstileApi {
  render(container: HTMLElement, options: Record<string, unknown>): string;
  execute(widget: string): void;
  reset(widget: string): void;
}
declare global {
  interface Window {
    turnstile?: TurnstileApi;
  }
}

const SCRIPT_URL = 'https://challenges.cloudflare.com/turnstile/v0/api.js?render=explicit';
let script: Promise<TurnstileApi> | null = null;

export function turnstileSiteKey(): string | null {
  return document.querySelector<HTMLMetaElement>('meta[name="turnstile-site-key"]')?.content || null;
}

function loadScript(): Promise<TurnstileApi> {
  script ??= new Promise((resolve, reject) => {
    const el = document.createElement('script');
    el.src = SCRIPT_URL;
    el.async = true;
    el.onload = () => (window.turnstile ? resolve(window.turnstile) : reject(new Error('turnstile missing')));
    el.onerror = () => {
      script = null;
      reject(new Error('turnstile script failed to load'));
    };
    document.head.appendChild(el);
  });
  return script;
}

/**
 * A fresh single-use token for one form (`action`, which siteverify reports back so the
 * server can tell a token solved for another form), or null when Turnstile is not
 * configured. Rejects if the check cannot run.
 */
export async function turnstileToken(action: string): Promise<string | null> {
  const siteKey = turnstileSiteKey();
  if (!siteKey) return null;
  const api = await loadScript();
  const container = document.createElement('div');
  container.className = 'turnstile-box';
  document.body.appendChild(container);
  return new Promise<string>((resolve, reject) => {
    const widget = api.render(container, {
      sitekey: siteKey,
      action,
      execution: 'execute',
      appearance: 'interaction-only',
      callback: (token: string) => {
        resolve(token);
        window.setTimeout(() => {
          api.reset(widget);
          container.remove();
        }, 0);
      },
      'error-callback': () => {
        container.remove();
        reject(new Error('turnstile challenge failed'));
      },
    });
    api.execute(widget);
  });
}
