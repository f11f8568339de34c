import { site } from './words/site';

/** schema.org ProfilePage describing the coach, with her social profiles (the published links) as sameAs. */
export function profileJsonLd(
  siteUrl: string,
  pageUrl: string,
  social: readonly { href: string }[] = site.social,
): object {
  return {
    '@context': 'https://schema.org',
    '@type': 'ProfilePage',
    url: pageUrl,
    name: site.siteName,
    mainEntity: {
      '@type': 'Person',
      name: site.brand,
      description: site.description,
      jobTitle: site.tagline,
      url: siteUrl,
      image: `${siteUrl}${site.about.image}`,
      sameAs: social.map((s) => s.href),
    },
  };
}

/** The pages a search engine should know, in the order the sitemap lists them. */
export const INDEXED_PATHS = ['/', '/quiz', '/privacy'] as const;

/** robots.txt: everything may be crawled except the owners' desk; the sitemap is named. */
export function robotsTxt(siteUrl: string): string {
  return `User-agent: *\nAllow: /\nDisallow: /desk\n\nSitemap: ${siteUrl}/sitemap.xml\n`;
}

/** The sitemap (sitemaps.org 0.9) of the indexed pages, at the site's own address. */
export function sitemapXml(siteUrl: string): string {
  const urls = INDEXED_PATHS.map((path) => `  <url><loc>${siteUrl}${path}</loc></url>`).join('\n');
  return `<?xml version="1.0" encoding="UTF-8"?>\n<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">\n${urls}\n</urlset>\n`;
}

/** The web app manifest: the name a phone shows under the icon, the site's colours and its icons. */
export function webManifest(): object {
  return {
    name: site.siteName,
    short_name: site.brand,
    description: site.description,
    start_url: '/',
    scope: '/',
    display: 'browser',
    theme_color: site.theme.teal,
    background_color: site.theme.paper,
    icons: [
      { src: '/icon-192.png', sizes: '192x192', type: 'image/png', purpose: 'any maskable' },
      { src: '/icon-512.png', sizes: '512x512', type: 'image/png', purpose: 'any maskable' },
      { src: '/favicon.svg', sizes: 'any', type: 'image/svg+xml' },
    ],
  };
}
