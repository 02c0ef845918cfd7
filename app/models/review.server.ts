/**
 * What our clients say (docs/proof.md; the FTC's rule on reviews, 16 CFR Part 465). After a transaction
 * is completed, its client and each co-signer of its agreements get one request (e-mail, and the portal's card
 * for an account holder) with a single-use link valid 60 days, and one reminder after 7 days. A review's words
 * are its writer's alone: staff cannot change them (403); an admin may hide one only for a reason of the
 * published content policy (audited, the writer told), and staff may reply once. No one on our staff may
 * review. The average and the count are `public_counts`, kept by triggers (migration 0025).
 *
 * Longer than 500 lines on purpose: requests, reviews, hiding and replies are one review's life and share who may
 * touch one (`ownReview`, `anyReview`) and what is published (`published`, the prepared lists); split, those would
 * be exported to be shared.
 */
import { and, desc, eq, isNull, lte, sql } from "drizzle-orm";
import { preparedQuery, type Db, type DbOrTx } from "~/db/client.server";
import {
  agreementSigners,
  agreements,
  reviewRequests,
  reviews,
  transactions,
  users,
  type Review,
  type ReviewRequest,
  type Transaction,
} from "~/db/schema";
import { env } from "~/config/env.server";
import type { ReviewHideReason } from "~/domain/enums";
import { ConflictError, ForbiddenError, InvalidInputError, NotFoundError } from "~/lib/errors";
import { fullName } from "~/lib/format";
import {
  defaultDisplayName,
  HIDE_REASON_LABELS,
  PROOF_PAGE_SIZE,
  REVIEW_LINK_DAYS,
  REVIEW_REMINDER_DAYS,
  type ReviewEdit,
  type ReviewForm,
} from "~/lib/proof-schema";
import { DAY_MS } from "~/lib/time";
import { isStaff, type Actor } from "~/models/actor.server";
import { changesOf, recordAudit } from "~/models/audit-log.server";
import { shownAgentIdBySlug, shownAgentSlugs } from "~/models/agent-profile.server";
import { queuePlainEmail } from "~/models/plain-mail.server";
import { newToken, sha256Hex } from "~/models/secret-token.server";
import { isToken } from "~/lib/token-format";
import { publicCount } from "~/models/sold-home.server";
import { assertAdmin, isStaffOn } from "~/models/permissions.server";

export const reviewPath = (token: string) => `/review/${token}`;

/** Whether an address is one of our staff's (admins and agents, active or not): they may not review. */
function isStaffAddress(db: DbOrTx, email: string): boolean {
  const user = db.select().from(users).where(eq(users.email, email.toLowerCase())).get();
  return !!user && (user.isAdmin || user.isAgent);
}

function queueRequestEmail(
  tx: DbOrTx,
  request: Pick<ReviewRequest, "email" | "name" | "transactionId">,
  token: string,
  reminder: boolean,
  now: Date,
) {
  const { appUrl, site } = env().mail;
  queuePlainEmail(
    tx,
    {
      kind: "review",
      to: { address: request.email, name: request.name },
      subject: reminder ? `A reminder: how did we do?` : `How did we do? Review ${site.name}`,
      lines: [
        reminder
          ? "A week ago we asked about your experience with us. If you have a minute, your review helps the next family decide. This is our last reminder; this link replaces the one in our first e-mail."
          : "Thank you for trusting us with your transaction. Would you tell others how it went? Good or bad, every honest review is published under our content policy.",
        `The link works once and for ${REVIEW_LINK_DAYS} days. We offer nothing in exchange for a review, whatever it says.`,
      ],
      action: { label: "Write your review", url: `${appUrl}${reviewPath(token)}` },
      transactionId: request.transactionId,
    },
    now,
  );
}

/**
 * A transaction just completed (app/models/transaction-edit.server.ts): one request for its client and one for
 * each co-signer of its agreements, never twice for a person, never to our staff.
 */
