import { QUIZ_STEPS, site } from '../../src/words/site';
import { consent, consentCopy } from '../../src/words/privacy';
import type { FormState } from '../../src/shared/lead-rules';
import { Island } from '../islands/island';
import QuizWizard from '../islands/quiz-wizard';
import { QuizArt } from '../components/art';
import { SiteHeader } from '../layout/site-header';
import { ViewRead } from '../layout/view-read';
import { useSiteContent } from '../site-content';

export interface QuizPageProps {
  /** The step shown (0–3) and the answers so far: the quiz works as plain forms, one page per step. */
  step: number;
  answers: Record<string, string>;
  /** The contact form's submission id, and a refused plain post's values and messages. */
  form: FormState;
  /** Whether the result is emailed (RESULT_EMAIL_FROM): the contact step promises only what the site does. */
  resultByEmail: boolean;
}

/** The quiz screen: a half-width image beside the four-step wizard. */
export function QuizPage({ step, answers, form, resultByEmail }: QuizPageProps) {
  const { quiz: words } = useSiteContent();
  const { quiz, forms } = site;
  return (
    <>
      <SiteHeader />
      <main id="main" className="quiz-screen">
        <QuizArt label={quiz.imageAlt} />
        <div className="quiz-panel">
          <Island
            name="QuizWizard"
            component={QuizWizard}
            load="touch"
            props={{
              steps: QUIZ_STEPS,
              contact: {
                title: words.contactTitle,
                intro: resultByEmail ? words.contactIntro : words.contactIntroNoEmail,
                submit: quiz.submit,
                submitting: forms.submitting,
                invalidEmail: forms.invalidEmail,
                required: forms.required,
                failed: forms.failed,
                rateLimited: forms.rateLimited,
                consent: consentCopy('quiz'),
                newsletter: { label: quiz.newsletterLabel, ...consent.quizNewsletter },
                labels: forms.labels,
              },
              initial: { step, answers, form },
            }}
          />
        </div>
      </main>
      <ViewRead />
    </>
  );
}
