/**
 * The contact form's field names that its markup needs on first load. They sit
 * apart from `contact-schema.ts` on purpose: importing anything from that file
 * pulls zod and Conform's parser into the landing page, whose JavaScript has a
 * budget (npm run bench prints both). The schema is loaded on the first focus in
 * the form instead.
 */
export const HONEYPOT_FIELD = "website";
