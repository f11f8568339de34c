import { closestTo } from './lib/event-target';
import { islands } from './islands/registry';
import { ISLAND_OPENERS, MOVED_BEFORE_REACT, REACT_STARTED } from './lib/island-markers';

/**
 * Browser entry, started by the page's boot script (client/boot.ts) once the page has painted or the visitor
 * has acted. It finds the island markers the server rendered and hydrates each in place, when it is
 * needed (see LoadStrategy): `eager` at once; `visible` when the island comes within VISIBLE_MARGIN of
 * the viewport or is first touched (pointer, focus); `interaction` on the first click on an element
 * that opens it, or a touch inside it; `touch` once the first tap or typing inside it has been answered and
 * painted (the boot script preloaded its code). Until then the server's HTML works alone, so nothing is lost meanwhile.
 * Each hydrated marker gets `data-hydrated`; <html data-hydrated> is set whenever every island that
 * has started loading has hydrated (the e2e suite waits for it, and
 * for the marker of what it uses).
 * React itself is fetched and started with the first island that starts: a page whose islands are all further
 * down (the landing page on a phone) runs no React until the visitor scrolls towards one or touches the page.
 */
const VISIBLE_MARGIN = '300px 0px';

/** React and what the entry uses of it (client/react-runtime.ts), loaded once, with the first island that starts. */
let react: Promise<typeof import('./react-runtime')> | undefined;
const loadReact = () => (react ??= import('./react-runtime'));

let pending = 0;
const started = new WeakMap<HTMLElement, Promise<void>>();

function settle(): void {
  if (pending === 0) document.documentElement.setAttribute('data-hydrated', '');
}

async function hydrate(el: HTMLElement, name: string): Promise<void> {
  const load = islands[name];
  if (!load) {
    console.error(`Unknown island "${name}"`);
    return;
  }
  const [{ default: Component }, { createElement, startRoot }] = await Promise.all([load(), loadReact()]);
  // From here React answers the island's presses (the inline script's quiz steps stop), and the props are read
  // after any step that script took meanwhile.
  el.setAttribute(REACT_STARTED, '');
  const props = JSON.parse(el.dataset.props ?? '{}') as object;
  await new Promise<void>((resolve) => {
    startRoot(el, createElement(Component, props as never), {
      moved: el.hasAttribute(MOVED_BEFORE_REACT),
      onCommit: resolve,
      onRecoverableError(error) {
        console.error('Hydration error in island', name, error);
      },
    });
  });
  el.setAttribute('data-hydrated', '');
}

/** Loads and hydrates an island once, however many triggers fire. */
function start(el: HTMLElement): Promise<void> {
  let done = started.get(el);
  if (!done) {
    for (const box of Array.from(el.children)) near.unobserve(box);
    pending++;
    document.documentElement.removeAttribute('data-hydrated');
    done = hydrate(el, el.dataset.island ?? '').finally(() => {
      pending--;
      settle();
    });
    started.set(el, done);
  }
  return done;
}

/** The first pointer press or focus inside the island loads it. */
function startOnTouch(el: HTMLElement): void {
  const now = () => void start(el);
  el.addEventListener('pointerdown', now, { once: true });
  el.addEventListener('focusin', now, { once: true });
}

/**
 * A `touch` island starts once the page has painted its answer to the first tap or key press on one of its buttons
 * (a click, which the page's inline script answers: the quiz's next step) or to the first character typed in it, so
 * React's start never delays that answer. Not on the press or the focus: a button takes the focus as the finger
 * lands, before its click.
 */
function startAfterAnswer(el: HTMLElement): void {
  const afterPaint = () => requestAnimationFrame(() => setTimeout(() => void start(el)));
  el.addEventListener('click', afterPaint, { once: true });
  el.addEventListener('input', afterPaint, { once: true });
}

/**
 * A button pressed before its island hydrated (a play button, a row's arrows) would do nothing: hold
 * the click and give it to the island once it is there. Submit buttons keep their plain form post.
 */
function holdButtonPresses(el: HTMLElement): void {
  el.addEventListener(
    'click',
    (event) => {
      if (el.hasAttribute('data-hydrated')) return;
      const button = closestTo<HTMLButtonElement>(event, 'button');
      if (!button || button.type === 'submit') return;
      event.preventDefault();
      event.stopPropagation();
      void start(el).then(() => button.click());
    },
    true,
  );
}

const markers = Array.from(document.querySelectorAll<HTMLElement>('[data-island]'));
/** The marker of each box the observer watches (a marker is `display: contents`: it has no box of its own). */
const markerOf = new WeakMap<Element, HTMLElement>();
const near = new IntersectionObserver(
  (entries) => {
    for (const entry of entries) {
      if (!entry.isIntersecting) continue;
      const el = markerOf.get(entry.target);
      if (el) void start(el);
    }
  },
  { rootMargin: VISIBLE_MARGIN },
);

/** Starts `el` when any of the boxes it renders comes within VISIBLE_MARGIN of the viewport. */
function startWhenNear(el: HTMLElement): void {
  for (const box of Array.from(el.children)) {
    markerOf.set(box, el);
    near.observe(box);
  }
}

/** The markers already taken in: each is watched, and started, once. */
const taken = new WeakSet<HTMLElement>();

/** Starts `el` when its strategy says, and holds the presses on its buttons until then. */
function take(el: HTMLElement): void {
  if (taken.has(el)) return;
  taken.add(el);
  const strategy = el.dataset.load;
  if (strategy === 'eager') {
    void start(el);
  } else if (strategy === 'interaction') {
    const selector = ISLAND_OPENERS[el.dataset.island ?? ''];
    // Arrived at the island's own fragment (a shared /#contact link): it is wanted now.
    const target = window.location.hash.length > 1 ? document.getElementById(window.location.hash.slice(1)) : null;
    if (target && el.contains(target)) {
      void start(el);
    } else if (selector) {
      const onClick = (event: MouseEvent) => {
        const opener = closestTo<HTMLElement>(event, selector);
        if (!opener) return;
        // Until the island has hydrated, its opener would fall back to the plain link: hold the click,
        // then give it to the island (whose own listener opens it) once it is there.
        event.preventDefault();
        void start(el).then(() => {
          document.removeEventListener('click', onClick, true);
          opener.click();
        });
      };
      document.addEventListener('click', onClick, true);
    }
    // Touching the island's own markup (its plain form, shown at #contact) wants it too.
    startOnTouch(el);
  } else if (strategy === 'touch') {
    startAfterAnswer(el);
  } else {
    startWhenNear(el);
    startOnTouch(el);
  }
  holdButtonPresses(el);
}

for (const el of markers) take(el);
// A form put in as its section nears the view (client/forms-later.ts) brings its marker then.
document.addEventListener('islands:added', () => {
  for (const el of Array.from(document.querySelectorAll<HTMLElement>('[data-island]'))) take(el);
});
// The boot script (client/boot.ts) noted the islands touched and held the buttons pressed before this script
// ran; from here on the islands' own listeners do that.
document.dispatchEvent(new Event('islands:ready'));
for (const el of Array.from(document.querySelectorAll<HTMLElement>('[data-island][data-wanted]'))) {
  el.removeAttribute('data-wanted');
  void start(el);
}
for (const button of Array.from(document.querySelectorAll<HTMLElement>('[data-island] [data-held]'))) {
  button.removeAttribute('data-held');
  const el = button.closest<HTMLElement>('[data-island]');
  if (el) void start(el).then(() => button.click());
}
settle();
