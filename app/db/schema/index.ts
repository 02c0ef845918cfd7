/**
 * The database's tables, one file per part of the product beside this one (columns, people, images, team,
 * transactions, leads, mail, site, offers, agreements, showings, proof, file-review, our-listings), each importing
 * only those below it; drizzle-kit reads the folder (drizzle.config.ts). Everything imports `~/db/schema`.
 *
 * The product's ten tables (users, sessions, contact submissions, transactions, milestones,
 * listings, blog posts, campaigns, campaign e-mails, lead engagement), the back office's own (the mail
 * queue, unsubscribes, lead events, content versions, rate limits, transaction counts) and the files'
 * rows (documents, blog images: the bytes live in FILES_DIR, app/infra/file-store.server.ts) and the
 * contract's clock (deadlines, their reminders, holiday changes) and the conversation (messages, reply
 * tokens, unread counts). Money is stored
 * as whole cents in INTEGER columns named `…_cents` (exact; never a binary float; app/lib/money.ts) and
 * carried by the API in its documented shapes (strings of dollars). Timestamps are INTEGER milliseconds since the epoch (drizzle `timestamp_ms`).
 *
 * Some columns and tables are kept by triggers, which drizzle-kit does not describe, so they live in the
 * migrations (hand-written SQL) and are listed here:
 * - `transactions.milestones_total` / `milestones_completed`: on insert, delete and status change of
 *   transaction_milestones (drizzle/0004_speed.sql);
 * - `transaction_counts`: one row per (status, type, current step), on insert, delete and change of
 *   transactions (drizzle/0005_counters.sql);
 * - `contact_submissions.lead_score`: from its engagement's score (drizzle/0005_counters.sql);
 * - `lead_hours`: new leads per hour and agent, on insert, delete and change of contact_submissions (0016);
 * - `content_version`: `publicPages` on any change of blog_posts (0004) (its `leads` row, raised by
 *   contact submissions since 0006, lost its reader and its triggers in 0011);
 * - the FTS5 trigram tables `transactions_fts` (address, client id, e-mail, name; kept from transactions
 *   and users) and `contact_submissions_fts` (name, e-mail, phone), which search.server.ts reads (0004).
 * A new migration that touches these tables keeps its triggers in mind; tests/unit/kept-counts.test.ts checks
 * the counts against the rows.
 */
export * from "~/db/schema/people";
export * from "~/db/schema/images";
export * from "~/db/schema/team";
export * from "~/db/schema/transactions";
export * from "~/db/schema/leads";
export * from "~/db/schema/mail";
export * from "~/db/schema/site";
export * from "~/db/schema/offers";
export * from "~/db/schema/agreements";
export * from "~/db/schema/showings";
export * from "~/db/schema/proof";
export * from "~/db/schema/file-review";
export * from "~/db/schema/our-listings";
