/**
 * The contact form's field names that its markup needs on first load. They sit
 * apart from `contact-schema.ts` on purpose: importing anything from that file
 * pulls zod and Conform's parser (about 16 KB gzipped) into the landing page,
 * whose budget is 90 KB and which ships 89 KB (npm run bench). The schema is
 * loaded on the first focus in the form instead.
 */
export const HONEYPOT_FIELD = "website";
