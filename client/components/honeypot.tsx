import { HONEYPOT_FIELD } from '../../src/shared/lead-rules';

/**
 * The spam trap every lead form carries (rendered by LeadForm): a field people never see or reach,
 * so only bots fill it. It is sent as HONEYPOT_FIELD; the API drops submissions where it is not empty.
 */
export function Honeypot() {
  return (
    <div className="honeypot" aria-hidden="true">
      <label>
        Website
        <input type="text" name={HONEYPOT_FIELD} tabIndex={-1} autoComplete="off" defaultValue="" />
      </label>
    </div>
  );
}
