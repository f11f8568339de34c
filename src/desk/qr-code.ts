import { renderSVG } from 'uqr';

/**
 * How a shared link's QR code is drawn: error correction Q (a quarter of the code may be smudged, folded or
 * covered and it still reads), the quiet zone of 4 modules that scanners need around a printed code, and
 * plain black on white, which every camera reads. The SVG scales to any size on a slide or a flyer.
 */
const QR_OPTIONS = { ecc: 'Q', border: 4, pixelSize: 8, blackColor: '#000', whiteColor: '#fff' } as const;

/** The QR code of `text` as an SVG document (drawn by the uqr library). */
export function qrSvg(text: string): string {
  return renderSVG(text, QR_OPTIONS);
}
