/**
 * Editing a transaction (the workspace's "Transaction details" and `PATCH /api/transactions/{id}`, one rule for
 * both): its address, value, type and status, and what a status change brings with it. A sale that ends
 * (completed or cancelled) closes its showings (app/models/showing.server.ts `endSaleShowings`): its page then
 * answers 404 and no access instructions go out again. Every change is in the audit.
 */
import { eq, sql } from "drizzle-orm";
import type { Db, DbOrTx } from "~/db/client.server";
import {
  agreements,
  checklistItemDocuments,
  checklistItems,
  offers,
  transactionMilestones,
  transactions,
  type Transaction,
} from "~/db/schema";
import { homeListings } from "~/db/schema";
import type { EditTransaction, TransactionPatch } from "~/lib/admin-schemas";
import { ConflictError, ForbiddenError, InvalidInputError, NotFoundError } from "~/lib/errors";
import { apiWholeDollars, centsOf } from "~/lib/money";
import { type Actor } from "~/models/actor.server";
import { changesOf, recordAudit } from "~/models/audit-log.server";
import { recordPayout } from "~/models/commission.server";
import { agentLicenseRefusal, setCommissionTerms, supersedeIfChanged } from "~/models/cda.server";
import { assertDuty } from "~/models/broker-duties.server";
import { setUpTransaction } from "~/models/transaction-setup.server";
import { refreshListing } from "~/models/listing-state.server";
import { compensationOf, toCompensationJson } from "~/models/compensation.server";
import { openRequiredItems } from "~/models/file-review.server";
import { requestReviews } from "~/models/review.server";
import { endSaleShowings } from "~/models/showing.server";
import { forgetCompletedSale, recordCompletedSale } from "~/models/sold-home.server";
import { assignTransaction } from "~/models/team.server";
import { collaboratorIds, toTransactionJson } from "~/models/transaction.server";
import { tabPath } from "~/lib/workspace-tabs";
import { getTransactionAsStaff } from "~/models/permissions.server";

/**
 * Why a transaction cannot change its type (buying ↔ selling), or null: once its steps are set up, or it has
 * offers or agreements, those belong to the side it was opened for.
 */
function typeChangeRefusal(tx: DbOrTx, transactionId: number): string | null {
  const has = (table: typeof transactionMilestones | typeof offers | typeof agreements, what: string) =>
    tx.select({ id: table.id }).from(table).where(eq(table.transactionId, transactionId)).limit(1).get() ? what : null;
  const filed = tx
    .select({ id: checklistItemDocuments.itemId })
    .from(checklistItemDocuments)
    .innerJoin(checklistItems, eq(checklistItems.id, checklistItemDocuments.itemId))
    .where(eq(checklistItems.transactionId, transactionId))
    .limit(1)
    .get();
  const held =
    (filed ? "its file's checklist has documents" : null) ??
    has(transactionMilestones, "its steps are set up") ??
    has(offers, "it has offers") ??
    has(agreements, "it has agreements");
  return held ? `A transaction cannot change between buying and selling once ${held}` : null;
}

/**
 * What completing a transaction would need the broker's written reason for: the required items of its file not yet
 * approved, and its agent's license not in force on the acceptance day or today.
 */
export function completionHolds(tx: DbOrTx, t: Transaction, now: Date) {
  return { open: openRequiredItems(tx, t), license: agentLicenseRefusal(tx, t, now) };
}

/** The workspace's words for the broker's reason field at completion, or null when nothing needs it. */
export function completionHoldWords(tx: DbOrTx, t: Transaction, now = new Date()): string | null {
  if (t.status !== "active") return null;
  const { open, license } = completionHolds(tx, t, now);
  const parts = [...(open.length ? [`the file lacks ${open.join(", ")}`] : []), ...(license ? [license] : [])];
  return parts.length ? parts.join("; ") : null;
}

/**
 * Changes a transaction's address, value, type and status (staff on it). Its closing date (`closedAt`, where the
 * documents' retention starts) is set when it becomes completed or cancelled, and cleared when it is active
 * again. A sale that ends closes its showings.
 */
