import { health as copy } from '../../words/health';
import { healthPlain as plain } from './plain-words';
import type { Check } from '../../health/checks/check';
import type { HealthReport } from '../../health/run';
import { when } from '../format';

type State = 'ok' | 'failing' | 'unchecked' | 'off';

const stateOf = (check: Check): State => (!check.ok ? 'failing' : (check.state ?? 'ok'));

/** What needs the owners first: what is not working, then what was not checked, then the rest. */
const ORDER: State[] = ['failing', 'unchecked', 'off', 'ok'];

/** One check in plain words: whether it works, what that means, what to do and who to ask; the developer's words folded. */
function HealthCheck({ check }: { check: Check }) {
  const state = stateOf(check);
  const words = plain.checks[check.name] ?? plain.unknown;
  const said =
    state === 'failing'
      ? words.failing
      : state === 'unchecked'
        ? plain.unchecked
        : state === 'off'
          ? (words.off ?? words.working)
          : words.working;
  return (
    <li className={`desk-card desk-health-check desk-health-${state}`}>
      <div className="desk-health-top">
        <h2 className="desk-health-name">{copy.names[check.name] ?? check.name}</h2>
        <span className={`desk-state desk-health-state-${state}`}>{plain.states[state]}</span>
      </div>
      <p className="desk-health-said">{said}</p>
      {state === 'failing' ? (
        <>
          <p className="desk-health-said">
            <strong>{plain.whatToDo}</strong> {words.todo}
          </p>
          <p className="desk-health-said">
            <strong>{plain.whoToAsk}</strong> {plain.ask}
          </p>
        </>
      ) : null}
      <details className="desk-health-details">
        <summary>{plain.details}</summary>
        <p>{check.detail}</p>
        <p className="desk-meta">{plain.checkName(check.name)}</p>
      </details>
    </li>
  );
}

/** The self-check's last result: each part of the site, whether it works, and what to do when it does not. */
export function HealthPage({ report }: { report: HealthReport | null }) {
  const checks = report ? ORDER.flatMap((state) => report.checks.filter((c) => stateOf(c) === state)) : [];
  const failing = checks.filter((c) => stateOf(c) === 'failing').length;
  const notChecked = checks.filter((c) => stateOf(c) === 'unchecked').length;
  return (
    <>
      <h1 className="desk-title">{copy.title}</h1>
      <p className="desk-meta">{copy.intro}</p>
      {report === null ? (
        <p className="desk-empty">{copy.notYet}</p>
      ) : (
        <>
          <p className="desk-meta">
            <time dateTime={report.checkedAt}>{copy.checkedAt(when(report.checkedAt))}</time>
            {' · '}
            {failing > 0 ? plain.failingCount(failing) : plain.allOk}
            {notChecked > 0 ? ` ${plain.uncheckedCount(notChecked)}` : null}
          </p>
          <ul className="desk-list desk-health-list">
            {checks.map((check) => (
              <HealthCheck key={check.name} check={check} />
            ))}
          </ul>
        </>
      )}
    </>
  );
}
