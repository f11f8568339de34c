/**
 * The spam trap every lead form carries: a field people never see or reach, so
 * only bots fill it. Forms read it with honeypotValue() and send it as `website`;
 * the API drops submissions where it is not empty.
 */
export function Honeypot() {
  return (
    <div className="honeypot" aria-hidden="true">
      <label>
        Website
        <input type="text" name="website" tabIndex={-1} autoComplete="off" defaultValue="" />
      </label>
    </div>
  );
}

export function honeypotValue(form: HTMLFormElement): string {
  const value = new FormData(form).get('website');
  return typeof value === 'string' ? value : '';
}
