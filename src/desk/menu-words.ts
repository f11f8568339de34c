/** The desk's menu: on a phone one button opens every section; on a wider screen they are all in a row. */
export const deskMenu = {
  /** The landmark's name (the e2e journeys find the sections in it). */
  label: 'Desk',
  /** The phone's button. */
  open: 'Menu',
  /** After the button, the section the owner is on. */
  here: (section: string) => `· ${section}`,
};
