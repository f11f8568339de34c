import type { InputHTMLAttributes } from 'react';
import { Field } from '../../../client/components/field';
import type { TestimonialErrors, TestimonialValues } from '../../clients/testimonials';
import type { EngagementRecord, TestimonialRecord } from '../../store/clients/clients';
import { consentStatement, testimonialWords } from '../../words/clients/testimonials';

const copy = testimonialWords.section;

/** Where the client's testimonial form and its withdrawal post. */
export const testimonialPath = (token: string) => `/c/${token}/testimonial`;

/**
 * The client page's testimonial part, once an owner asked for one: what the client sent (each with its state and
 * "Withdraw my consent" while it stands), then the form, which works without a script. `notice` is what the last
 * post did; a refused post shows its values again with each message by its field. Nothing before an owner asked.
 */
export function TestimonialSection(props: {
  engagement: EngagementRecord;
  testimonials: TestimonialRecord[];
  token: string;
  errors?: TestimonialErrors;
  values?: Partial<TestimonialValues>;
  notice?: 'sent' | 'withdrawn';
}) {
  const { engagement, testimonials, token, errors, values } = props;
  if (!engagement.testimonialAskedAt && testimonials.length === 0) return null;
  const action = testimonialPath(token);
  const refused = errors && Object.keys(errors).length > 0;
  // The name and the place are one-line fields alike.
  const line = (name: 'name' | 'place', input: InputHTMLAttributes<HTMLInputElement>) => (
    <Field
      id={`testimonial-${name}`}
      label={copy[name]}
      type="text"
      name={name}
      {...input}
      defaultValue={values?.[name] ?? ''}
      error={errors?.[name]}
    />
  );
  return (
    <section className="client-testimonial" aria-labelledby="testimonial-heading">
      <h2 id="testimonial-heading">{copy.heading}</h2>
      {props.notice ? <p role="status">{copy[props.notice]}</p> : null}
      {testimonials.length > 0 ? (
        <>
          <h3>{copy.yoursHeading}</h3>
          <ul className="client-testimonials">
            {testimonials.map((t) => (
              <li key={t.id}>
                <blockquote>{t.quote}</blockquote>
                <p>
                  {t.place ? `${t.name}, ${t.place}` : t.name} · {copy.status[t.status]}
                </p>
                {t.status === 'withdrawn' || t.status === 'declined' ? null : (
                  <form method="post" action={`${action}/withdraw`}>
                    <input type="hidden" name="testimonial" value={t.id} />
                    <button type="submit" className="btn">
                      {copy.withdraw}
                    </button>
                  </form>
                )}
              </li>
            ))}
          </ul>
        </>
      ) : null}
      {engagement.testimonialAskedAt ? (
        <form method="post" action={action} noValidate>
          <p>{copy.intro}</p>
          {refused ? <p role="alert">{copy.refused}</p> : null}
          <Field
            id="testimonial-quote"
            label={copy.quote}
            multiline
            name="quote"
            rows={5}
            maxLength={800}
            required
            defaultValue={values?.quote ?? ''}
            error={errors?.quote}
          />
          {line('name', { autoComplete: 'name', maxLength: 80, required: true })}
          {line('place', { maxLength: 80 })}
          <div className={errors?.consent ? 'opt-in has-error' : 'opt-in'}>
            <input
              type="checkbox"
              id="testimonial-consent"
              name="consent"
              value={consentStatement.version}
              required
              defaultChecked={values?.consent === true}
              aria-invalid={errors?.consent ? true : undefined}
              aria-describedby={errors?.consent ? 'testimonial-consent-error' : undefined}
            />
            <label htmlFor="testimonial-consent">{consentStatement.text}</label>
            {errors?.consent ? (
              <p className="field-error" id="testimonial-consent-error">
                {errors.consent}
              </p>
            ) : null}
          </div>
          <button type="submit" className="btn btn-cta">
            {copy.send}
          </button>
        </form>
      ) : null}
    </section>
  );
}
