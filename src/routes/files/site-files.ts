import { Hono } from 'hono';
import { type Env, readConfig } from '../../env';
import { robotsTxt, sitemapXml, webManifest } from '../../seo';

/** What crawlers and browsers ask every site for, written from the site's content and its SITE_URL. */
export const siteFiles = new Hono<{ Bindings: Env }>();

const CACHE = { 'Cache-Control': 'public, max-age=3600' };

siteFiles.get('/robots.txt', (c) => c.text(robotsTxt(readConfig(c.env).site.url), 200, CACHE));

siteFiles.get('/sitemap.xml', (c) =>
  c.body(sitemapXml(readConfig(c.env).site.url), 200, { ...CACHE, 'Content-Type': 'application/xml; charset=utf-8' }),
);

siteFiles.get('/manifest.webmanifest', (c) =>
  c.body(JSON.stringify(webManifest()), 200, { ...CACHE, 'Content-Type': 'application/manifest+json' }),
);