export function updateTransaction(
  db: DbOrTx,
  actor: Actor,
  id: number,
  input: EditTransaction,
  now = new Date(),
  /** Sample data (app/models/sample-data.server.ts) is not a real file: any admin completes it with its reason. */
  options: { sample?: boolean } = {},
): Transaction {
  return db.transaction((tx) => {
    const before = getTransactionAsStaff(tx, actor, id);
    const type = input.type ?? before.type;
    // What each side needs: a sale its address and value; a purchase its address or the area searched. Checked
    // when the edit changes them (a status change alone never fails on a record opened before the rule).
    const value = input.homeValue ? centsOf(Number(input.homeValue)) : null;
    const touched =
      type !== before.type ||
      (input.propertyAddress ?? null) !== before.propertyAddress ||
      (input.searchArea ?? null) !== before.searchArea ||
      value !== before.homeValueCents;
    if (touched && type === "selling" && !input.propertyAddress) {
      throw new InvalidInputError("Property address is required", {
        propertyAddress: ["Property address is required"],
      });
    } else if (touched && type === "selling" && !input.homeValue) {
      throw new InvalidInputError("Home value is required", { homeValue: ["Home value is required"] });
    } else if (touched && type === "buying" && !input.propertyAddress && !input.searchArea) {
      const message = "Enter the home's address, or the area the client is searching";
      throw new InvalidInputError(message, { propertyAddress: [message], searchArea: [message] });
    }
    if (type !== before.type) {
      const refusal = typeChangeRefusal(tx, id);
      if (refusal) throw new ConflictError(refusal);
      // Its checklist (no document on it yet) and its listing row belong to the old kind: made again below.
      tx.delete(checklistItems).where(eq(checklistItems.transactionId, id)).run();
      tx.delete(homeListings).where(eq(homeListings.transactionId, id)).run();
    }
    // Closing needs a complete file: every required item of its checklist approved, unless the broker (or the
    // licensee they named to approve files) closes it with a written reason (audited). And its agent is paid only
    // if their license was in force on the acceptance day and today, unless the broker (or the licensee named to
    // approve CDAs) gives a reason (audited).
    if (input.status === "completed" && before.status !== "completed") {
      const yearBuilt = input.yearBuilt === undefined ? before.yearBuilt : input.yearBuilt;
      const { open, license } = completionHolds(tx, { ...before, type, yearBuilt }, now);
      if (open.length > 0 && !input.override) {
        throw new ConflictError(
          `The file is not complete: ${open.join(", ")}. The broker reviews every required item before it closes, or closes it with a written reason.`,
          `${tabPath(id, "documents")}#file-review`,
        );
      }
      if (open.length > 0) {
        if (!actor.isAdmin) throw new ForbiddenError("Only the broker may close a file that is not complete");
        if (!options.sample) assertDuty(tx, actor, "approveFiles", now);
        recordAudit(tx, actor, {
          action: "transaction.complete_override",
          subject: { type: "transaction", id },
          transactionId: id,
          changes: { reason: input.override, items: open },
          at: now,
        });
      }
      if (license && !input.override) {
        throw new ConflictError(`${license}: the agent cannot be paid for it unless the broker gives a reason`);
      }
      if (license) {
        if (!actor.isAdmin) throw new ForbiddenError("Only the broker may pay an agent whose license lapsed");
        if (!options.sample) assertDuty(tx, actor, "approveCda", now);
        recordAudit(tx, actor, {
          action: "transaction.license_override",
          subject: { type: "transaction", id },
          transactionId: id,
          changes: { reason: input.override, license },
          at: now,
        });
      }
    }
    const closingPriceCents = input.closingPrice ? centsOf(Number(input.closingPrice)) : before.closingPriceCents;
    const closedAt =
      input.status === "active"
        ? null
        : sql`CASE WHEN ${transactions.status} = ${input.status} THEN ${transactions.closedAt} ELSE ${now.getTime()} END`;
    const row = tx
      .update(transactions)
      .set({
        propertyAddress: input.propertyAddress ?? null,
        searchArea: input.searchArea ?? null,
        homeValueCents: value,
        closingPriceCents,
        status: input.status,
        type,
        closedAt,
        ...(input.yearBuilt === undefined ? {} : { yearBuilt: input.yearBuilt }),
        updatedAt: now,
      })
      .where(eq(transactions.id, id))
      .returning()
      .get();
    if (!row) throw new NotFoundError("Transaction not found");
    if (type !== before.type) setUpTransaction(tx, id);
    const changes = changesOf(before as unknown as Record<string, unknown>, {
      propertyAddress: row.propertyAddress,
      searchArea: row.searchArea,
      homeValueCents: row.homeValueCents,
      closingPriceCents: row.closingPriceCents,
      status: row.status,
      type: row.type,
      yearBuilt: row.yearBuilt,
    });
    if (changes) {
      recordAudit(tx, actor, {
        action: "transaction.update",
        subject: { type: "transaction", id },
        transactionId: id,
        changes,
        at: now,
      });
    }
    // A price or tier changed before closing: a CDA approved on the old figures is superseded, escrow told.
    if (changes && row.status === "active") supersedeIfChanged(tx, actor, id, "the price changed", now);
    if (row.type === "selling" && before.status === "active" && row.status !== "active") {
      endSaleShowings(tx, actor, id, now);
    }
    // Paying agents: completing makes the agent's payout, once; reopening takes it back.
    if ((row.status === "completed") !== (before.status === "completed")) recordPayout(tx, row, now);
    // Proof on the public site: a completed transaction's sale is kept and its client asked (once)
    // whether we may show it, and asked for a review; one completed no more leaves the site.
    if (row.status === "completed") {
      recordCompletedSale(tx, row, now);
      if (before.status !== "completed") requestReviews(tx, row, now);
    } else if (before.status === "completed") {
      forgetCompletedSale(tx, id);
    }
    // A sale's listing page follows its status (app/lib/listing-state.ts), decided in this same database transaction.
    if (row.type === "selling" && (row.status !== before.status || type !== before.type)) {
      refreshListing(tx, id, now, actor);
    }
    return row;
  });
}

