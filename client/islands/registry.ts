import type { ComponentType } from 'react';

type Loader = () => Promise<{ default: ComponentType<never> }>;

/**
 * Every island the browser can hydrate, by the name used in `<Island name>`.
 * Each is a separate chunk, fetched only when a page contains it.
 */
export const islands: Record<string, Loader> = {
  EnquiryModal: () => import('./enquiry-modal'),
  NewsletterForm: () => import('./newsletter-form'),
  GuideForm: () => import('./guide-form'),
  QuizWizard: () => import('./quiz-wizard'),
  PodcastPlayer: () => import('./podcast-player'),
  ResourceTabs: () => import('./resource-tabs'),
  LatestVideos: () => import('./latest-videos'),
  QuizResult: () => import('./quiz-result'),
};