export function requestReviews(tx: DbOrTx, t: Transaction, now: Date): void {
  const client = tx.select().from(users).where(eq(users.id, t.userId)).get();
  const people: Array<{ email: string; name: string; userId: string | null }> = [];
  if (client) people.push({ email: client.email, name: fullName(client) || client.email, userId: client.id });
  const cosigners = tx
    .selectDistinct({ email: agreementSigners.email, name: agreementSigners.name, userId: agreementSigners.userId })
    .from(agreementSigners)
    .innerJoin(agreements, eq(agreements.id, agreementSigners.agreementId))
    .where(and(eq(agreements.transactionId, t.id), eq(agreementSigners.role, "cosigner")))
    .all();
  people.push(...cosigners);
  const seen = new Set<string>();
  for (const person of people) {
    const email = person.email.toLowerCase();
    if (seen.has(email) || isStaffAddress(tx, email)) continue;
    seen.add(email);
    const token = newToken();
    const inserted = tx
      .insert(reviewRequests)
      .values({
        transactionId: t.id,
        userId: person.userId,
        email,
        name: person.name,
        tokenHash: sha256Hex(token),
        createdAt: now,
        expiresAt: new Date(now.getTime() + REVIEW_LINK_DAYS * DAY_MS),
        remindAt: new Date(now.getTime() + REVIEW_REMINDER_DAYS * DAY_MS),
      })
      .onConflictDoNothing()
      .returning({ id: reviewRequests.id })
      .get();
    if (inserted) queueRequestEmail(tx, { ...person, email, transactionId: t.id }, token, false, now);
  }
}

/**
 * The reminders due (the minute job, app/models/reminders.server.ts): a request not yet answered 7 days after it
 * went gets one more e-mail, with a new link (the first one's token is not kept, only its hash), then nothing.
 */
export function sendReviewReminders(db: Db, now = new Date(), limit = 100): number {
  const due = db
    .select()
    .from(reviewRequests)
    .where(lte(reviewRequests.remindAt, now))
    .orderBy(reviewRequests.remindAt)
    .limit(limit)
    .all();
  for (const request of due) {
    db.transaction((tx) => {
      const live = request.usedAt === null && request.expiresAt > now;
      const token = newToken();
      tx.update(reviewRequests)
        .set({ remindAt: null, ...(live ? { tokenHash: sha256Hex(token) } : {}) })
        .where(eq(reviewRequests.id, request.id))
        .run();
      if (live) queueRequestEmail(tx, request, token, true, now);
    });
  }
  return due.length;
}

/** The open request a link names: unknown, altered, used or expired links are "not found". */
export function requestByToken(db: DbOrTx, token: string, now = new Date()): ReviewRequest {
  if (!isToken(token)) throw new NotFoundError("Review link not found");
  const request = db
    .select()
    .from(reviewRequests)
    .where(eq(reviewRequests.tokenHash, sha256Hex(token)))
    .get();
  if (!request || request.usedAt !== null || request.expiresAt <= now) throw new NotFoundError("Review link not found");
  return request;
}

/** A signed-in client's open request for their transaction (the portal's card), or null. */
export function openRequestOf(db: DbOrTx, actor: Actor, transactionId: number, now = new Date()): ReviewRequest | null {
  const request = db
    .select()
    .from(reviewRequests)
    .where(and(eq(reviewRequests.transactionId, transactionId), eq(reviewRequests.userId, actor.id)))
    .get();
  return request && request.usedAt === null && request.expiresAt > now ? request : null;
}

/** The client's open requests (the portal's cards). */
export function openRequestsOf(db: Db, actor: Actor, now = new Date()): ReviewRequest[] {
  return db
    .select()
    .from(reviewRequests)
    .where(and(eq(reviewRequests.userId, actor.id), isNull(reviewRequests.usedAt)))
    .all()
    .filter((r) => r.expiresAt > now);
}

/** The transaction's agent for the form's default ("the agent it is about"), as a shown slug. */
export function defaultAgentSlug(db: DbOrTx, transactionId: number): string | null {
  const row = db
    .select({ agentId: transactions.assignedAgentId })
    .from(transactions)
    .where(eq(transactions.id, transactionId))
    .get();
  return row?.agentId ? (shownAgentSlugs(db, [row.agentId]).get(row.agentId)?.slug ?? null) : null;
}

