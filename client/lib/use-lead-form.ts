import { useRef, useState, type FormEvent } from 'react';
import { fieldsToObject, SUBMISSION_ID_FIELD } from '../../src/shared/form-fields';
import type { FormState } from '../../src/shared/form-state';
import { submissionIds, submitLead, type LeadResult } from './submit-lead';

export interface LeadFormOptions {
  /** The lead endpoint the form posts to. */
  path: string;
  /** What the server rendered: the submission id of the hidden field, and a refused plain post's messages. */
  initial: FormState;
  copy: { failed: string; rateLimited: string };
  /** Checks before sending, on the form's values by field name; returns a message per failing field. */
  check?: (values: Record<string, string>) => Record<string, string>;
  /** Sees every answer first; returns true when it dealt with it (the hook then changes nothing). */
  onAnswer?: (result: LeadResult, form: HTMLFormElement) => boolean | void;
}

/**
 * The one browser hook behind the three lead forms. On submit it reads the form itself (every field,
 * hidden ones included, named as the plain post names them), checks it, and posts it as JSON with the
 * submission id; it ignores submits while one is in flight, and maps the answer to a message beside each
 * field the server refused or one for the whole form.
 */
export function useLeadForm({ path, initial, copy, check, onAnswer }: LeadFormOptions) {
  const [errors, setErrors] = useState<Record<string, string>>(initial.errors ?? {});
  const [problem, setProblem] = useState(initial.problem ?? '');
  const [busy, setBusy] = useState(false);
  const [submissionId, setSubmissionId] = useState(initial.submissionId);
  const busyRef = useRef(false);
  const ids = useRef(submissionIds(initial.submissionId));

  async function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (busyRef.current) return;
    const form = event.currentTarget;
    const entries = [...new FormData(form)].filter(([name]) => name !== SUBMISSION_ID_FIELD);
    const values = Object.fromEntries(entries.map(([k, v]) => [k, typeof v === 'string' ? v : '']));
    const found = check?.(values) ?? {};
    const firstInvalid = entries.map(([name]) => name).find((name) => found[name]);
    if (firstInvalid) {
      setErrors(found);
      setProblem('');
      form.querySelector<HTMLElement>(`[name="${firstInvalid}"]`)?.focus();
      return;
    }
    const payload = fieldsToObject(entries);
    const id = ids.current.idFor(payload);
    setSubmissionId(id);
    busyRef.current = true;
    setBusy(true);
    setProblem('');
    const result = await submitLead(path, { ...payload, [SUBMISSION_ID_FIELD]: id });
    busyRef.current = false;
    setBusy(false);
    if (onAnswer?.(result, form)) return;
    if (result.kind === 'ok') {
      setErrors({});
    } else if (result.kind === 'invalid') {
      setErrors(result.fields);
      setProblem(entries.some(([name]) => result.fields[name]) ? '' : copy.failed);
    } else {
      setProblem(result.kind === 'rate-limited' ? copy.rateLimited : copy.failed);
    }
  }

  /** Takes a field's message away once the visitor changes it. */
  const clearError = (name: string) => setErrors((e) => (e[name] ? { ...e, [name]: '' } : e));

  /** Starts a new submission (after a sent enquiry): the next one gets a new id. */
  const reset = () => {
    const next = crypto.randomUUID();
    ids.current = submissionIds(next);
    setSubmissionId(next);
    setErrors({});
    setProblem('');
  };

  /** The form's submit handler (the answer is awaited inside; the event is handled synchronously). */
  const onSubmit = (event: FormEvent<HTMLFormElement>) => void submit(event);

  return { submissionId, errors, problem, busy, onSubmit, clearError, setErrors, setProblem, reset };
}
