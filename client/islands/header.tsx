import { useCallback, useEffect, useRef, useState } from 'react';
import { firstFocusable, trapTab } from '../lib/focus-trap';
import { lockScroll } from '../lib/scroll-lock';
import { goToSection, scrollToPendingSection } from '../lib/nav';

/** Header shadow threshold (specification §9). */
export const SHADOW_THRESHOLD_PX = 8;

export interface HeaderProps {
  brand: string;
  nav: ReadonlyArray<{ label: string; anchor: string }>;
  cta: string;
}

/** Sticky site header with section links, the quiz call to action and the mobile menu dialog. */
export default function Header({ brand, nav, cta }: HeaderProps) {
  const [scrolled, setScrolled] = useState(false);
  const [open, setOpen] = useState(false);
  const menuRef = useRef<HTMLDivElement>(null);
  const toggleRef = useRef<HTMLButtonElement>(null);
  const wasOpen = useRef(false);

  useEffect(scrollToPendingSection, []);

  useEffect(() => {
    const onScroll = () => setScrolled(window.scrollY > SHADOW_THRESHOLD_PX);
    onScroll();
    window.addEventListener('scroll', onScroll, { passive: true });
    return () => window.removeEventListener('scroll', onScroll);
  }, []);

  const close = useCallback(() => setOpen(false), []);

  useEffect(() => {
    if (!open) {
      if (wasOpen.current) toggleRef.current?.focus();
      wasOpen.current = false;
      return;
    }
    wasOpen.current = true;
    const release = lockScroll();
    const menu = menuRef.current;
    if (menu) firstFocusable(menu)?.focus();
    const onKey = (event: KeyboardEvent) => {
      if (event.key === 'Escape') close();
      else if (menu) trapTab(event, menu);
    };
    document.addEventListener('keydown', onKey);
    return () => {
      document.removeEventListener('keydown', onKey);
      release();
    };
  }, [open, close]);

  const onSection = (event: React.MouseEvent<HTMLAnchorElement>, anchor: string) => {
    if (event.metaKey || event.ctrlKey || event.shiftKey || event.button !== 0) return;
    event.preventDefault();
    setOpen(false);
    goToSection(anchor);
  };

  const links = (where: string) =>
    nav.map((item) => (
      <li key={item.anchor}>
        <a href={`/#${item.anchor}`} className="nav-link" onClick={(e) => onSection(e, item.anchor)} data-where={where}>
          {item.label}
        </a>
      </li>
    ));

  return (
    <header className={scrolled ? 'site-header is-scrolled' : 'site-header'}>
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
          ref={toggleRef}
          type="button"
          className="menu-toggle"
          aria-label="Open menu"
          aria-haspopup="dialog"
          aria-expanded={open}
          aria-controls="mobile-menu"
          onClick={() => setOpen(true)}
        >
          <span className="menu-toggle-bars" aria-hidden="true" />
        </button>
      </div>
      <div className={open ? 'menu-backdrop is-open' : 'menu-backdrop'} onClick={close} aria-hidden="true" />
      <div
        ref={menuRef}
        id="mobile-menu"
        className={open ? 'mobile-menu is-open' : 'mobile-menu'}
        role="dialog"
        aria-modal="true"
        aria-label="Menu"
        inert={!open}
      >
        <div className="mobile-menu-top">
          <span className="logo-text">{brand}</span>
          <button type="button" className="icon-btn" aria-label="Close menu" onClick={close}>
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
      </div>
    </header>
  );
}
