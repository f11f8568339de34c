// Real, tiny media files the Graph stand-ins serve for media ids, built in plain JavaScript (no zlib, no
// encoder) so the workerd tests and the Node stand-in share them: a PNG a browser decodes (naturalWidth > 0)
// and an Ogg Opus voice note (as WhatsApp records them) a browser plays: one second of Opus silence frames.

const CRC_TABLE = Array.from({ length: 256 }, (_, n) => {
  let c = n;
  for (let k = 0; k < 8; k++) c = c & 1 ? 0xedb88320 ^ (c >>> 1) : c >>> 1;
  return c >>> 0;
});

function crc32(bytes) {
  let c = 0xffffffff;
  for (const b of bytes) c = CRC_TABLE[(c ^ b) & 0xff] ^ (c >>> 8);
  return (c ^ 0xffffffff) >>> 0;
}

const concat = (parts) => {
  const out = new Uint8Array(parts.reduce((n, p) => n + p.length, 0));
  let at = 0;
  for (const p of parts) {
    out.set(p, at);
    at += p.length;
  }
  return out;
};
const u32be = (n) => new Uint8Array([n >>> 24, (n >>> 16) & 255, (n >>> 8) & 255, n & 255]);
const ascii = (s) => new Uint8Array([...s].map((ch) => ch.charCodeAt(0)));

/** A `width` × `height` PNG of one colour (RGB), its pixels in a zlib stream of stored (uncompressed) blocks. */
export function tinyPng(width = 8, height = 8, rgb = [200, 60, 40]) {
  const raw = concat(
    Array.from({ length: height }, () => new Uint8Array([0, ...Array.from({ length: width }, () => rgb).flat()])),
  );
  let a = 1;
  let b = 0;
  for (const byte of raw) {
    a = (a + byte) % 65521;
    b = (b + a) % 65521;
  }
  const len = raw.length;
  const zlib = concat([
    new Uint8Array([0x78, 0x01, 0x01, len & 255, len >>> 8, ~len & 255, (~len >>> 8) & 255]),
    raw,
    u32be(((b << 16) | a) >>> 0),
  ]);
  const chunk = (type, data) =>
    concat([u32be(data.length), ascii(type), data, u32be(crc32(concat([ascii(type), data])))]);
  const header = concat([u32be(width), u32be(height), new Uint8Array([8, 2, 0, 0, 0])]);
  return concat([
    new Uint8Array([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    chunk('IHDR', header),
    chunk('IDAT', zlib),
    chunk('IEND', new Uint8Array()),
  ]);
}

// Ogg's CRC: polynomial 0x04c11db7, not reflected, initial 0.
const OGG_TABLE = Array.from({ length: 256 }, (_, n) => {
  let c = n << 24;
  for (let k = 0; k < 8; k++) c = c & 0x80000000 ? (c << 1) ^ 0x04c11db7 : c << 1;
  return c >>> 0;
});

function oggPage(packets, { granule, serial, sequence, flags }) {
  const lacing = packets.flatMap((p) => [...Array(Math.floor(p.length / 255)).fill(255), p.length % 255]);
  const header = new Uint8Array(27 + lacing.length);
  const view = new DataView(header.buffer);
  header.set(ascii('OggS'));
  header[5] = flags;
  view.setBigUint64(6, BigInt(granule), true);
  view.setUint32(14, serial, true);
  view.setUint32(18, sequence, true);
  header[26] = lacing.length;
  header.set(lacing, 27);
  const page = concat([header, ...packets]);
  let c = 0;
  for (const byte of page) c = ((c << 8) ^ OGG_TABLE[((c >>> 24) ^ byte) & 0xff]) >>> 0;
  new DataView(page.buffer).setUint32(22, c, true);
  return page;
}

/** One second of silence as Ogg Opus (mono, 48 kHz): 50 CELT silence frames of 20 ms each. */
export function voiceNoteOgg() {
  const serial = 0x51a7e;
  const preSkip = 312;
  const head = new Uint8Array(19);
  head.set(ascii('OpusHead'));
  const hv = new DataView(head.buffer);
  head[8] = 1;
  head[9] = 1;
  hv.setUint16(10, preSkip, true);
  hv.setUint32(12, 48000, true);
  const vendor = ascii('standin');
  const tags = concat([ascii('OpusTags'), new Uint8Array([vendor.length, 0, 0, 0]), vendor, new Uint8Array(4)]);
  const frames = Array.from({ length: 50 }, () => new Uint8Array([0xf8, 0xff, 0xfe]));
  return concat([
    oggPage([head], { granule: 0, serial, sequence: 0, flags: 2 }),
    oggPage([tags], { granule: 0, serial, sequence: 1, flags: 0 }),
    oggPage(frames, { granule: 50 * 960 + preSkip, serial, sequence: 2, flags: 4 }),
  ]);
}
