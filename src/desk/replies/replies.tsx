import { deskReplies as copy } from './words';
import { MAX_SAVED_REPLIES, type SavedReply } from './saved-replies';
import { when } from '../format';

/** A refused form: which one (`add`, or the id of the reply being edited), what was typed and why by the field. */
export interface RefusedReply {
  form: 'add' | string;
  values: { title?: string; text?: string };
  errors: { title?: string; text?: string; form?: string };
}

/** /desk/replies: the saved replies, each with its edit and remove forms, then the form that adds one. */
export function RepliesPage({ replies, refused }: { replies: SavedReply[]; refused?: RefusedReply }) {
  const adding = refused?.form === 'add' ? refused : undefined;
  return (
    <>
      <h1 className="desk-title">{copy.title}</h1>
      <p className="desk-meta">{copy.intro}</p>
      <p className="desk-meta">{copy.count(replies.length, MAX_SAVED_REPLIES)}</p>
      {replies.length === 0 ? <p className="desk-empty">{copy.empty}</p> : null}
      <ul className="desk-list desk-saved-replies">
        {replies.map((r) => (
          <SavedReplyItem key={r.id} reply={r} {...(refused?.form === r.id && { refused })} />
        ))}
      </ul>
      <section className="desk-card" aria-labelledby="add-reply-heading">
        <h2 id="add-reply-heading">{copy.addHeading}</h2>
        <form method="post" action="/desk/replies" className="desk-saved-reply-form">
          {adding?.errors.form ? (
            <p className="desk-field-error" role="alert">
              {adding.errors.form}
            </p>
          ) : null}
          <ReplyFields idPrefix="new-reply" values={adding?.values ?? {}} errors={adding?.errors ?? {}} />
          <button type="submit" className="btn btn-cta">
            {copy.add}
          </button>
        </form>
      </section>
    </>
  );
}

function SavedReplyItem({ reply, refused }: { reply: SavedReply; refused?: RefusedReply }) {
  const edited = reply.updatedAt !== reply.createdAt;
  return (
    <li className="desk-item desk-saved-reply">
      <h2 className="desk-item-name">{reply.title}</h2>
      <p className="desk-bubble-text">{reply.text}</p>
      <p className="desk-meta">
        {copy.added(reply.createdBy, when(reply.createdAt))}
        {edited ? ` · ${copy.edited(reply.updatedBy, when(reply.updatedAt))}` : ''}
      </p>
      <details open={refused ? true : undefined}>
        <summary>{copy.edit}</summary>
        <form method="post" action={`/desk/replies/${reply.id}`} className="desk-saved-reply-form">
          <ReplyFields
            idPrefix={`reply-${reply.id}`}
            values={refused?.values ?? { title: reply.title, text: reply.text }}
            errors={refused?.errors ?? {}}
          />
          <button type="submit" className="btn">
            {copy.save}
          </button>
        </form>
      </details>
      <form method="post" action={`/desk/replies/${reply.id}/delete`} className="desk-resend">
        <button type="submit" className="btn" aria-label={`${copy.remove}: ${reply.title}`}>
          {copy.remove}
        </button>
      </form>
    </li>
  );
}

function ReplyFields(props: {
  idPrefix: string;
  values: { title?: string; text?: string };
  errors: { title?: string; text?: string };
}) {
  const { idPrefix: id, values, errors } = props;
  return (
    <>
      {(['title', 'text'] as const).map((field) => {
        const control = {
          id: `${id}-${field}`,
          name: field,
          defaultValue: values[field] ?? '',
          maxLength: field === 'title' ? 60 : 1000,
          required: true,
          'aria-invalid': errors[field] ? true : undefined,
          'aria-describedby': `${id}-${field}-${errors[field] ? 'error' : 'hint'}`,
        };
        return (
          <p key={field} className="desk-field">
            <label htmlFor={control.id}>{field === 'title' ? copy.titleLabel : copy.textLabel}</label>
            {field === 'title' ? <input {...control} /> : <textarea rows={4} {...control} />}
            <FieldNote
              id={id}
              field={field}
              error={errors[field]}
              hint={field === 'title' ? copy.titleHint : copy.textHint}
            />
          </p>
        );
      })}
    </>
  );
}

function FieldNote({
  id,
  field,
  error,
  hint,
}: {
  id: string;
  field: string;
  error?: string | undefined;
  hint: string;
}) {
  return error ? (
    <span id={`${id}-${field}-error`} className="desk-field-error">
      {error}
    </span>
  ) : (
    <span id={`${id}-${field}-hint`} className="desk-meta">
      {hint}
    </span>
  );
}