/**
 * Writes the review of a request (its link, or the portal for its account holder), once: the request is used by
 * it. The agent named must be one shown on the site; by default, the transaction's. Audited.
 */
export function submitReview(
  db: Db,
  actor: Actor | null,
  request: ReviewRequest,
  input: Omit<ReviewForm, "notStaff">,
  now = new Date(),
): Review {
  return db.transaction((tx) => {
    const fresh = tx.select().from(reviewRequests).where(eq(reviewRequests.id, request.id)).get();
    if (!fresh || fresh.usedAt !== null || fresh.expiresAt <= now) throw new NotFoundError("Review link not found");
    if (isStaffAddress(tx, fresh.email) || (actor && isStaff(actor))) {
      throw new ForbiddenError("Reviews by our staff or their families are not allowed");
    }
    let agentId: string | null;
    if (input.agentSlug) {
      agentId = shownAgentIdBySlug(tx, input.agentSlug);
      if (!agentId) {
        throw new InvalidInputError("Choose one of our agents", { agentSlug: ["Choose one of our agents"] });
      }
    } else {
      const slug = defaultAgentSlug(tx, fresh.transactionId);
      agentId = slug ? shownAgentIdBySlug(tx, slug) : null;
    }
    const review = tx
      .insert(reviews)
      .values({
        requestId: fresh.id,
        transactionId: fresh.transactionId,
        userId: fresh.userId,
        agentId,
        rating: input.rating,
        text: input.text,
        displayName: input.displayName || defaultDisplayName(fresh.name),
        createdAt: now,
        updatedAt: now,
      })
      .returning()
      .get();
    tx.update(reviewRequests).set({ usedAt: now, remindAt: null }).where(eq(reviewRequests.id, fresh.id)).run();
    recordAudit(tx, actor, {
      action: "review.create",
      subject: { type: "review", id: review.id },
      transactionId: fresh.transactionId,
      changes: { rating: { before: null, after: review.rating }, by: fresh.email },
      at: now,
    });
    return review;
  });
}

/** The review as its writer may change it: theirs only (staff 403, anyone else 404). */
function ownReview(tx: DbOrTx, actor: Actor, id: number): Review {
  const review = tx.select().from(reviews).where(eq(reviews.id, id)).get();
  if (!review) throw new NotFoundError("Review not found");
  if (isStaff(actor)) throw new ForbiddenError("Staff cannot change a client's review");
  if (review.userId !== actor.id) throw new NotFoundError("Review not found");
  return review;
}

/** The writer changes their review (the portal, `PATCH /api/reviews/{id}`). Audited. */
export function editReview(db: Db, actor: Actor, id: number, input: ReviewEdit, now = new Date()): Review {
  return db.transaction((tx) => {
    const before = ownReview(tx, actor, id);
    const row = tx
      .update(reviews)
      .set({
        rating: input.rating,
        text: input.text,
        displayName: input.displayName ?? before.displayName,
        updatedAt: now,
      })
      .where(eq(reviews.id, id))
      .returning()
      .get()!;
    recordAudit(tx, actor, {
      action: "review.update",
      subject: { type: "review", id },
      transactionId: row.transactionId,
      changes: changesOf(before as unknown as Record<string, unknown>, {
        rating: row.rating,
        text: row.text,
        displayName: row.displayName,
      }),
      at: now,
    });
    return row;
  });
}

/** The writer removes their review. Audited. */
export function removeReview(db: Db, actor: Actor, id: number, now = new Date()): void {
  db.transaction((tx) => {
    const review = ownReview(tx, actor, id);
    tx.delete(reviews).where(eq(reviews.id, id)).run();
    recordAudit(tx, actor, {
      action: "review.delete",
      subject: { type: "review", id },
      transactionId: review.transactionId,
      changes: { rating: { before: review.rating, after: null } },
      at: now,
    });
  });
}

