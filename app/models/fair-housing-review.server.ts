/**
 * The broker decides a fair-housing exception (docs/listings.md; 10 CCR 2725 puts advertising under the broker's
 * review, and HUD holds the publisher liable): a listing's description or an agent's bio with a flagged phrase, saved
 * with a reason by someone who is neither the broker nor a licensee they named to approve files, waits here; the
 * earlier text stays public. The broker sees it on /admin/reviews beside the file items and approves it (the text is
 * saved then) or returns it with a comment; either way audited and the one who asked e-mailed. The broker's own
 * exception (or a named licensee's) saves at once, audited (the models that save the texts decide which).
 */
import { and, asc, desc, eq, isNull } from "drizzle-orm";
import { env } from "~/config/env.server";
import type { Db, DbOrTx } from "~/db/client.server";
import {
  agentProfiles,
  fairHousingReviews,
  homeListings,
  transactions,
  users,
  type FairHousingReview,
} from "~/db/schema";
import { ConflictError, ForbiddenError, InvalidInputError, NotFoundError } from "~/lib/errors";
import type { FairHousingFlag } from "~/lib/fair-housing";
import { fullName } from "~/lib/format";
import type { Actor } from "~/models/actor.server";
import { recordAudit } from "~/models/audit-log.server";
import { assertDuty, mayPerform, performersOf } from "~/models/broker-duties.server";
import { queuePlainEmail } from "~/models/plain-mail.server";
import { findTransaction } from "~/models/permissions.server";
import { tabPath } from "~/lib/workspace-tabs";

export type FairHousingSubject = { type: "listing"; transactionId: number } | { type: "bio"; userId: string };

const subjectId = (s: FairHousingSubject) => (s.type === "listing" ? String(s.transactionId) : s.userId);

/** Whether this person's exception saves at once: the broker, or a licensee they named to approve files. */
export const decidesFairHousing = (db: DbOrTx, actor: Pick<Actor, "id">, now = new Date()) =>
  mayPerform(db, actor, "approveFiles", now);

/**
 * An exception that waits for the broker (inside the caller's database transaction): a newer one for the same text
 * replaces one still waiting. The broker's inbox is told.
 */
export function requestException(
  tx: DbOrTx,
  actor: Actor,
  subject: FairHousingSubject,
  input: { text: string; reason: string; flags: FairHousingFlag[] },
  now: Date,
): FairHousingReview {
  tx.update(fairHousingReviews)
    .set({ decision: "return", comment: "Replaced by a newer text", decidedAt: now, decidedBy: actor.id })
    .where(
      and(
        eq(fairHousingReviews.subjectType, subject.type),
        eq(fairHousingReviews.subjectId, subjectId(subject)),
        isNull(fairHousingReviews.decidedAt),
      ),
    )
    .run();
  const row = tx
    .insert(fairHousingReviews)
    .values({
      subjectType: subject.type,
      subjectId: subjectId(subject),
      text: input.text,
      reason: input.reason,
      phrases: input.flags.map((f) => f.phrase),
      requestedBy: actor.id,
      requestedAt: now,
    })
    .returning()
    .get();
  recordAudit(tx, actor, {
    action: "fair_housing.request",
    subject: { type: subject.type === "listing" ? "transaction" : "user", id: subjectId(subject) },
    transactionId: subject.type === "listing" ? subject.transactionId : null,
    changes: { reason: input.reason, phrases: row.phrases },
    at: now,
  });
  const what = subject.type === "listing" ? "a listing's description" : "an agent's bio";
  for (const broker of performersOf(tx, "approveFiles", now)) {
    queuePlainEmail(
      tx,
      {
        kind: "staff_notice",
        to: { address: broker.email, name: fullName(broker) || null },
        subject: "A fair-housing exception waits for you",
        lines: [
          `A new text of ${what} uses flagged words (${row.phrases.map((p) => `"${p}"`).join(", ")}), saved with the reason: ${input.reason}.`,
          "The earlier text stays public until you approve it or return it with a comment.",
        ],
        action: { label: "Review it", url: `${env().mail.appUrl}/admin/reviews#fair-housing` },
        transactionId: subject.type === "listing" ? subject.transactionId : null,
      },
      now,
    );
  }
  return row;
}

/** The exception waiting for a text, if any (the workspace and the profile page say so). */
export function waitingException(db: DbOrTx, subject: FairHousingSubject): FairHousingReview | null {
  return (
    db
      .select()
      .from(fairHousingReviews)
      .where(
        and(
          eq(fairHousingReviews.subjectType, subject.type),
          eq(fairHousingReviews.subjectId, subjectId(subject)),
          isNull(fairHousingReviews.decidedAt),
        ),
      )
      .orderBy(desc(fairHousingReviews.id))
      .get() ?? null
  );
}

/** The newest exception returned for a text, with the broker's comment (the form shows it), if newer than any other. */
export function lastDecision(db: DbOrTx, subject: FairHousingSubject): FairHousingReview | null {
  return (
    db
      .select()
      .from(fairHousingReviews)
      .where(
        and(eq(fairHousingReviews.subjectType, subject.type), eq(fairHousingReviews.subjectId, subjectId(subject))),
      )
      .orderBy(desc(fairHousingReviews.id))
      .limit(1)
      .get() ?? null
  );
}

