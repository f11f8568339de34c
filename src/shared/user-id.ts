/**
 * A WhatsApp business-scoped user id (BSUID), as the webhook gives it in `messages[].from_user_id` and
 * `contacts[].user_id` (e.g. `US.13491208655302741918`): a country code, a dot, then letters, digits and dots; at most
 * 100 characters. A person's address is their E.164 number when it is known, else this id: an address that starts
 * with a letter is a user id (a number starts with `+`). It is as personal as the number.
 */
export const USER_ID = /^[A-Za-z]{2,3}\.[A-Za-z0-9.]{1,96}$/;

/** Whether an address is a business-scoped user id (not an E.164 number). */
export const isUserId = (address: string): boolean => USER_ID.test(address);
