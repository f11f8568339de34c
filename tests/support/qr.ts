import jsQR from 'jsqr';

/** Pixels per module when a QR code's SVG is drawn for the decoder. */
const SCALE = 4;

/**
 * Reads a QR code from the SVG uqr draws (a white rect, then one path of squares `M x,y h s v s h-s z`): the
 * squares become a grid of modules, each drawn SCALE×SCALE pixels black on white, and jsQR decodes the image.
 * Returns the decoded text (null when it does not decode) and the width of the empty border in modules.
 */
export function decodeQrSvg(svg: string): { text: string | null; quietZone: number } {
  const [, , , viewWidth] = /viewBox="([\d.]+) ([\d.]+) ([\d.]+) ([\d.]+)"/.exec(svg)!.slice(1).map(Number);
  const d = /<path[^>]* d="([^"]+)"/.exec(svg)![1]!;
  const squares = [...d.matchAll(/M(\d+),(\d+)h(\d+)v\d+h-\d+z/g)].map((m) => m.slice(1, 4).map(Number));
  const pixel = squares[0]![2]!;
  const modules = viewWidth! / pixel;
  const dark = new Set(squares.map(([x, y]) => `${x! / pixel},${y! / pixel}`));
  const size = modules * SCALE;
  const data = new Uint8ClampedArray(size * size * 4).fill(255);
  for (let y = 0; y < size; y++) {
    for (let x = 0; x < size; x++) {
      if (!dark.has(`${Math.floor(x / SCALE)},${Math.floor(y / SCALE)}`)) continue;
      const at = (y * size + x) * 4;
      data[at] = data[at + 1] = data[at + 2] = 0;
    }
  }
  const first = Math.min(...squares.flatMap(([x, y]) => [x! / pixel, y! / pixel]));
  return { text: jsQR(data, size, size)?.data ?? null, quietZone: first };
}
