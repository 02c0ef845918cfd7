/**
 * The broker's review queue and what waits on the agents (docs/file-review.md): the items waiting for review, oldest
 * first, 50 a page by a cursor (/admin/reviews), their count (the dashboard's), the items returned to an agent (their
 * dashboard), and every review of a transaction for its export. The checklist itself and its events are
 * app/models/file-review.server.ts.
 */
/**
 * The broker's file review (docs/file-review.md; 10 CCR 2725): each transaction's checklist, made from
 * the version of its kind's checklist it started with (`transactions.checklist_id`, set by a trigger at its
 * creation, migration 0027) the first time the file is read; its items met by documents (uploaded, or an agreement's
 * signed copy attached by itself), marked ready by staff on the transaction, approved or returned by an admin. Every
 * review keeps who, when and the SHA-256 of each document it covered; removing or adding a document of an approved
 * item makes it "changed" and it waits again. A client sees none of it (404).
 */
import { and, asc, eq, inArray, isNotNull, sql } from "drizzle-orm";
import type { Db, DbOrTx } from "~/db/client.server";
import { checklistItems, checklistReviews, transactions, users, type ChecklistItem } from "~/db/schema";
import { REVIEW_FLAG_DAYS } from "~/lib/checklist-schema";
import { fullName } from "~/lib/format";
import { homeTitle } from "~/lib/home-name";
import { type Actor } from "~/models/actor.server";
import { tabPath } from "~/lib/workspace-tabs";
import { assertAdmin } from "~/models/permissions.server";
import { fileState, fileStateWords, forHome } from "~/models/file-review.server";

const DAY_MS = 24 * 3600_000;
/** The queue's page. */
export const QUEUE_PAGE = 50;

/** How many items an agent's dashboard lists as returned to them. */
export const RETURNED_SHOWN = 20;

/**
 * The file items the broker returned on an agent's active transactions, for them to fix (the agent's dashboard,
 * first): by the index (assigned_agent_id, status, …), then each file's items by its own index.
 */
export function returnedToAgent(db: Db, actor: Actor) {
  return (
    db
      .select({
        id: checklistItems.id,
        name: checklistItems.name,
        position: checklistItems.position,
        transactionId: transactions.id,
        type: transactions.type,
        propertyAddress: transactions.propertyAddress,
        searchArea: transactions.searchArea,
      })
      .from(transactions)
      .innerJoin(checklistItems, eq(checklistItems.transactionId, transactions.id))
      .where(
        and(
          eq(transactions.assignedAgentId, actor.id),
          eq(transactions.status, "active"),
          eq(checklistItems.state, "returned"),
        ),
      )
      .limit(RETURNED_SHOWN)
      .all()
      // A handful: sorted here (by the file, then the item's place), not in a temporary B-tree.
      .sort((a, b) => a.transactionId - b.transactionId || a.position - b.position)
      .map((r) => ({
        id: r.id,
        name: r.name,
        title: homeTitle({ ...r, id: r.transactionId }),
        href: `${tabPath(r.transactionId, "documents")}#item-${r.id}`,
      }))
  );
}

/** How many items wait for the broker (the dashboard's count), read from the waiting index. */
export function waitingCount(db: Db): number {
  return (
    db
      .select({ n: sql<number>`count(*)` })
      .from(checklistItems)
      .where(isNotNull(checklistItems.waitingSince))
      .get()?.n ?? 0
  );
}

/** Where a page of the queue starts: after this item (its `waiting_since` in ms, its id), "1764300000000-42". */
export type QueueCursor = { since: number; id: number };
export function parseQueueCursor(value: string | null): QueueCursor | null {
  const m = value?.match(/^(\d{1,15})-(\d{1,12})$/);
  return m ? { since: Number(m[1]), id: Number(m[2]) } : null;
}

/**
 * `/admin/reviews` (admins): the items waiting, oldest first, QUEUE_PAGE a page, with days waiting (flagged past
 * REVIEW_FLAG_DAYS) and each file's state; a page starts after the last item of the one before (keyset: no page's
 * cost grows with the queue's length).
 */
export function reviewQueue(db: Db, actor: Actor, after: QueueCursor | null = null, now = new Date()) {
  assertAdmin(actor);
  const rows = db
    .select({
      id: checklistItems.id,
      name: checklistItems.name,
      state: checklistItems.state,
      waitingSince: checklistItems.waitingSince,
      transactionId: checklistItems.transactionId,
      propertyAddress: transactions.propertyAddress,
      searchArea: transactions.searchArea,
      type: transactions.type,
      agentFirst: users.firstName,
      agentLast: users.lastName,
      agentEmail: users.email,
    })
    .from(checklistItems)
    .innerJoin(transactions, eq(transactions.id, checklistItems.transactionId))
    .leftJoin(users, eq(users.id, transactions.assignedAgentId))
    .where(
      and(
        isNotNull(checklistItems.waitingSince),
        after ? sql`(${checklistItems.waitingSince}, ${checklistItems.id}) > (${after.since}, ${after.id})` : undefined,
      ),
    )
    .orderBy(asc(checklistItems.waitingSince), asc(checklistItems.id))
    .limit(QUEUE_PAGE + 1)
    .all();
  const shown = rows.slice(0, QUEUE_PAGE);
  const ids = [...new Set(shown.map((r) => r.transactionId))];
  const byFile = new Map<number, Array<Pick<ChecklistItem, "required" | "state">>>();
  if (ids.length) {
    for (const i of db
      .select({
        transactionId: checklistItems.transactionId,
        required: checklistItems.required,
        requiredWhen: checklistItems.requiredWhen,
        state: checklistItems.state,
        yearBuilt: transactions.yearBuilt,
      })
      .from(checklistItems)
      .innerJoin(transactions, eq(transactions.id, checklistItems.transactionId))
      .where(inArray(checklistItems.transactionId, ids))
      .all()) {
      const [item] = forHome([i], i);
      byFile.set(i.transactionId, [...(byFile.get(i.transactionId) ?? []), item!]);
    }
  }
  return {
    items: shown.map((r) => {
      const days = Math.floor((now.getTime() - r.waitingSince!.getTime()) / DAY_MS);
      return {
        id: r.id,
        name: r.name,
        state: r.state,
        transactionId: r.transactionId,
        home: homeTitle({ ...r, id: r.transactionId }),
        agent: fullName({ firstName: r.agentFirst, lastName: r.agentLast }) || r.agentEmail || null,
        waitingSince: r.waitingSince!.toISOString(),
        days,
        flagged: days > REVIEW_FLAG_DAYS,
        file: fileStateWords(fileState(byFile.get(r.transactionId) ?? [])),
      };
    }),
    next:
      rows.length > QUEUE_PAGE
        ? `${shown[shown.length - 1]!.waitingSince!.getTime()}-${shown[shown.length - 1]!.id}`
        : null,
  };
}

/** A checklist's every review, oldest first, for the transaction's export (who, when, what was reviewed). */
export function reviewsForExport(db: DbOrTx, transactionId: number) {
  return db
    .select({
      item: checklistItems.name,
      decision: checklistReviews.decision,
      comment: checklistReviews.comment,
      by: checklistReviews.reviewerName,
      at: checklistReviews.at,
      documents: checklistReviews.documents,
    })
    .from(checklistReviews)
    .innerJoin(checklistItems, eq(checklistItems.id, checklistReviews.itemId))
    .where(eq(checklistReviews.transactionId, transactionId))
    .orderBy(asc(checklistReviews.id))
    .all();
}
