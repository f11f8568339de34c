import { desk } from '../../words/desk';
import { contactOf } from '../../store/leads/lead';
import { CORRECTABLE } from '../../store/leads/correction';
import type { LeadRecord } from '../../store/leads/listing';
import { when } from '../format';
import { TextField } from '../form-parts';

/** What a refused correction showed: the values typed and the message by each field. */
export interface CorrectionState {
  values: Record<string, string>;
  errors: Record<string, string>;
}

/**
 * The correction form of a lead: its kind's contact fields, filled with the stored values (or with what was
 * typed when a correction was refused), and who last corrected which fields. Closed unless it has errors.
 */
export function Correction({ lead, base, state }: { lead: LeadRecord; base: string; state?: CorrectionState }) {
  const stored = storedValues(lead);
  const { corrected, correctedBy, correctedAt } = lead.desk;
  return (
    <details className="desk-card desk-correct" open={Boolean(state)}>
      <summary>
        <h2>{desk.lead.correct}</h2>
      </summary>
      {state ? (
        <p className="desk-message-error" role="alert">
          {desk.lead.checkCorrection}
        </p>
      ) : null}
      <form method="post" action={`${base}/correct`} noValidate>
        {CORRECTABLE[lead.kind].map((field) => {
          return (
            <TextField
              key={field}
              id={`correct-${field}`}
              label={desk.lead.correctFields[field] ?? field}
              name={field}
              type={field === 'email' ? 'email' : field === 'phone' ? 'tel' : 'text'}
              defaultValue={state?.values[field] ?? stored[field] ?? ''}
              error={state?.errors[field]}
            />
          );
        })}
        <p className="desk-meta">
          {corrected?.length && correctedBy
            ? desk.lead.correctedBy(
                corrected.map((f) => desk.lead.correctFields[f] ?? f).join(', '),
                correctedBy,
                when(correctedAt),
              )
            : desk.lead.correctHint}
        </p>
        <button type="submit" className="btn btn-cta">
          {desk.lead.saveCorrection}
        </button>
      </form>
    </details>
  );
}

function storedValues(lead: LeadRecord): Record<string, string> {
  if (lead.kind === 'quiz') return { ...lead.contact };
  return { ...contactOf(lead) };
}
