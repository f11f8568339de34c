/**
 * A link's QR code as PNG, drawn in the Worker from the same modules as the SVG: the PNG signature, an IHDR of the
 * code's size, every chunk's CRC-32 right, and scanlines that inflate to the modules (black on white, 12 pixels
 * each) and decode to the link.
 */
import { env } from 'cloudflare:test';
import jsQR from 'jsqr';
import { beforeEach, describe, expect, it } from 'vitest';
import { PNG_MODULE_PIXELS, qrMatrix } from '../../../src/desk/links/qr-code';
import { crc32 } from '../../../src/desk/links/png';
import { readConfig } from '../../../src/env';
import { callWorker, postForm } from '../../support/api';

interface Chunk {
  type: string;
  data: Uint8Array;
  crc: number;
}

function chunksOf(png: Uint8Array): Chunk[] {
  const view = new DataView(png.buffer, png.byteOffset, png.byteLength);
  const chunks: Chunk[] = [];
  for (let at = 8; at < png.length;) {
    const length = view.getUint32(at);
    const type = new TextDecoder().decode(png.subarray(at + 4, at + 8));
    chunks.push({ type, data: png.subarray(at + 8, at + 8 + length), crc: view.getUint32(at + 8 + length) });
    at += 12 + length;
  }
  return chunks;
}

async function inflate(bytes: Uint8Array): Promise<Uint8Array> {
  const stream = new Blob([bytes]).stream().pipeThrough(new DecompressionStream('deflate'));
  return new Uint8Array(await new Response(stream).arrayBuffer());
}

beforeEach(async () => {
  await env.DB.prepare('DELETE FROM share_links').run();
});

describe('the QR code as PNG', () => {
  it('computes the CRC-32 PNG uses', () => {
    expect(crc32(new TextEncoder().encode('IEND'))).toBe(0xae426082);
    expect(crc32(new TextEncoder().encode('123456789'))).toBe(0xcbf43926);
  });

  it('is a valid PNG of the same modules as the SVG, that decodes to the link', async () => {
    await postForm(env, '/desk/links', { source: 'flyer', medium: 'print', campaign: 'yoga-day', page: '/quiz' });
    const { id } = (await env.DB.prepare('SELECT id FROM share_links').first<{ id: string }>())!;
    const res = await callWorker(env, `/desk/links/${id}/qr.png`);
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toBe('image/png');
    expect(res.headers.get('content-disposition')).toBe('inline');
    expect(res.headers.get('x-content-type-options')).toBe('nosniff');
    const png = new Uint8Array(await res.arrayBuffer());
    expect([...png.subarray(0, 8)]).toEqual([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);

    const chunks = chunksOf(png);
    expect(chunks.map((c) => c.type)).toEqual(['IHDR', 'IDAT', 'IEND']);
    for (const c of chunks) {
      const typed = new Uint8Array(4 + c.data.length);
      typed.set(new TextEncoder().encode(c.type));
      typed.set(c.data, 4);
      expect(c.crc, `${c.type}'s CRC`).toBe(crc32(typed));
    }

    const link = `${readConfig(env).site.url}/quiz?utm_source=flyer&utm_medium=print&utm_campaign=yoga-day`;
    const modules = qrMatrix(link);
    const side = modules.length * PNG_MODULE_PIXELS;
    const ihdr = new DataView(chunks[0]!.data.buffer, chunks[0]!.data.byteOffset, 13);
    expect([ihdr.getUint32(0), ihdr.getUint32(4), ...chunks[0]!.data.subarray(8)]).toEqual([side, side, 8, 0, 0, 0, 0]);

    // The scanlines: a filter byte 0, then one gray byte a pixel; each module's centre pixel is its colour.
    const raw = await inflate(chunks[1]!.data);
    expect(raw.length).toBe(side * (side + 1));
    const at = (x: number, y: number) => raw[y * (side + 1) + 1 + x];
    for (let y = 0; y < side; y++) expect(raw[y * (side + 1)]).toBe(0);
    const half = PNG_MODULE_PIXELS >> 1;
    const drawn = modules.map((row, my) =>
      row.map((_, mx) => at(mx * PNG_MODULE_PIXELS + half, my * PNG_MODULE_PIXELS + half) === 0),
    );
    expect(drawn).toEqual(modules);
    expect(new Set(raw.filter((_, i) => i % (side + 1) !== 0))).toEqual(new Set([0, 255]));

    const rgba = new Uint8ClampedArray(side * side * 4);
    for (let y = 0; y < side; y++)
      for (let x = 0; x < side; x++)
        rgba
          .fill(at(x, y)!, (y * side + x) * 4, (y * side + x) * 4 + 3)
          .fill(255, (y * side + x) * 4 + 3, (y * side + x) * 4 + 4);
    expect(jsQR(rgba, side, side)?.data).toBe(link);
  });

  it('downloads as a file named by its source and campaign; a link that is not one is a 404', async () => {
    await postForm(env, '/desk/links', { source: 'slides', medium: '', campaign: 'tedx-pune', page: '/' });
    const { id } = (await env.DB.prepare('SELECT id FROM share_links').first<{ id: string }>())!;
    const res = await callWorker(env, `/desk/links/${id}/qr.png?download=1`);
    expect(res.headers.get('content-disposition')).toBe('attachment; filename="qr-slides-tedx-pune.png"');
    expect((await callWorker(env, `/desk/links/${crypto.randomUUID()}/qr.png`)).status).toBe(404);
  });
});
