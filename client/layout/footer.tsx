import { privacy } from '../../src/words/privacy';
import { site } from '../../src/words/site';
import { EnquiryButton } from '../sections/enquiry-button';
import { SocialIcon } from './social-icon';
import { PlainText, useSiteContent } from '../site-content';

/** Footer with section links, the Contact button, the social block and the copyright year (computed per request). */
export function Footer({ year }: { year: number }) {
  const { footer, social } = useSiteContent();
  return (
    <footer className="site-footer">
      <div className="container footer-inner">
        <div className="footer-brand">
          <a href="/" className="logo-text footer-logo">
            {site.brand}
          </a>
          <p>
            <PlainText text={footer.blurb} />
          </p>
        </div>
        <nav aria-label="Footer">
          <ul className="footer-links">
            <li>
              <a href="/#about">About</a>
            </li>
            <li>
              <a href="/#resources">Resources</a>
            </li>
            <li>
              <a href="/#programs">Programs</a>
            </li>
            <li>
              <EnquiryButton label="Contact" className="link-button" />
            </li>
            <li>
              <a href={privacy.path}>{site.footer.privacy}</a>
            </li>
          </ul>
        </nav>
        <ul className="social" aria-label="Social media">
          {social.map((s) => (
            <li key={s.label}>
              <a href={s.href} target="_blank" rel="noopener noreferrer" aria-label={`${s.label} (opens in a new tab)`}>
                <SocialIcon name={s.label} />
              </a>
            </li>
          ))}
        </ul>
      </div>
      <div className="container footer-bottom">
        <p>
          © {year} {site.brand}. All rights reserved.
        </p>
      </div>
    </footer>
  );
}
