import { overflowX, signIn } from '../support/desk/desk';
import { uniquePhone } from '../support/leads';
import { axe, summarize } from '../support/axe';
import { expect, test } from '../support/test';
import { postSigned } from '../support/webhook';
import { envelope } from '../../tests/support/whatsapp-envelope';
import { PHOTO_MEDIA_ID, VOICE_MEDIA_ID } from '../../tests/standins/whatsapp/graph-media.mjs';

const BASE = `http://127.0.0.1:${process.env.E2E_PORT || 8788}`;

/** A photo with a caption and a voice note from `from`, as Meta posts them (the Graph stand-in serves both ids). */
function mediaEvent(from: string, profileName: string) {
  const digits = from.replace(/^\+/, '');
  const at = Math.floor(Date.now() / 1000);
  const message = (offset: number, type: string, content: object) => ({
    from: digits,
    id: `wamid.E2E${crypto.randomUUID().replace(/-/g, '')}`,
    timestamp: String(at + offset),
    type,
    [type]: content,
  });
  return envelope({
    contacts: [{ profile: { name: profileName }, wa_id: digits }],
    messages: [
      message(0, 'image', { id: PHOTO_MEDIA_ID, mime_type: 'image/png', sha256: 'x', caption: 'The venue' }),
      message(1, 'audio', { id: VOICE_MEDIA_ID, mime_type: 'audio/ogg; codecs=opus', sha256: 'y', voice: true }),
    ],
  });
}

test.describe('a visitor sends a photo and a voice note on WhatsApp', () => {
  test('the owner opens the conversation, sees the photo and plays the voice note', async ({ page }, info) => {
    test.setTimeout(90_000);
    const phone = uniquePhone();
    const name = `Sender ${info.project.name === 'phone' ? 'Phone' : 'Desktop'} ${phone.e164.slice(-4)}`;
    expect((await postSigned(BASE, mediaEvent(phone.e164, name))).status).toBe(200);

    await signIn(page);
    await page.goto('/desk/conversations');
    await page.getByRole('link').filter({ hasText: name }).click();
    await expect(page).toHaveURL(/\/desk\/conversations\/[0-9a-f]{32}$/);
    // The queue fetches both from the Graph stand-in; until then the page says "Fetching…".
    const photo = page.getByRole('img', { name: 'Photo they sent: The venue' });
    await expect(async () => {
      await page.reload();
      await expect(photo).toBeVisible({ timeout: 1000 });
      await expect(page.getByText('Fetching…')).toHaveCount(0, { timeout: 1000 });
    }).toPass({ timeout: 30_000 });
    await expect(page.getByText('The venue', { exact: true })).toBeVisible();
    await expect
      .poll(() => photo.evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth))
      .toBeGreaterThan(0);
    expect(await photo.getAttribute('src')).toMatch(/^\/desk\/media\/[0-9a-f]{32}$/);

    const voice = page.locator('audio[aria-label="Voice note"]');
    await expect(voice).toBeVisible();
    const played = await voice.evaluate(async (audio: HTMLAudioElement) => {
      audio.muted = true;
      await audio.play();
      return { duration: audio.duration, readyState: audio.readyState };
    });
    expect(played.duration).toBeGreaterThan(0);
    expect(played.readyState).toBeGreaterThanOrEqual(1);
    expect(await overflowX(page)).toBeLessThanOrEqual(0);
    const { violations } = await axe(page, { bestPractice: false }).include('.desk-conversation').analyze();
    expect(summarize(violations)).toEqual([]);

    // The file itself: behind Access, with its own strict headers.
    const headers = await page.evaluate(
      async (src) => {
        const res = await fetch(src);
        return { status: res.status, ...Object.fromEntries(res.headers) };
      },
      (await photo.getAttribute('src'))!,
    );
    expect(headers).toMatchObject({
      status: 200,
      'content-type': 'image/png',
      'content-security-policy': "default-src 'none'; sandbox",
      'x-content-type-options': 'nosniff',
      'cache-control': 'private, no-store',
    });
  });
});
