import { deskSources } from './words';
import { sourcesHref } from './source-params';
import type { QuizInsight, SourceReport } from './source-report';

const copy = deskSources.quiz;

const share = (count: number, of: number) => (of > 0 ? deskSources.percent((100 * count) / of) : deskSources.noRate);

/** A count as a horizontal bar, the longest filling its box (drawn, so it needs no inline style). */
function Bar({ value, max }: { value: number; max: number }) {
  const width = max > 0 ? Math.round((1000 * value) / max) / 10 : 0;
  return (
    <svg className="sources-bar" width="100%" height="10" aria-hidden="true">
      <rect className="sources-bar-track" width="100%" height="10" rx="3" />
      <rect className="sources-bar-fill" width={`${width}%`} height="10" rx="3" />
    </svg>
  );
}

/** Labelled counts, each with its share of `of` and a bar against the largest. */
function Counts({ items, of }: { items: { label: string; count: number }[]; of: number }) {
  const max = Math.max(0, ...items.map((i) => i.count));
  return (
    <ul className="sources-counts">
      {items.map((item) => (
        <li key={item.label}>
          <span className="sources-counts-label">{item.label}</span>
          <span className="sources-counts-value">{copy.share(item.count, share(item.count, of))}</span>
          <Bar value={item.count} max={max} />
        </li>
      ))}
    </ul>
  );
}

/** Each step reached, and how many stopped there (did not reach the next), with that as a share of the step. */
function Steps({ steps }: { steps: QuizInsight['steps'] }) {
  return (
    <table className="desk-table sources-steps">
      <thead>
        <tr>
          <th scope="col">{copy.stepColumn}</th>
          <th scope="col">{copy.reached}</th>
          <th scope="col">{copy.stopped}</th>
        </tr>
      </thead>
      <tbody>
        {steps.map((s, i) => {
          const next = steps[i + 1];
          const stopped = next ? Math.max(0, s.reached - next.reached) : null;
          return (
            <tr key={s.step}>
              <th scope="row">{copy.step(s.step)}</th>
              <td>{s.reached}</td>
              <td>{stopped === null ? deskSources.noRate : copy.stoppedValue(stopped, share(stopped, s.reached))}</td>
            </tr>
          );
        })}
      </tbody>
    </table>
  );
}

/**
 * The quiz in the period, counts only: the answers chosen per question, where people stopped and the programs
 * recommended; one source's when the page is filtered to it (with the way back to all sources).
 */
export function QuizInsightSection({ report, to }: { report: SourceReport; to?: string | undefined }) {
  const { quiz, quizSource } = report;
  const answered = quiz.questions.some((q) => q.answers.some((a) => a.count > 0));
  const empty = quiz.steps.every((s) => s.reached === 0) && !answered;
  const recommended = quiz.programs.reduce((n, p) => n + p.count, 0);
  return (
    <section id="quiz" className="desk-card" aria-labelledby="quiz-insight-heading">
      <h2 id="quiz-insight-heading">{quizSource ? copy.headingFor(quizSource) : copy.heading}</h2>
      {quizSource ? (
        <p className="desk-meta">
          <a href={sourcesHref('/desk/sources', report.days, null, to)}>{copy.all}</a>
        </p>
      ) : null}
      {empty ? (
        <p className="desk-empty">{copy.none}</p>
      ) : (
        <>
          <p className="desk-meta">{copy.intro}</p>
          <h3 className="desk-subtitle">{copy.answers}</h3>
          {answered ? null : <p className="desk-meta">{copy.noAnswers}</p>}
          {(answered ? quiz.questions : []).map((q) => (
            <div key={q.question} className="sources-question">
              <h4>{q.question}</h4>
              <Counts
                items={q.answers.map((a) => ({ label: a.answer, count: a.count }))}
                of={q.answers.reduce((n, a) => n + a.count, 0)}
              />
            </div>
          ))}
          <h3 className="desk-subtitle">{copy.steps}</h3>
          <Steps steps={quiz.steps} />
          <h3 className="desk-subtitle">{copy.programs}</h3>
          {recommended > 0 ? (
            <Counts items={quiz.programs.map((p) => ({ label: p.program, count: p.count }))} of={recommended} />
          ) : (
            <p className="desk-meta">{copy.noPrograms}</p>
          )}
        </>
      )}
    </section>
  );
}
