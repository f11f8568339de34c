import { health as copy } from '../../content/health';
import type { HealthReport } from '../../health/run';
import { when } from './format';

/** The self-check's last result: each check, whether it works, and what to do when it does not. */
export function HealthPage({ report }: { report: HealthReport | null }) {
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
            {report.ok ? ` · ${copy.allOk}` : null}
          </p>
          <ul className="desk-list">
            {report.checks.map((check) => (
              <li key={check.name} className="desk-card desk-check">
                <p className="desk-item-top">
                  <strong>{copy.names[check.name] ?? check.name}</strong>
                  <span className={`desk-state desk-state-${check.ok ? 'sent' : 'failed'}`}>
                    {check.ok ? copy.ok : copy.failing}
                  </span>
                </p>
                <p className={check.ok ? 'desk-meta' : 'desk-message-error'}>{check.detail}</p>
              </li>
            ))}
          </ul>
        </>
      )}
    </>
  );
}
