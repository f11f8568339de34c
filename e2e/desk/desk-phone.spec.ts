/**
 * Every page of the owners' desk, with data in it, at a phone's width (390 px) and a laptop's (1280 px): nothing sticks
 * out past the right edge, axe finds nothing, and, with `E2E_SCREENSHOTS=1`, a full-page screenshot of each is kept
 * (the test's output folder).
 */
import { signIn } from '../support/desk/desk';
import { DESK_PAGES, deskData } from '../support/desk/desk-pages';
import { elementsPastRightEdge } from '../support/overflow';
import { axe, summarize } from '../support/axe';
import { expect, test, keepScreenshot } from '../support/test';

test.describe('every desk page fits the screen and passes axe @both', () => {
  // The data is made once per worker (a lead, conversations, a booking, a link, a saved reply), then an axe pass.
  test.describe.configure({ timeout: 120_000 });

  for (const desk of DESK_PAGES) {
    test(`${desk.name}`, async ({ page }, info) => {
      const data = await deskData();
      await signIn(page);
      const res = await page.goto(desk.path(data));
      expect(res?.status(), `${desk.name} answers`).toBe(200);
      await desk.then?.(page, data);
      await keepScreenshot(page, { path: info.outputPath(`${desk.name}-${info.project.name}.png`), fullPage: true });

      expect.soft(await elementsPastRightEdge(page), `nothing past the right edge on ${desk.name}`).toEqual([]);

      const { violations } = await axe(page).analyze();
      expect.soft(summarize(violations), `axe violations on ${desk.name}`).toEqual([]);
    });
  }
});
