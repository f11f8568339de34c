import type { Context, MiddlewareHandler } from 'hono';
import { NONCE, secureHeaders } from 'hono/secure-headers';
import { readConfig, type Env } from '../env';

const TURNSTILE_ORIGIN = 'https://challenges.cloudflare.com';
/** Turnstile's script and frame are allowed only on a site that has Turnstile configured (otherwise no source). */
const turnstileSource = (c: Context) => (readConfig(c.env as Env).turnstile.enabled ? TURNSTILE_ORIGIN : '');

/**
 * Security headers on every Worker response, with a per-request CSP nonce for
 * the page's scripts. Images are all served from this origin (YouTube
 * thumbnails go through /thumbs), so img-src is 'self'. Frames: the YouTube
 * (privacy-enhanced) player and the podcast player, plus Turnstile when on.
 * Referrer-Policy is strict-origin-when-cross-origin, not no-referrer: YouTube
 * embeds refuse to play without a Referer (error 153). A response that sets a Content-Security-Policy of its own
 * (a stricter one, such as a QR code's SVG document) keeps it.
 *
 * @example app.use('*', securityHeaders())
 */
export function securityHeaders(): MiddlewareHandler {
  const headers = siteHeaders();
  return async function securityHeadersMiddleware(c, next) {
    let own: string | null = null;
    await headers(c, async () => {
      await next();
      own = c.res.headers.get('Content-Security-Policy');
    });
    if (own) c.res.headers.set('Content-Security-Policy', own);
  };
}

function siteHeaders(): MiddlewareHandler {
  return secureHeaders({
    contentSecurityPolicy: {
      defaultSrc: ["'self'"],
      scriptSrc: ["'self'", NONCE, turnstileSource],
      styleSrc: ["'self'"],
      imgSrc: ["'self'"],
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
