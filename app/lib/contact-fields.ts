/** Names shared by the contact form's markup and its schema (no zod here: this ships in the landing bundle). */
export const HONEYPOT_FIELD = "website";
