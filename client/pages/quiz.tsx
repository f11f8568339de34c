import { site } from '../../src/content/site';
import { SiteHeader } from '../sections/site-header';

/** The quiz screen: a half-width image beside the wizard area. */
export function QuizPage() {
  return (
    <>
      <SiteHeader />
      <main id="main" className="quiz-screen">
        <div className="quiz-art">
          <img src={site.quiz.image} alt={site.quiz.imageAlt} width="720" height="900" fetchPriority="high" />
        </div>
        <div className="quiz-panel">
          <div className="quiz-wizard" id="quiz-wizard">
            <h1>Step 1 of 4</h1>
          </div>
        </div>
      </main>
    </>
  );
}