/**
 * `PATCH /api/transactions/{id}`: any of the workspace's fields (address, value, type, status, year built: staff on
 * it, with the page's rules), the assignment and the commission's terms (admins), each only when given, in one
 * database transaction: a part refused (an incomplete file's completion: 409) changes nothing, not even the parts
 * before it. Returns the transaction as the API gives it, with its collaborators.
 */
export function patchTransaction(db: Db, actor: Actor, id: number, patch: TransactionPatch, now = new Date()) {
  return db.transaction((tx) => {
    // The team and the commission's terms first: completing in the same request pays the agent it names.
    if (patch.assignedAgentId !== undefined || patch.collaboratorIds !== undefined) {
      const current = getTransactionAsStaff(tx, actor, id);
      assignTransaction(
        tx,
        actor,
        id,
        {
          assignedAgentId: patch.assignedAgentId === undefined ? current.assignedAgentId : patch.assignedAgentId,
          collaboratorIds: patch.collaboratorIds,
        },
        now,
      );
    }
    const terms = ["referral", "escrowEmail", "escrowNumber", "sellerNames", "buyerNames"] as const;
    if (terms.some((k) => patch[k] !== undefined)) {
      setCommissionTerms(
        tx,
        actor,
        id,
        {
          referral: patch.referral,
          escrowEmail: patch.escrowEmail,
          escrowNumber: patch.escrowNumber,
          sellerNames: patch.sellerNames,
          buyerNames: patch.buyerNames,
        },
        now,
      );
    }
    const details = [
      "propertyAddress",
      "searchArea",
      "homeValue",
      "closingPrice",
      "status",
      "type",
      "override",
      "yearBuilt",
    ] as const;
    if (details.some((k) => patch[k] !== undefined)) {
      const current = getTransactionAsStaff(tx, actor, id);
      updateTransaction(
        tx,
        actor,
        id,
        {
          propertyAddress: patch.propertyAddress ?? current.propertyAddress ?? undefined,
          searchArea: patch.searchArea ?? current.searchArea ?? undefined,
          homeValue:
            patch.homeValue ?? (current.homeValueCents === null ? undefined : apiWholeDollars(current.homeValueCents)),
          closingPrice: patch.closingPrice,
          status: patch.status ?? current.status,
          override: patch.override,
          type: patch.type ?? current.type,
          yearBuilt: patch.yearBuilt,
        },
        now,
      );
    }
    const transaction = getTransactionAsStaff(tx, actor, id);
    return {
      ...toTransactionJson(transaction),
      compensation: toCompensationJson(compensationOf(tx, transaction)),
      collaboratorIds: collaboratorIds(tx, id),
    };
  });
}
