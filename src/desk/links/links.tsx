import { deskLinks as copy } from './words';
import {
  LINK_PAGES,
  MAX_SHARE_LINKS,
  MAX_TYPED,
  pageName,
  type ShareLink,
  type ShareLinkField,
  type ShareLinkForm,
} from './share-links';
import { when } from '../format';

/** A refused form: what was typed, and why by the field. */
export interface RefusedLink {
  values: Partial<Record<ShareLinkField, string>>;
  errors: Partial<Record<ShareLinkField, string>>;
}

/** A link as the page lists it: the stored link and the address it shares. */
export type ListedLink = ShareLink & { url: string };

/** The path of a link's QR code, as SVG or PNG (`?download=1` to download it as a file). */
export const qrPath = (id: string, ext: 'svg' | 'png' = 'svg') => `/desk/links/${id}/qr.${ext}`;

/** The size the QR code is shown at on the page (the SVG itself scales to any size). */
const QR_SHOWN = 168;

/**
 * With JavaScript, a Copy button beside each link puts it on the clipboard. A nonce-bearing inline script (the
 * desk's CSP allows no other inline code); without it the buttons stay hidden and the field is there to copy.
 */
const COPY_SCRIPT = `document.querySelectorAll('button[data-copies]').forEach(function(b){b.hidden=false;b.addEventListener('click',function(){var f=document.getElementById(b.dataset.copies);if(!f)return;f.select();var done=function(){b.textContent=b.dataset.copied};if(navigator.clipboard){navigator.clipboard.writeText(f.value).then(done,function(){})}else if(document.execCommand('copy')){done()}})});`;

/** /desk/links: the form that makes a link, then the links made, each ready to copy with its QR code. */
export function LinksPage(props: { links: ListedLink[]; nonce: string; refused?: RefusedLink }) {
  const { links, nonce, refused } = props;
  return (
    <>
      <h1 className="desk-title">{copy.title}</h1>
      <p className="desk-meta">
        {copy.intro} <a href="/desk/sources">{copy.introLink}</a>.
      </p>
      <section className="desk-card" aria-labelledby="make-link-heading">
        <h2 id="make-link-heading">{copy.makeHeading}</h2>
        <form method="post" action="/desk/links" className="desk-link-form">
          <LinkFields values={refused?.values ?? {}} errors={refused?.errors ?? {}} />
          <button type="submit" className="btn btn-cta">
            {copy.make}
          </button>
        </form>
      </section>
      <h2 className="desk-subtitle">{copy.listHeading}</h2>
      <p className="desk-meta">{links.length === 0 ? copy.empty : copy.count(links.length, MAX_SHARE_LINKS)}</p>
      <ul className="desk-list desk-links">
        {links.map((link) => (
          <LinkItem key={link.id} link={link} />
        ))}
      </ul>
      {links.length > 0 ? <script nonce={nonce} dangerouslySetInnerHTML={{ __html: COPY_SCRIPT }} /> : null}
    </>
  );
}

function LinkItem({ link }: { link: ListedLink }) {
  const name = copy.name(link.source, link.medium, link.campaign);
  const field = `link-${link.id}`;
  return (
    <li className="desk-card desk-link">
      <img
        src={qrPath(link.id)}
        width={QR_SHOWN}
        height={QR_SHOWN}
        loading="lazy"
        alt={copy.qrAlt(name)}
        className="desk-qr"
      />
      <div className="desk-link-body">
        <h3 className="desk-item-name">{name}</h3>
        <p className="desk-meta">
          {pageName(link.page)} · {copy.madeBy(link.createdBy, when(link.createdAt))}
          {link.madeAt !== link.createdAt ? ` · ${copy.madeAgain(when(link.madeAt))}` : ''}
        </p>
        <p className="desk-copy-link">
          <label htmlFor={field}>{copy.linkLabel}</label>
          <input id={field} type="text" readOnly value={link.url} spellCheck={false} />
        </p>
        <p className="desk-meta">{copy.downloadHint}</p>
        <div className="desk-link-actions">
          <button type="button" className="btn" hidden data-copies={field} data-copied={copy.copied}>
            {copy.copy}
          </button>
          <a className="btn btn-outline" href={`${qrPath(link.id, 'png')}?download=1`}>
            {copy.downloadPng}
          </a>
          <a className="btn btn-outline" href={`${qrPath(link.id)}?download=1`}>
            {copy.download}
          </a>
          <form method="post" action={`/desk/links/${link.id}/delete`}>
            <button type="submit" className="btn" aria-label={`${copy.remove}: ${name}`}>
              {copy.remove}
            </button>
          </form>
        </div>
      </div>
    </li>
  );
}

const FIELDS = [
  { name: 'source', label: copy.sourceLabel, hint: copy.sourceHint, required: true },
  { name: 'medium', label: copy.mediumLabel, hint: copy.mediumHint, required: false },
  { name: 'campaign', label: copy.campaignLabel, hint: copy.campaignHint, required: false },
] as const satisfies readonly {
  name: Exclude<keyof ShareLinkForm, 'page'>;
  label: string;
  hint: string;
  required: boolean;
}[];

function LinkFields({ values, errors }: RefusedLink) {
  const described = (field: ShareLinkField) => `link-${field}-${errors[field] ? 'error' : 'hint'}`;
  return (
    <>
      {FIELDS.map((f) => (
        <p key={f.name} className="desk-field">
          <label htmlFor={`link-${f.name}`}>{f.label}</label>
          <input
            id={`link-${f.name}`}
            name={f.name}
            defaultValue={values[f.name] ?? ''}
            maxLength={MAX_TYPED}
            required={f.required}
            autoCapitalize="none"
            autoComplete="off"
            spellCheck={false}
            aria-invalid={errors[f.name] ? true : undefined}
            aria-describedby={described(f.name)}
          />
          <FieldNote field={f.name} error={errors[f.name]} hint={f.hint} />
        </p>
      ))}
      <p className="desk-field">
        <label htmlFor="link-page">{copy.pageLabel}</label>
        <select
          id="link-page"
          name="page"
          defaultValue={values.page ?? '/'}
          aria-invalid={errors.page ? true : undefined}
          aria-describedby={described('page')}
        >
          {LINK_PAGES.map((page) => (
            <option key={page} value={page}>
              {pageName(page)}
            </option>
          ))}
        </select>
        <FieldNote field="page" error={errors.page} hint={copy.pageHint} />
      </p>
    </>
  );
}

function FieldNote({ field, error, hint }: { field: ShareLinkField; error?: string | undefined; hint: string }) {
  return error ? (
    <span id={`link-${field}-error`} className="desk-field-error">
      {error}
    </span>
  ) : (
    <span id={`link-${field}-hint`} className="desk-meta">
      {hint}
    </span>
  );
}
