import { QUIZ_STEPS, site } from '../../src/content/site';
import { consentCopy } from '../../src/content/privacy';
import { Island } from '../islands/island';
import QuizWizard from '../islands/quiz-wizard';
import { SiteHeader } from '../sections/site-header';

/** The quiz screen: a half-width image beside the four-step wizard. */
export function QuizPage() {
  const { quiz, forms } = site;
  return (
    <>
      <SiteHeader />
      <main id="main" className="quiz-screen">
        <div className="quiz-art">
          <img src={quiz.image} alt={quiz.imageAlt} width="720" height="900" fetchPriority="high" />
        </div>
        <div className="quiz-panel">
          <Island
            name="QuizWizard"
            component={QuizWizard}
            load="eager"
            props={{
              steps: QUIZ_STEPS,
              contact: {
                title: quiz.contactTitle,
                intro: quiz.contactIntro,
                submit: quiz.submit,
                submitting: forms.submitting,
                invalidEmail: forms.invalidEmail,
                failed: forms.failed,
                rateLimited: forms.rateLimited,
                consent: consentCopy('quiz'),
              },
            }}
          />
        </div>
      </main>
    </>
  );
}
