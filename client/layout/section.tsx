import type { ReactNode } from 'react';
import { PlainText } from '../site-content';

/**
 * A landing page section with its heading: `#id` is its address in the page, and the heading names it for
 * assistive tools. `intro`, when given, is a paragraph under the heading; `action` is a link shown under it.
 */
export function Section(props: {
  id: string;
  heading: ReactNode;
  intro?: string;
  action?: ReactNode;
  children: ReactNode;
}) {
  const { id, heading, intro, action, children } = props;
  return (
    <section id={id} className={`section ${id}`} aria-labelledby={`${id}-title`}>
      <div className="container">
        <header className="section-head">
          <h2 id={`${id}-title`}>{heading}</h2>
          {intro !== undefined && (
            <p>
              <PlainText text={intro} />
            </p>
          )}
          {action}
        </header>
        {children}
      </div>
    </section>
  );
}
