/**
 * A store that could not take the write: the message is safe to log (never holds
 * a credential). `permanent` marks a refusal retrying cannot fix (the store
 * answered that the write itself is invalid or not allowed), as opposed to the
 * store being down or slow.
 */
export class LeadStoreError extends Error {
  override name = 'LeadStoreError';
  readonly permanent: boolean;

  constructor(message: string, options?: { cause?: unknown; permanent?: boolean }) {
    super(message, options);
    this.permanent = options?.permanent ?? false;
  }
}
