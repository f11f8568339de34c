// `npm run first-tap`: how long a visitor on a slow phone waits after the first tap on the phone menu's button, a
// quiz answer, a resource tab and a row's arrow. Builds nothing: run `npm run build` first. Serves the Worker
// locally with a warm feed cache (as `npm run hydration` does), emulates the same phone (150 ms RTT, 1.6 Mbps down,
// 750 kbps up, CPU 4x slower, 390x844, touch), and taps each control FIRST_TAP_RUNS times (default 5), each on a
// fresh load, as soon as the page has painted and the control is on screen (for the tab and the arrow: right after
// scrolling to it), which is when the page's scripts are starting. Prints, per control, the median and each run of:
// - the interaction's latency as the browser reports it (Event Timing: the longest of the tap's pointerdown,
//   pointerup and click, from the tap to the next paint; "<16" when below what Event Timing reports), and
// - the time from the tap to the paint that first shows its answer (the menu open, the next quiz step, the
//   tab selected, the row moving), which includes any wait for the scripts, or the next page's load when the tap
//   posted a form before the scripts had taken its button ("page" in the Event Timing column).
// It measures; it passes or fails nothing.
/* global window, document, requestAnimationFrame, MutationObserver, addEventListener, removeEventListener --
   run in the browser */
import { median, onSlowPhone } from './slow-phone.mjs';

const PORT = Number(process.env.FIRST_TAP_PORT || 8876);
const RUNS = Math.max(1, Number(process.env.FIRST_TAP_RUNS || 5));

/** Each control: the page, how to find it, and the change on the page that answers the tap. */
/** FIRST_TAP_ONLY=menu|quiz|resource|row measures one control. */
const ONLY = process.env.FIRST_TAP_ONLY;
const CONTROLS_ALL = [
  {
    name: 'menu button (/)',
    path: '/',
    selector: 'button[aria-label="Open menu"]',
    answered: () => document.getElementById('mobile-menu')?.matches('.is-open, [open]') === true,
  },
  {
    name: 'quiz answer (/quiz)',
    path: '/quiz',
    selector: '.quiz-option',
    answered: () => document.querySelector('[role="progressbar"]')?.getAttribute('aria-valuenow') === '2',
  },
  {
    name: 'resource tab (/)',
    path: '/',
    selector: '#resources [role="tab"][aria-selected="false"]',
    scroll: true,
    answered: () =>
      document.querySelector('#resources [role="tab"][data-tapped]')?.getAttribute('aria-selected') === 'true',
  },
  {
    name: 'row arrow (/)',
    path: '/',
    selector: '#resources button[aria-label="Next videos"]',
    scroll: true,
    answered: () =>
      (document.querySelector('#resources [role="tabpanel"]:not([hidden]) .video-row')?.scrollLeft ?? 0) > 0,
  },
];

const CONTROLS = CONTROLS_ALL.filter((c) => !ONLY || c.name.startsWith(ONLY));

const rows = [];
await onSlowPhone(PORT, async (phone, origin) => {
  for (const control of CONTROLS) {
    const runs = [];
    for (let run = 0; run < RUNS; run++) {
      const { context, page } = await phone((answeredSource) => {
        const answered = new Function(`return (${answeredSource})()`);
        // Times are absolute (timeOrigin + now) and the tap's is kept in sessionStorage: a tap before the scripts
        // have hydrated a form's button posts the form, and the answer is then the next page.
        const KEY = 'first-tap:at';
        const now = () => performance.timeOrigin + performance.now();
        const tap = (window.__tap = { interactions: new Map() });
        new PerformanceObserver((list) => {
          for (const entry of list.getEntries()) {
            if (!entry.interactionId) continue;
            tap.interactions.set(
              entry.interactionId,
              Math.max(tap.interactions.get(entry.interactionId) ?? 0, entry.duration),
            );
          }
        }).observe({ type: 'event', durationThreshold: 16, buffered: true });
        const watch = () => {
          const check = () => {
            if (!answered()) return;
            observer.disconnect();
            removeEventListener('scroll', check, true);
            // The paint that shows it: the frame after the one in which the change was seen.
            requestAnimationFrame(() => requestAnimationFrame(() => (tap.shownAt = now())));
          };
          const observer = new MutationObserver(check);
          observer.observe(document, { subtree: true, attributes: true, childList: true });
          // A row's move changes no attribute: its scroll events (seen here in the capture phase) tell.
          addEventListener('scroll', check, true);
          check();
        };
        const earlier = sessionStorage.getItem(KEY);
        if (earlier) {
          tap.at = Number(earlier);
          tap.navigated = true;
          watch();
        }
        addEventListener(
          'pointerdown',
          () => {
            if (tap.at !== undefined) return;
            tap.at = now();
            sessionStorage.setItem(KEY, String(tap.at));
            watch();
          },
          true,
        );
      }, control.answered.toString());
      await page.goto(origin + control.path, { waitUntil: 'commit' });
      await page.waitForFunction(() => performance.getEntriesByName('first-contentful-paint').length > 0, null, {
        polling: 20,
        timeout: 30_000,
      });
      const target = page.locator(control.selector).first();
      if (control.scroll) {
        await target.scrollIntoViewIfNeeded();
        await target.evaluate((el) => el.setAttribute('data-tapped', ''));
      }
      await target.tap({ timeout: 30_000 });
      await page.waitForFunction(() => window.__tap?.shownAt !== undefined, null, { timeout: 30_000 });
      // Event Timing reports an interaction once its paint is done.
      await page.waitForTimeout(500);
      runs.push(
        await page.evaluate(() => ({
          shown: window.__tap.shownAt - window.__tap.at,
          latency: window.__tap.navigated ? NaN : Math.max(0, ...window.__tap.interactions.values()),
        })),
      );
      await context.close();
    }
    const shown = runs.map((r) => Math.round(r.shown));
    // A tap that posted a form (the scripts had not taken the button yet) has no Event Timing: its page is gone.
    const latency = runs.map((r) => (Number.isNaN(r.latency) ? 'page' : r.latency > 0 ? Math.round(r.latency) : '<16'));
    const numeric = runs.map((r) => (Number.isNaN(r.latency) ? Infinity : r.latency));
    const middle = median(numeric);
    rows.push({
      control: control.name,
      'Event Timing median (ms)': middle === Infinity ? 'page' : middle > 0 ? Math.round(middle) : '<16',
      'to the answer median (ms)': median(shown),
      'Event Timing each': latency.join(' '),
      'to the answer each': shown.join(' '),
    });
  }
});
console.table(rows);
