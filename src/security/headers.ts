import type { Context, MiddlewareHandler } from 'hono';
import { NONCE, secureHeaders } from 'hono/secure-headers';
import { podcastFeed, readConfig, type Env } from '../env';

const TURNSTILE_ORIGIN = 'https://challenges.cloudflare.com';
/** Turnstile's script and frame are allowed only on a site that has Turnstile configured (otherwise no source). */
const turnstileSource = (c: Context) => (readConfig(c.env as Env).turnstile.enabled ? TURNSTILE_ORIGIN : '');
/**
 * With a podcast feed set, its episodes play in the site's own <audio> from their enclosures: any https host,
 * since enclosures pass through measurement prefixes and CDNs that redirect from host to host (and each hop must
 * match). In development also the feed's own http origin (the local stand-in serves its audio).
 */
const podcastMedia = (c: Context) => {
  const { podcastUrl, podcastAllowsHttp } = podcastFeed(c.env as Env);
  if (!podcastUrl) return '';
  const origin = new URL(podcastUrl).origin;
  return podcastAllowsHttp && origin.startsWith('http:') ? `https: ${origin}` : 'https:';
};

/**
 * Security headers on every Worker response, with a per-request CSP nonce for
 * the page's scripts. Images are all served from this origin (YouTube
 * thumbnails go through /thumbs), so img-src is 'self'. Frames: the YouTube
 * (privacy-enhanced) player and the podcast player, plus Turnstile when on.
 * Referrer-Policy is strict-origin-when-cross-origin, not no-referrer: YouTube
 * embeds refuse to play without a Referer (error 153). A response that sets a header itself keeps it (overwrite:
 * false): the desk's attachments carry their own, stricter policy (src/desk/media/route.ts).
 *
 * @example app.use('*', securityHeaders())
 */
export function securityHeaders(): MiddlewareHandler {
  return secureHeaders({
    overwrite: false,
    contentSecurityPolicy: {
      defaultSrc: ["'self'"],
      scriptSrc: ["'self'", NONCE, turnstileSource],
      styleSrc: ["'self'"],
      imgSrc: ["'self'"],
      // The desk plays visitors' voice notes and videos from /desk/media; the Listen section, podcast episodes.
      mediaSrc: ["'self'", podcastMedia],
      fontSrc: ["'self'"],
      connectSrc: ["'self'"],
      frameSrc: ['https://www.youtube-nocookie.com', 'https://open.spotify.com', turnstileSource],
      objectSrc: ["'none'"],
      baseUri: ["'none'"],
      formAction: ["'self'"],
      frameAncestors: ["'none'"],
    },
    strictTransportSecurity: 'max-age=31536000; includeSubDomains',
    referrerPolicy: 'strict-origin-when-cross-origin',
    xFrameOptions: 'DENY',
    crossOriginEmbedderPolicy: false,
    permissionsPolicy: {
      camera: [],
      microphone: [],
      geolocation: [],
      payment: [],
      usb: [],
      // The players may go fullscreen and autoplay after the visitor presses play.
      fullscreen: ['self', 'https://www.youtube-nocookie.com', 'https://open.spotify.com'],
      autoplay: ['self', 'https://www.youtube-nocookie.com', 'https://open.spotify.com'],
    },
  });
}
