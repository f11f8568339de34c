import { createContext, useContext, useEffect, useRef } from 'react';
import { firstTouch } from '../lib/attribution';

/** A form's consent notice as the page shows it (copy from src/words/privacy.ts). */
export interface ConsentCopy {
  version: string;
  text: string;
  link: string;
  href: string;
}

/**
 * The notice shown before a form's submit button, with a link to the privacy page, and the
 * version of that notice as a hidden field, so the lead records what its visitor was shown.
 * The submit button names the notice's id in aria-describedby.
 */
export function ConsentNotice({ id, notice }: { id: string; notice: ConsentCopy }) {
  return (
    <>
      <p className="consent-notice" id={id}>
        {notice.text}{' '}
        <a href={notice.href} target="_blank" rel="noopener">
          {notice.link}
          <span className="visually-hidden"> (opens in a new tab)</span>
        </a>
      </p>
      <input type="hidden" name="consent" value={notice.version} />
    </>
  );
}

/**
 * The first touch the server read from the request (or from the form a refused post sent), as the
 * JSON text the hidden field carries. Provided only while the server renders: in the browser it is
 * undefined, so hydration leaves the field's server-rendered value alone.
 */
export const ServerAttribution = createContext<string | undefined>(undefined);

/**
 * The visit's first-touch attribution as a hidden field (JSON). The server fills it from the request
 * (the address's campaign tags, the referring site, the path), so a form sent before the scripts run,
 * or without them, carries it; once hydrated, the tab's recorded first touch replaces it.
 */
export function AttributionField() {
  const ref = useRef<HTMLInputElement>(null);
  const fromServer = useContext(ServerAttribution);
  useEffect(() => {
    const touch = firstTouch();
    if (touch && ref.current) ref.current.value = JSON.stringify(touch);
  }, []);
  return <input ref={ref} type="hidden" name="attribution" defaultValue={fromServer} />;
}
