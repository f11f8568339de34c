/**
 * A link's tag from the words an owner types: "Instagram bio" is `instagram-bio`, "Décembre Retreat!" is
 * `decembre-retreat`. Accents are taken off, letters lower-cased, and every run of anything but a–z, 0–9, dots,
 * dashes and underscores becomes one dash; dashes at either end go. '' when nothing is left (emoji alone, a script
 * other than Latin): the form then asks for words it can use.
 */
export function tagOf(words: string): string {
  return words
    .normalize('NFKD')
    .replace(/\p{M}/gu, '')
    .toLowerCase()
    .replace(/[^a-z0-9._-]+/g, '-')
    .replace(/-{2,}/g, '-')
    .replace(/^[-._]+|[-._]+$/g, '');
}

/** The longest tag kept (analytics tools cut longer ones). */
export const MAX_TAG = 40;
