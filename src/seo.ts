import { site } from './content/site';

/** schema.org ProfilePage describing the coach, with her social profiles as sameAs. */
export function profileJsonLd(siteUrl: string, pageUrl: string): object {
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
      sameAs: site.social.map((s) => s.href),
    },
  };
}
