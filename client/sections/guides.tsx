import { site } from '../../src/words/site';
import { guideBlock } from '../../src/words/guides/block';
import { consentCopy } from '../../src/words/privacy';
import type { FormState } from '../../src/shared/lead-rules';
import type { GuideContent } from '../../src/shared/site-content';
import { Island } from '../islands/island';
import GuideForm from '../islands/guide-form';
import { useSiteContent } from '../site-content';

/** Where a guide's form is: its own section on the landing page, or the compact offer after the quiz's result. */
export type GuidePlace = 'page' | 'quiz';

/** The guides' forms' state: a refused or accepted plain post (its `values.guide` names the guide), and fresh ids. */
export interface GuideForms {
  state?: FormState | undefined;
  /** A new submission id for the form of `key` (`page-<slug>`, `quiz-<slug>`). */
  idFor(key: string): string;
}

/** The guides visitors are offered: those the owners show that have their PDF. */
export const offeredGuides = (guides: readonly GuideContent[]) => guides.filter((g) => g.shown && g.file);

/** The form state of one guide's form: the posted one's when it names this guide (or no guide it offers). */
function stateOf(forms: GuideForms, place: GuidePlace, slug: string, offered: readonly GuideContent[]): FormState {
  const { state } = forms;
  const posted = state?.values?.guide;
  const known = offered.some((g) => g.slug === posted);
  const mine = place === 'page' && state && (posted === slug || (!known && offered[0]?.slug === slug));
  return mine ? state : { submissionId: forms.idFor(`${place}-${slug}`) };
}

interface OfferProps {
  guide: GuideContent;
  place: GuidePlace;
  forms: GuideForms;
  offered: readonly GuideContent[];
}

function GuideOffer({ guide, place, forms, offered }: OfferProps) {
  const idPrefix = `${place === 'page' ? 'guide' : 'quiz-guide'}-${guide.slug}`;
  const Title = place === 'page' ? 'h3' : 'h4';
  return (
    <li className={`card guide-card guide-card-${place}`}>
      {guide.cover ? (
        <img className="guide-cover" src={guide.cover} alt={guide.coverAlt} width={120} height={160} loading="lazy" />
      ) : null}
      <div className="guide-body">
        <p className="guide-badge">{guideBlock.free}</p>
        <Title className="guide-title">{guide.title}</Title>
        <p className="guide-promise">{guide.promise}</p>
        <Island
          name="GuideForm"
          component={GuideForm}
          load="visible"
          later={place === 'page' ? 'near' : undefined}
          props={{
            copy: {
              label: guideBlock.label(guide.title),
              placeholder: guideBlock.placeholder,
              submit: guideBlock.submit,
              done: guideBlock.done,
              success: guideBlock.success,
              submitting: site.forms.submitting,
              invalidEmail: site.forms.invalidEmail,
              failed: site.forms.failed,
              rateLimited: site.forms.rateLimited,
              consent: consentCopy('newsletter'),
            },
            guide: guide.slug,
            idPrefix,
            form: stateOf(forms, place, guide.slug, offered),
          }}
        />
      </div>
    </li>
  );
}

/**
 * The guides the owners offer, each with its form, at one place: "Get the free guide", a section of its own after the
 * newsletter's (`page`), or the compact offer under the quiz's result, for a visitor not ready to book (`quiz`).
 * Nothing when the owners offer none.
 */
export function Guides({ place, forms }: { place: GuidePlace; forms: GuideForms }) {
  const guides = offeredGuides(useSiteContent().guides);
  if (guides.length === 0) return null;
  const list = (
    <ul className="guide-list">
      {guides.map((guide) => (
        <GuideOffer key={guide.slug} guide={guide} place={place} forms={forms} offered={guides} />
      ))}
    </ul>
  );
  if (place === 'quiz') {
    return (
      <div className="guides-after-quiz" role="region" aria-labelledby="guides-after-quiz-title">
        <h3 id="guides-after-quiz-title">{guideBlock.afterQuiz}</h3>
        {list}
      </div>
    );
  }
  return (
    <section id="guides" className="section guides" aria-labelledby="guides-title">
      <div className="container">
        <header className="section-head">
          <h2 id="guides-title">{guideBlock.heading}</h2>
          <p>{guideBlock.intro}</p>
        </header>
        {list}
      </div>
    </section>
  );
}
