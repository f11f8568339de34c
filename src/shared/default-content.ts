/**
 * The content a fresh site shows: today's values from src/words, in the shape the owners edit. Until the first
 * publish every page renders from this, so a fresh site looks exactly as the code describes it.
 */
import { recommendations } from '../words/recommendations';
import { site } from '../words/site';
import type { SiteContent } from './site-content';

export function defaultContent(): SiteContent {
  const { hero, about, programs, resources, listen, newsletter, enquiry, footer, quiz } = site;
  return {
    hero: {
      eyebrow: hero.eyebrow,
      headline: hero.headline,
      lede: hero.lede,
      cta: hero.cta,
      imageAlt: hero.imageAlt,
    },
    about: {
      heading: about.heading,
      paragraphs: [...about.paragraphs],
      highlights: [...about.highlights],
      cta: about.cta,
      imageAlt: about.imageAlt,
    },
    programsSection: { heading: programs.heading, intro: programs.intro, cta: programs.cta },
    resources: { heading: resources.heading, intro: resources.intro },
    listen: {
      heading: listen.heading,
      intro: listen.intro,
      featuredMeta: listen.featuredMeta,
      explore: listen.explore,
      showUrl: listen.showUrl,
    },
    newsletter: {
      heading: newsletter.heading,
      intro: newsletter.intro,
      benefits: newsletter.benefits.map((b) => ({ ...b })),
    },
    enquiry: { heading: enquiry.heading, intro: enquiry.intro, sent: enquiry.sent },
    footer: { blurb: footer.blurb },
    quiz: {
      contactTitle: quiz.contactTitle,
      contactIntro: quiz.contactIntro,
      contactIntroNoEmail: quiz.contactIntroNoEmail,
    },
    programs: programs.cards.map((card) => ({
      slug: card.slug,
      title: card.title,
      summary: card.description,
      description: '',
      points: [...card.points],
      link: '',
      reason: recommendations.reasons[card.slug as keyof typeof recommendations.reasons],
      recommendedBy: {
        stage: [...card.recommendedBy.stage],
        area: [...card.recommendedBy.area],
        age: [...card.recommendedBy.age],
      },
    })),
    testimonials: [],
    talks: [],
    social: site.social.map((s) => ({ ...s })),
    episodes: site.episodes.map((e) => ({ ...e, tags: [...e.tags] })),
    // A guide needs its PDF, which only the owners can upload: a fresh site offers none.
    guides: [],
  };
}