/** /admin/reviews: every exception waiting, oldest first, with what it is about (staff who decide them). */
export function waitingExceptions(db: Db, actor: Actor) {
  if (!actor.isAdmin) return [];
  const rows = db
    .select({ r: fairHousingReviews, first: users.firstName, last: users.lastName, email: users.email })
    .from(fairHousingReviews)
    .leftJoin(users, eq(users.id, fairHousingReviews.requestedBy))
    .where(isNull(fairHousingReviews.decidedAt))
    .orderBy(asc(fairHousingReviews.requestedAt), asc(fairHousingReviews.id))
    .limit(50)
    .all();
  return rows.map(({ r, first, last, email }) => {
    const about =
      r.subjectType === "listing"
        ? db
            .select({ address: transactions.propertyAddress })
            .from(transactions)
            .where(eq(transactions.id, Number(r.subjectId)))
            .get()?.address
        : (() => {
            const u = db.select().from(users).where(eq(users.id, r.subjectId)).get();
            return u ? `${fullName(u) || u.email}'s bio` : "A bio";
          })();
    return {
      id: r.id,
      subjectType: r.subjectType,
      about: about ?? "A listing",
      href: r.subjectType === "listing" ? `${tabPath(Number(r.subjectId), "listing")}#listing-page` : null,
      text: r.text,
      reason: r.reason,
      phrases: r.phrases,
      by: fullName({ firstName: first, lastName: last }) || email || "Someone",
      requestedAt: r.requestedAt,
    };
  });
}

/**
 * The broker's decision (or a licensee's they named to approve files; any other admin 403 naming the duty): `approve`
 * saves the text where it belongs; `return` needs a comment. Audited; the one who asked is e-mailed.
 */
export function decideException(
  db: Db,
  actor: Actor,
  id: number,
  input: { decision: "approve" | "return"; comment?: string },
  now = new Date(),
): FairHousingReview {
  if (!actor.isAdmin) {
    // Their own listing's or profile's exception: theirs, but the broker's to decide (403); another's: not found.
    const row = db.select().from(fairHousingReviews).where(eq(fairHousingReviews.id, id)).get();
    const theirs =
      row &&
      (row.subjectType === "listing"
        ? findTransaction(db, actor, Number(row.subjectId)) !== undefined
        : row.subjectId === actor.id);
    throw theirs
      ? new ForbiddenError("Only the broker decides a fair-housing exception")
      : new NotFoundError("Not found");
  }
  assertDuty(db, actor, "approveFiles", now);
  if (input.decision === "return" && !input.comment?.trim()) {
    throw new InvalidInputError("Write what needs changing", { comment: ["Write what needs changing"] });
  }
  return db.transaction((tx) => {
    const row = tx.select().from(fairHousingReviews).where(eq(fairHousingReviews.id, id)).get();
    if (!row) throw new NotFoundError("Not found");
    if (row.decidedAt) throw new ConflictError("This exception was decided already");
    if (input.decision === "approve") {
      if (row.subjectType === "listing") {
        tx.update(homeListings)
          .set({ description: row.text, updatedAt: now })
          .where(eq(homeListings.transactionId, Number(row.subjectId)))
          .run();
      } else {
        tx.update(agentProfiles)
          .set({ bio: row.text, updatedAt: now })
          .where(eq(agentProfiles.userId, row.subjectId))
          .run();
      }
    }
    const decided = tx
      .update(fairHousingReviews)
      .set({ decision: input.decision, comment: input.comment?.trim() || null, decidedBy: actor.id, decidedAt: now })
      .where(eq(fairHousingReviews.id, id))
      .returning()
      .get()!;
    recordAudit(tx, actor, {
      action: input.decision === "approve" ? "fair_housing.approve" : "fair_housing.return",
      subject: { type: row.subjectType === "listing" ? "transaction" : "user", id: row.subjectId },
      transactionId: row.subjectType === "listing" ? Number(row.subjectId) : null,
      changes: { phrases: row.phrases, reason: row.reason, comment: decided.comment },
      at: now,
    });
    const asker = row.requestedBy ? tx.select().from(users).where(eq(users.id, row.requestedBy)).get() : undefined;
    if (asker) {
      const what = row.subjectType === "listing" ? "the listing's description" : "your bio";
      queuePlainEmail(
        tx,
        {
          kind: "staff_notice",
          to: { address: asker.email, name: fullName(asker) || null },
          subject:
            input.decision === "approve"
              ? "Your fair-housing exception is approved"
              : "Your fair-housing exception is returned",
          lines:
            input.decision === "approve"
              ? [`The broker approved the new text of ${what}: it is shown now.`]
              : [
                  `The broker returned the new text of ${what}; the earlier one stays shown.`,
                  `Their comment: ${decided.comment}`,
                ],
          action:
            row.subjectType === "listing"
              ? {
                  label: "Open the listing",
                  url: `${env().mail.appUrl}${tabPath(Number(row.subjectId), "listing")}#listing-page`,
                }
              : { label: "Open your profile", url: `${env().mail.appUrl}/admin/profile` },
          transactionId: row.subjectType === "listing" ? Number(row.subjectId) : null,
        },
        now,
      );
    }
    return decided;
  });
}
