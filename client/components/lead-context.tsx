import { useEffect, useRef } from 'react';
import { firstTouch } from '../lib/attribution';

/** A form's consent notice as the page shows it (copy from src/content/privacy.ts). */
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
 * The visit's first-touch attribution as a hidden field (JSON), filled in the browser once
 * hydrated, so a form posted natively carries it too. Empty on the server: the page is the
 * same for every visitor.
 */
export function AttributionField() {
  const ref = useRef<HTMLInputElement>(null);
  useEffect(() => {
    const touch = firstTouch();
    if (touch && ref.current) ref.current.value = JSON.stringify(touch);
  }, []);
  return <input ref={ref} type="hidden" name="attribution" defaultValue="" />;
}