function anyReview(tx: DbOrTx, id: number): Review {
  const review = tx.select().from(reviews).where(eq(reviews.id, id)).get();
  if (!review) throw new NotFoundError("Review not found");
  return review;
}

/** An admin hides a review for a reason of the content policy: audited, its writer e-mailed. */
export function hideReview(db: Db, actor: Actor, id: number, reason: ReviewHideReason, now = new Date()): Review {
  assertAdmin(actor);
  return db.transaction((tx) => {
    const before = anyReview(tx, id);
    if (before.hiddenAt) throw new ConflictError("This review is already hidden");
    const row = tx
      .update(reviews)
      .set({ hiddenAt: now, hiddenBy: actor.id, hiddenReason: reason })
      .where(eq(reviews.id, id))
      .returning()
      .get()!;
    recordAudit(tx, actor, {
      action: "review.hide",
      subject: { type: "review", id },
      transactionId: row.transactionId,
      changes: { hidden: { before: null, after: reason } },
      at: now,
    });
    const request = tx.select().from(reviewRequests).where(eq(reviewRequests.id, row.requestId)).get();
    if (request) {
      const { appUrl } = env().mail;
      queuePlainEmail(
        tx,
        {
          kind: "review",
          to: { address: request.email, name: request.name },
          subject: "Your review is not shown on our site",
          lines: [
            `We do not show your review because of our content policy: ${HIDE_REASON_LABELS[reason]}.`,
            "We never hide a review because it is negative. If you think this is a mistake, reply to this e-mail; if you have an account, you can edit your review in your portal.",
          ],
          action: { label: "Read our content policy", url: `${appUrl}/reviews/policy` },
          transactionId: row.transactionId,
        },
        now,
      );
    }
    return row;
  });
}

/** An admin shows a hidden review again. Audited. */
export function unhideReview(db: Db, actor: Actor, id: number, now = new Date()): Review {
  assertAdmin(actor);
  return db.transaction((tx) => {
    const before = anyReview(tx, id);
    if (!before.hiddenAt) return before;
    const row = tx
      .update(reviews)
      .set({ hiddenAt: null, hiddenBy: null, hiddenReason: null })
      .where(eq(reviews.id, id))
      .returning()
      .get()!;
    recordAudit(tx, actor, {
      action: "review.unhide",
      subject: { type: "review", id },
      transactionId: row.transactionId,
      changes: { hidden: { before: before.hiddenReason, after: null } },
      at: now,
    });
    return row;
  });
}

/** Staff on the transaction (or any admin) reply publicly, once (a second reply: 409). Audited. */
export function replyToReview(db: Db, actor: Actor, id: number, text: string, now = new Date()): Review {
  return db.transaction((tx) => {
    const before = anyReview(tx, id);
    // Staff of the review's transaction as it is now (its agent may have changed since the review named one).
    const t = tx
      .select({ id: transactions.id, assignedAgentId: transactions.assignedAgentId })
      .from(transactions)
      .where(eq(transactions.id, before.transactionId))
      .get();
    if (!isStaff(actor) || !t || !isStaffOn(tx, actor, t)) {
      if (isStaff(actor)) throw new NotFoundError("Review not found");
      throw new ForbiddenError();
    }
    if (before.reply !== null) throw new ConflictError("This review already has our reply");
    const row = tx
      .update(reviews)
      .set({ reply: text, repliedBy: actor.id, repliedAt: now })
      .where(and(eq(reviews.id, id), isNull(reviews.reply)))
      .returning()
      .get();
    if (!row) throw new ConflictError("This review already has our reply");
    recordAudit(tx, actor, {
      action: "review.reply",
      subject: { type: "review", id },
      transactionId: row.transactionId,
      changes: { reply: { before: null, after: text } },
      at: now,
    });
    return row;
  });
}

/** A review as the public reads it. */
export type PublicReview = {
  id: number;
  rating: number;
  text: string;
  name: string;
  agent: { slug: string; name: string } | null;
  createdAt: Date;
  reply: string | null;
};

