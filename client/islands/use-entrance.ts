import { useEffect, useState, type RefObject } from 'react';
import { prefersReducedMotion } from '../lib/motion';

/**
 * The section's 0.5 s entrance: once hydrated, a section still below the fold waits hidden and
 * animates in when it scrolls into view. Server HTML and reduced motion show it as is.
 */
export function useEntrance(ref: RefObject<HTMLElement | null>): string {
  const [phase, setPhase] = useState<'' | 'is-waiting' | 'is-entering'>('');
  useEffect(() => {
    const el = ref.current;
    if (!el || prefersReducedMotion() || !('IntersectionObserver' in window)) return;
    if (el.getBoundingClientRect().top < window.innerHeight) return;
    setPhase('is-waiting');
    const observer = new IntersectionObserver(
      (entries) => {
        if (!entries.some((e) => e.isIntersecting)) return;
        setPhase('is-entering');
        observer.disconnect();
      },
      { rootMargin: '0px 0px -10% 0px' },
    );
    observer.observe(el);
    return () => observer.disconnect();
  }, [ref]);
  return phase;
}
