/**
 * The page's one inline script (scripts/dev/build-client.mjs minifies it into the manifest with the file names
 * below; client/document.tsx writes it at the end of <body>). It starts the islands' code once the browser has
 * painted the server's page, so on a slow phone the scripts never share the first round trips with the HTML
 * and stylesheet that make the first view. Until then the page works without them: links are links and forms
 * post themselves.
 *
 * The scripts start sooner when the visitor acts first:
 * - on the first touch, focus or key press anywhere; a touched or focused island is marked `data-wanted` and the
 *   entry starts it at once, as it would have had it been running;
 * - on a press on an island's button that only the island can answer (a play button; a row's arrow while the row is
 *   still loading), which would otherwise do nothing.
 *   That press is held, marked `data-held`, and given to the island by the entry once the island has hydrated.
 */
import { startHeader } from './header-menu';
import { keepFirstTouch } from './lib/attribution';
import { closestTo } from './lib/event-target';
import { putInFormsOnOpen, putInFormsWhenNear } from './forms-later';
import { renderSectionsForAnchors } from './render-sections';
import { startQuiz } from './quiz-steps';
import { startResourceTabs } from './resource-tabs-early';

declare const __BOOT__: { entry: string; preload: string[]; islands: Record<string, string[]> };

const { entry, preload, islands } = __BOOT__;
let started = false;

function preloadModule(href: string): void {
  const link = document.createElement('link');
  link.rel = 'modulepreload';
  link.href = href;
  document.head.append(link);
}

function load(): void {
  if (started) return;
  started = true;
  import(entry).catch((error: unknown) => {
    // Offline, blocked or failed to download (each browser's words): the page works without its scripts. Any
    // other failure is a bug in them, and is reported as one.
    const unreachable = /dynamically imported module|Importing a module script failed/;
    if (!(error instanceof TypeError && unreachable.test(error.message))) throw error;
    console.warn('The page’s scripts did not load; it works without them.');
  });
  // Then the entry's own imports, in parallel with the entry rather than one import after another once it has run,
  // and the code of the islands it starts at once or on the first touch (`touch`): a preload fetches and compiles,
  // nothing runs until the entry starts the island. One file per task: on a slow phone the insertions together made
  // one of the longest tasks of /quiz's load (decision 036).
  const wanted = Array.from(
    document.querySelectorAll<HTMLElement>('[data-island]:is([data-load="eager"], [data-load="touch"])'),
    (el) => islands[el.dataset.island ?? ''] ?? [],
  );
  const files = [...new Set([...preload, ...wanted.flat()])];
  const next = () => {
    const href = files.shift();
    if (href === undefined) return;
    preloadModule(href);
    setTimeout(next);
  };
  setTimeout(next);
}

function hold(event: Event): void {
  const button = closestTo(event, '[data-island] button');
  if (!(button instanceof HTMLButtonElement) || button.type === 'submit') return;
  event.preventDefault();
  event.stopPropagation();
  button.setAttribute('data-held', '');
  load();
}

/** A touch or focus inside an island marks it wanted (`data-wanted`): the entry starts it at once. */
function want(event: Event): void {
  closestTo(event, '[data-island]')?.setAttribute('data-wanted', '');
  load();
}

// Arriving at an anchor: every section rendered and every form put in, before DOMContentLoaded.
renderSectionsForAnchors();
// The forms below the first view are put in as they near it, and the enquiry's dialog as an opener is pressed:
// autofill's read of the page's forms at DOMContentLoaded then finds none of them.
putInFormsWhenNear();
addEventListener('click', putInFormsOnOpen, true);

// The first page of the visit in this tab is where the lead came from.
keepFirstTouch();

// The quiz's choice steps, the resource topics and their rows' arrows work from here on, with or without the islands'
// code. The header's script starts in a task of its own, after this one (which ends with DOMContentLoaded and the
// browser's read of the forms, issue 58): until then its links and menu work as they do without JavaScript.
startQuiz();
startResourceTabs();
setTimeout(startHeader);

// Until the entry announces that it has taken over: from then on the islands' own listeners do this.
const untilEntry: Array<[string, EventListener]> = [
  ['click', hold],
  ['pointerdown', want],
  ['focusin', want],
  ['keydown', load],
];
for (const [type, listener] of untilEntry) addEventListener(type, listener, true);
document.addEventListener(
  'islands:ready',
  () => {
    for (const [type, listener] of untilEntry) removeEventListener(type, listener, true);
  },
  { once: true },
);

/** After the first paint: the islands' code. */
function afterPaint(): void {
  // In a task of its own, as each of its steps is: no task of a slow phone's first seconds need be long.
  setTimeout(load);
}

if (typeof PerformanceObserver === 'function' && PerformanceObserver.supportedEntryTypes.includes('paint')) {
  new PerformanceObserver((list, observer) => {
    if (list.getEntriesByName('first-contentful-paint').length === 0) return;
    observer.disconnect();
    afterPaint();
  }).observe({ type: 'paint', buffered: true });
  // A page that is not painted (opened in a background tab) starts anyway.
  setTimeout(afterPaint, 3000);
} else {
  afterPaint();
}
