import { site } from '../../src/words/site';
import { useSiteContent } from '../site-content';

/**
 * The sticky site header: the section links, the quiz call to action and, on a phone, the menu. It needs no
 * React in the browser: the menu is a native modal `<dialog>` that its button opens by itself (`commandfor`),
 * closed by its close button, Escape or a tap outside; the page's inline script (client/header-menu.ts) adds
 * the shadow on scroll, the smooth scroll of the section links, `aria-expanded` on the button and what older
 * browsers lack.
 */
export function SiteHeader() {
  const { brand, nav } = site;
  const cta = useSiteContent().hero.cta;
  // Without scripts a link within the page would scroll behind the open menu, which stays open: the menu's links
  // carry an empty query, so the browser loads the page afresh (menu closed) at the section. The page's inline
  // script takes these clicks, closes the menu and scrolls smoothly to /#section.
  const links = (where: 'desktop' | 'mobile') =>
    nav.map((item) => (
      <li key={item.anchor}>
        <a
          href={`${where === 'mobile' ? '/?' : '/'}#${item.anchor}`}
          className="nav-link"
          data-section={item.anchor}
          data-where={where}
        >
          {item.label}
        </a>
      </li>
    ));
  // Attributes React has no names for yet are passed as written.
  const opens = { commandfor: 'mobile-menu', command: 'show-modal' };
  const closes = { commandfor: 'mobile-menu', command: 'close' };
  return (
    <header className="site-header">
      <div className="container header-inner">
        <a href="/" className="logo">
          <span className="logo-mark" aria-hidden="true">
            {brand.charAt(0)}
          </span>
          <span className="logo-text">{brand}</span>
          <span className="visually-hidden">, home</span>
        </a>
        <nav className="desktop-nav" aria-label="Main">
          <ul>{links('desktop')}</ul>
        </nav>
        <a href="/quiz" className="btn btn-cta header-cta">
          {cta}
        </a>
        <button
          type="button"
          className="menu-toggle"
          aria-label="Open menu"
          aria-haspopup="dialog"
          aria-controls="mobile-menu"
          {...opens}
        >
          <span className="menu-toggle-bars" aria-hidden="true" />
        </button>
      </div>
      <dialog id="mobile-menu" className="mobile-menu" aria-label="Menu" {...{ closedby: 'any' }}>
        <div className="mobile-menu-top">
          <span className="logo-text">{brand}</span>
          <button type="button" className="icon-btn" aria-label="Close menu" {...closes}>
            <svg viewBox="0 0 24 24" width="24" height="24" aria-hidden="true">
              <path d="M6 6l12 12M18 6L6 18" stroke="currentColor" strokeWidth="2" strokeLinecap="round" />
            </svg>
          </button>
        </div>
        <nav aria-label="Mobile">
          <ul className="mobile-links">{links('mobile')}</ul>
        </nav>
        <a href="/quiz" className="btn btn-cta btn-block">
          {cta}
        </a>
      </dialog>
    </header>
  );
}
