import { encode, renderSVG } from 'uqr';
import { grayPng } from './png';

/**
 * How a shared link's QR code is drawn: error correction Q (a quarter of the code may be smudged, folded or
 * covered and it still reads), the quiet zone of 4 modules that scanners need around a printed code, and
 * plain black on white, which every camera reads. The SVG scales to any size on a slide or a flyer; the PNG, for
 * the phones and print shops that open no SVG, has 12 pixels a module.
 */
const QR_OPTIONS = { ecc: 'Q', border: 4, pixelSize: 8, blackColor: '#000', whiteColor: '#fff' } as const;

/** Pixels a module in the PNG. */
export const PNG_MODULE_PIXELS = 12;

/** The QR code of `text` as an SVG document (drawn by the uqr library). */
export function qrSvg(text: string): string {
  return renderSVG(text, QR_OPTIONS);
}

/** The QR code's modules, the quiet zone included: rows of `true` for dark. The SVG and the PNG draw this. */
export function qrMatrix(text: string): boolean[][] {
  return encode(text, QR_OPTIONS).data;
}

/** The QR code of `text` as a PNG: each module PNG_MODULE_PIXELS square, black on white. */
export function qrPng(text: string): Promise<Uint8Array<ArrayBuffer>> {
  const matrix = qrMatrix(text);
  const side = matrix.length * PNG_MODULE_PIXELS;
  const pixels = new Uint8Array(side * side).fill(255);
  matrix.forEach((row, my) =>
    row.forEach((dark, mx) => {
      if (!dark) return;
      for (let y = my * PNG_MODULE_PIXELS; y < (my + 1) * PNG_MODULE_PIXELS; y++) {
        pixels.fill(0, y * side + mx * PNG_MODULE_PIXELS, y * side + (mx + 1) * PNG_MODULE_PIXELS);
      }
    }),
  );
  return grayPng(side, side, pixels);
}
