import { contentChanges as say } from '../../words/site-content/content-changes';
import type { ContentChange } from '../../shared/content-changes';

/**
 * A list of changes (the draft's, or a version's): each line, then the items it added or removed by name, and
 * each edited field's words before and after.
 */
export function ChangeList({ changes }: { changes: readonly ContentChange[] }) {
  return (
    <ul className="desk-content-changes">
      {changes.map((change, n) => (
        <li key={`${n}-${change.line}`}>
          {change.line}
          {change.names?.length ? (
            <ul className="desk-content-names">
              {change.names.map((name, k) => (
                <li key={k}>“{name}”</li>
              ))}
            </ul>
          ) : null}
          {change.edits?.length ? (
            <dl className="desk-content-edits">
              {change.edits.map((edit, k) => (
                <div key={k} className="desk-content-edit">
                  <dt>{edit.what}</dt>
                  <dd className="desk-content-before">
                    <span className="desk-content-when">{say.before}</span> <del>{edit.before}</del>
                  </dd>
                  <dd className="desk-content-after">
                    <span className="desk-content-when">{say.after}</span> <ins>{edit.after}</ins>
                  </dd>
                </div>
              ))}
            </dl>
          ) : null}
        </li>
      ))}
    </ul>
  );
}