const listedColumns = {
  id: reviews.id,
  rating: reviews.rating,
  text: reviews.text,
  name: reviews.displayName,
  agentId: reviews.agentId,
  createdAt: reviews.createdAt,
  reply: reviews.reply,
};
const published = isNull(reviews.hiddenAt);
const allPage = preparedQuery((db) =>
  db
    .select(listedColumns)
    .from(reviews)
    .where(published)
    .orderBy(desc(reviews.createdAt), desc(reviews.id))
    .limit(sql.placeholder("limit"))
    .offset(sql.placeholder("offset"))
    .prepare(),
);
const agentPage = preparedQuery((db) =>
  db
    .select(listedColumns)
    .from(reviews)
    .where(and(published, eq(reviews.agentId, sql.placeholder("agentId"))))
    .orderBy(desc(reviews.createdAt), desc(reviews.id))
    .limit(sql.placeholder("limit"))
    .offset(sql.placeholder("offset"))
    .prepare(),
);

function toPublicReviews(db: DbOrTx, rows: ReturnType<ReturnType<typeof allPage>["all"]>): PublicReview[] {
  const agents = shownAgentSlugs(
    db,
    rows.flatMap((r) => (r.agentId ? [r.agentId] : [])),
  );
  return rows.map(({ agentId, ...r }) => ({ ...r, agent: (agentId && agents.get(agentId)) || null }));
}

/** One review as the public reads it (published or not: the API's answer to its writer). */
export function publicReview(db: Db, id: number): PublicReview {
  const row = db.select(listedColumns).from(reviews).where(eq(reviews.id, id)).get();
  if (!row) throw new NotFoundError("Review not found");
  return toPublicReviews(db, [row])[0]!;
}

/** The average and the count of the published reviews (all, or an agent's), from the kept counts. */
export function reviewStats(db: Db, agentId?: string) {
  const { count, total } = publicCount(db, agentId ? `reviews:agent:${agentId}` : "reviews");
  return { count, average: count > 0 ? Math.round((total / count) * 10) / 10 : null };
}

/** /reviews (and an agent's): the published reviews, newest first, 24 a page, with the count. */
export function listReviews(db: Db, filter: { agentId?: string; page: number; limit?: number }) {
  const limit = filter.limit ?? PROOF_PAGE_SIZE;
  const offset = (filter.page - 1) * limit;
  const rows = filter.agentId
    ? agentPage(db).all({ agentId: filter.agentId, limit, offset })
    : allPage(db).all({ limit, offset });
  return { items: toPublicReviews(db, rows), page: filter.page, total: reviewStats(db, filter.agentId).count };
}

/** The API's review. */
export const toReviewJson = (r: PublicReview) => ({
  id: r.id,
  rating: r.rating,
  text: r.text,
  name: r.name,
  agent: r.agent,
  createdAt: r.createdAt.toISOString(),
  reply: r.reply,
});

/** The staff's list (/admin/client-reviews): every review, hidden ones too, newest first; an agent sees theirs. */
export function listReviewsForStaff(db: Db, actor: Actor, page: number) {
  if (!isStaff(actor)) throw new ForbiddenError();
  const where = actor.isAdmin ? undefined : eq(reviews.agentId, actor.id);
  const rows = db
    .select()
    .from(reviews)
    .where(where)
    .orderBy(desc(reviews.createdAt), desc(reviews.id))
    .limit(50)
    .offset((page - 1) * 50)
    .all();
  const agents = shownAgentSlugs(
    db,
    rows.flatMap((r) => (r.agentId ? [r.agentId] : [])),
  );
  return rows.map((r) => ({ ...r, agent: (r.agentId && agents.get(r.agentId)) || null }));
}

/** The client's own reviews (the portal: edit or remove). */
export function reviewsOf(db: Db, actor: Actor): Review[] {
  return db.select().from(reviews).where(eq(reviews.userId, actor.id)).orderBy(desc(reviews.createdAt)).all();
}
