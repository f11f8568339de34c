/** The bucket of requests that arrive without CF-Connecting-IP: they share one limit, never none. */
export const UNKNOWN_CLIENT = 'unknown-client';

/**
 * The rate-limit key of a client address. An IPv4 address counts alone; an
 * IPv6 address counts by its /64, because one subscriber is usually given a
 * whole /64 and can pick a fresh address from it for every request. Anything
 * that is not an address falls into the shared UNKNOWN_CLIENT bucket.
 *
 * @example clientKey('2001:db8:1:2::7') // 'v6:2001:db8:1:2'
 */
export function clientKey(header: string | undefined | null): string {
  const ip = header?.trim() ?? '';
  if (/^\d{1,3}(\.\d{1,3}){3}$/.test(ip)) return `v4:${ip}`;
  const prefix = ip.includes(':') ? ipv6Prefix64(ip) : null;
  return prefix ? `v6:${prefix}` : UNKNOWN_CLIENT;
}

/** The first four 16-bit groups of an IPv6 address, normalised (lower case, no leading zeros). */
function ipv6Prefix64(address: string): string | null {
  let text = address.toLowerCase().replace(/%.*$/, '');
  // An embedded IPv4 tail (::ffff:1.2.3.4) becomes two hex groups.
  const v4 = /(\d{1,3})\.(\d{1,3})\.(\d{1,3})\.(\d{1,3})$/.exec(text);
  if (v4) {
    const [a, b, c, d] = v4.slice(1).map(Number) as [number, number, number, number];
    if ([a, b, c, d].some((n) => n > 255)) return null;
    text = text.slice(0, v4.index) + `${((a << 8) | b).toString(16)}:${((c << 8) | d).toString(16)}`;
  }
  if (!/^[0-9a-f:]+$/.test(text) || (text.match(/::/g) ?? []).length > 1) return null;
  const [head = '', tail] = text.split('::');
  const left = head === '' ? [] : head.split(':');
  const right = tail === undefined || tail === '' ? [] : tail.split(':');
  const missing = 8 - left.length - right.length;
  if (tail === undefined ? missing !== 0 : missing < 1) return null;
  const groups = [...left, ...Array<string>(tail === undefined ? 0 : missing).fill('0'), ...right];
  if (groups.some((g) => !/^[0-9a-f]{1,4}$/.test(g))) return null;
  return groups
    .slice(0, 4)
    .map((g) => g.replace(/^0+(?=.)/, ''))
    .join(':');
}
