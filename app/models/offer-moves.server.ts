/**
 * What happens to an offer (`POST /api/offers/{id}/events` and the Offers section's forms): one function,
 * `applyOfferEvent`, asks the rules (app/lib/offer-rules.ts `decide`: who may, from which status, in time) and
 * stores the move, its history event and its e-mails in one database transaction; a move the rules forbid
 * is a 409 (403: not the person's to make) and changes nothing.
 *
 * Staff record what happened on paper or in the e-signature tool (a counter, an acceptance, a final
 * signature, a rejection, …) and share offers with the client. The client sends only a wish (accept,
 * counter with a note, decline), or withdraws an offer they requested that was not made yet.
 *
 * An offer or counter recorded without a time to answer gets the C.A.R. default (`defaultExpiry`). An
 * acceptance fills in the transaction: the price becomes its home value, a purchase's home its property,
 * and the contract's acceptance date, close of escrow and contingencies come from the offer, so the key
 * dates are computed at once (app/models/contract.server.ts) and the tracker moves to escrow; on a sale the
 * other open offers the acceptance names are kept as backups and the rest rejected, each buyer's agent
 * e-mailed; an acceptance the client's latest answer disagrees with must be confirmed (409); on a purchase
 * the client's other open offers stay open until staff record each withdrawal (which e-mails the listing
 * agent). `expireOffers` is the background tick's: offers whose latest
 * round's time ran out with no answer.
 */
import { and, asc, eq, inArray, isNotNull, lte, max, ne, sql } from "drizzle-orm";
import type { Db, DbOrTx } from "~/db/client.server";
import {
  offerEvents,
  offerRounds,
  offers,
  transactions,
  type Offer,
  type OfferRound,
  type Transaction,
} from "~/db/schema";
import { OPEN_OFFER_STATUSES } from "~/domain/enums";
import { ConflictError, ForbiddenError, InvalidInputError } from "~/lib/errors";
import { decide, defaultExpiry, otherParty, rejectsOthersOnAcceptance, type MoveRequest } from "~/lib/offer-rules";
import { mergeTerms, offerEventSchema } from "~/lib/offer-schema";
import { tierFor } from "~/lib/pricing";
import { addDaysTo, todayIn } from "~/lib/plain-date";
import type { Actor } from "~/models/actor.server";
import { changesOf, recordAudit } from "~/models/audit-log.server";
import { writeContract } from "~/models/contract.server";
import { completeAcceptanceSteps } from "~/models/milestone-setup.server";
import {
  noticeClientOffer,
  noticeOtherBuyerAgent,
  noticeStaffOffer,
  noticeWithdrawal,
} from "~/models/offer-mail.server";
import {
  actorOf,
  attachDocuments,
  getOffer,
  nestedFieldErrors,
  readableOffer,
  roundValues,
  termsOf,
  type OfferDetail,
} from "~/models/offer.server";
import { isStaffOn } from "~/models/permissions.server";

const SYSTEM = { actorId: null, actorName: "Automatic", actorRole: "system" as const };

const roundsOf = (db: DbOrTx, offerId: number) =>
  db.select().from(offerRounds).where(eq(offerRounds.offerId, offerId)).orderBy(asc(offerRounds.number)).all();

/** Applies one event to an offer the actor may read; returns the offer as it now is. */
export function applyOfferEvent(db: Db, actor: Actor, offerId: number, raw: unknown, now = new Date()): OfferDetail {
  const parsed = offerEventSchema.safeParse(raw);
  if (!parsed.success) {
    const errors = nestedFieldErrors(parsed.error);
    throw new InvalidInputError(Object.values(errors)[0]?.[0] ?? "Check the event", errors);
  }
  const input = parsed.data;
  return db.transaction((tx) => {
    const { offer, transaction } = readableOffer(tx, actor, offerId);
    const rounds = roundsOf(tx, offerId);
    const latest = rounds.at(-1)!;
    const move: MoveRequest =
      input.type === "counter"
        ? { type: "counter", by: input.by ?? otherParty(latest.by), multiple: Boolean(input.multiple) }
        : input.type === "accept"
          ? { type: "accept", roundId: input.roundId, by: input.by }
          : { type: input.type };
    const verdict = decide(
      { ...offer, rounds },
      move,
      { id: actor.id, staff: isStaffOn(tx, actor, transaction) },
      { acceptedExists: acceptedOtherThan(tx, transaction.id, offerId), now },
    );
    if (!verdict.ok) throw verdict.forbidden ? new ForbiddenError(verdict.message) : new ConflictError(verdict.message);

    const who = actorOf(tx, actor, transaction);
    let roundId = latest.id;
    let changes: Partial<Offer> = { status: verdict.status, updatedAt: now };
    let news: (() => void) | null = null;
    switch (input.type) {
      case "counter": {
        const by = move.type === "counter" ? move.by : "seller";
        if (input.multiple && by !== "seller") {
          throw new InvalidInputError("Only a seller's counter can be a multiple counter", {
            multiple: ["Only a seller's counter can be a multiple counter"],
          });
        }
        const terms = mergeTerms(termsOf(latest), { ...input.terms, note: input.terms?.note ?? input.note });
        const round = tx
          .insert(offerRounds)
          .values({
            offerId,
            number: latest.number + 1,
            by,
            multiple: Boolean(input.multiple),
            ...roundValues({ ...terms, expiresAt: terms.expiresAt ?? defaultExpiry(now) }),
            createdBy: actor.id,
            createdAt: now,
          })
          .returning()
          .get();
        roundId = round.id;
        // A wish answered the round before; the counter is the new question.
        changes = { ...changes, expiresAt: round.expiresAt, wish: null, wishNote: null, wishAt: null };
        const fromOtherSide = (transaction.type === "selling") === (by === "buyer");
        if (fromOtherSide) news = () => noticeClientOffer(tx, transaction, offer, round, "countered", now);
        break;
      }
      case "accept":
      case "final_signature":
        if (offer.wish && offer.wish !== "accept" && who.actorRole === "staff" && !input.confirmed) {
          throw new ConflictError(
            `The client's latest answer on this offer was to ${offer.wish === "decline" ? "decline it" : "counter it"}: confirm to record the acceptance anyway.`,
          );
        }
        if (verdict.status === "awaiting_final_signature") {
          // The buyer accepted in time: the offer now waits for the seller's final signature, without expiring.
          changes = { ...changes, expiresAt: null };
          news = () => noticeClientOffer(tx, transaction, offer, latest, "awaiting", now);
          break;
        }
        changes = {
          ...changes,
          ...accept(tx, actor, transaction, offer, latest, input.acceptedOn ?? todayIn(now), input.backups ?? [], now),
        };
        news = () => noticeClientOffer(tx, transaction, { ...offer, ...changes }, latest, "accepted", now);
        break;
      case "backup": {
        const last = tx
          .select({ position: max(offers.backupPosition) })
          .from(offers)
          .where(and(eq(offers.transactionId, transaction.id), eq(offers.status, "backup")))
          .get();
        // A backup waits behind the accepted offer: its time to answer no longer runs.
        changes = { ...changes, backupPosition: (last?.position ?? 0) + 1, expiresAt: null };
        break;
      }
      case "share":
      case "unshare":
        changes = { ...changes, shared: input.type === "share" };
        if (input.type === "share" && !offer.shared) {
          news = () => noticeClientOffer(tx, transaction, { ...offer, shared: true }, latest, "shared", now);
        }
        break;
      case "wish":
        if (!input.wish)
          throw new InvalidInputError("Choose accept, counter or decline", {
            wish: ["Choose accept, counter or decline"],
          });
        if (input.wish === "counter" && !input.note) {
          throw new InvalidInputError("Say what you would counter with", { note: ["Say what you would counter with"] });
        }
        changes = { ...changes, wish: input.wish, wishNote: input.note ?? null, wishAt: now };
        news = () => noticeStaffOffer(tx, transaction, { ...offer, ...changes } as Offer, latest, "wish", now);
        break;
      case "submit": {
        // A requested offer is made now: its time to answer starts now unless the request gave one.
        const expiresAt = latest.expiresAt ?? defaultExpiry(now);
        tx.update(offerRounds).set({ expiresAt }).where(eq(offerRounds.id, latest.id)).run();
        changes = { ...changes, backupPosition: null, expiresAt };
        break;
      }
      case "withdraw": {
        const agentEmail = input.agentEmail ?? offer.agentEmail;
        changes = { ...changes, backupPosition: null, agentEmail };
        // Staff withdrawing a purchase offer tell the listing side: a withdrawal counts once it is delivered.
        if (who.actorRole === "staff" && transaction.type === "buying") {
          news = () => noticeWithdrawal(tx, actor, transaction, { ...offer, agentEmail }, latest, now);
        }
        break;
      }
      case "reject":
        changes = { ...changes, backupPosition: null };
        break;
      case "cancel":
        break;
    }
    if (input.documentIds?.length) attachDocuments(tx, offerId, transaction.id, input.documentIds);
    tx.update(offers).set(changes).where(eq(offers.id, offerId)).run();
    tx.insert(offerEvents)
      .values({
        offerId,
        type: input.type,
        roundId,
        ...who,
        note: input.type === "wish" ? `${input.wish}${input.note ? `: ${input.note}` : ""}` : (input.note ?? null),
        at: now,
      })
      .run();
    recordAudit(tx, actor, {
      action: `offer.${input.type}`,
      subject: { type: "offer", id: offerId },
      transactionId: transaction.id,
      changes: changesOf(offer as unknown as Record<string, unknown>, { ...changes, updatedAt: undefined }),
      at: now,
    });
    news?.();
    return getOffer(tx, actor, offerId, now);
  });
}

/** Whether another offer of the transaction is accepted (by the unique index offers_one_accepted_idx). */
const acceptedOtherThan = (db: DbOrTx, transactionId: number, offerId: number) =>
  Boolean(
    db
      .select({ id: offers.id })
      .from(offers)
      .where(and(eq(offers.transactionId, transactionId), eq(offers.status, "accepted"), ne(offers.id, offerId)))
      .get(),
  );

/**
 * An acceptance: the offer's acceptance date; on a sale each other open offer kept as a backup (those in
 * `backups`, in that order, behind any backups already) or rejected, each with its history event, its
 * audit and an e-mail to its buyer's agent (when their address is known); the transaction's home value,
 * property and contract from the accepted round, and the tracker's steps up to "Escrow opened" completed
 * (set up first if there were none). A purchase's other open offers stay open (app/lib/offer-rules.ts
 * `rejectsOthersOnAcceptance`).
 */
function accept(
  tx: DbOrTx,
  actor: Actor,
  transaction: Transaction,
  offer: Offer,
  round: OfferRound,
  acceptedOn: string,
  backups: number[],
  now: Date,
): Partial<Offer> {
  if (rejectsOthersOnAcceptance(transaction.type)) {
    const others = tx
      .select()
      .from(offers)
      .where(
        and(
          eq(offers.transactionId, transaction.id),
          ne(offers.id, offer.id),
          inArray(offers.status, OPEN_OFFER_STATUSES),
        ),
      )
      .all();
    const stray = backups.filter((id) => !others.some((o) => o.id === id));
    if (stray.length) {
      const message = "Keep as backups only other open offers on this home";
      throw new InvalidInputError(message, { backups: [message] });
    }
    const last = tx
      .select({ position: max(offers.backupPosition) })
      .from(offers)
      .where(and(eq(offers.transactionId, transaction.id), eq(offers.status, "backup")))
      .get();
    let position = last?.position ?? 0;
    const who = actorOf(tx, actor, transaction);
    const kept = [...new Set(backups)].map((id) => others.find((o) => o.id === id)!);
    for (const o of kept) {
      position += 1;
      tx.update(offers)
        .set({ status: "backup", backupPosition: position, expiresAt: null, updatedAt: now })
        .where(eq(offers.id, o.id))
        .run();
      tx.insert(offerEvents)
        .values({
          offerId: o.id,
          type: "backup",
          ...who,
          note: `Kept as backup ${position} when another offer was accepted.`,
          at: now,
        })
        .run();
      recordAudit(tx, actor, {
        action: "offer.backup",
        subject: { type: "offer", id: o.id },
        transactionId: transaction.id,
        changes: {
          status: { before: o.status, after: "backup" },
          backupPosition: { before: null, after: position },
          because: `offer ${offer.id} was accepted`,
        },
        at: now,
      });
      noticeOtherBuyerAgent(tx, actor, transaction, o, latestRound(tx, o.id), position, now);
    }
    for (const o of others.filter((x) => !kept.includes(x))) {
      tx.update(offers)
        .set({ status: "rejected", rejectedByOfferId: offer.id, backupPosition: null, updatedAt: now })
        .where(eq(offers.id, o.id))
        .run();
      tx.insert(offerEvents)
        .values({ offerId: o.id, type: "reject", ...SYSTEM, note: "Another offer was accepted.", at: now })
        .run();
      recordAudit(tx, actor, {
        action: "offer.reject",
        subject: { type: "offer", id: o.id },
        transactionId: transaction.id,
        changes: { status: { before: o.status, after: "rejected" }, because: `offer ${offer.id} was accepted` },
        at: now,
      });
      noticeOtherBuyerAgent(tx, actor, transaction, o, latestRound(tx, o.id), null, now);
    }
  }
  const property =
    transaction.type === "buying" ? (offer.listingAddress ?? transaction.propertyAddress) : transaction.propertyAddress;
  tx.update(transactions)
    .set({
      homeValueCents: round.priceCents,
      tier: tierFor(round.priceCents).tier,
      propertyAddress: property,
      contractOfferId: offer.id,
      updatedAt: now,
    })
    .where(eq(transactions.id, transaction.id))
    .run();
  const zero = [
    round.investigationDays === 0 ? "investigation_contingency" : null,
    round.appraisalDays === 0 ? "appraisal_contingency" : null,
    round.loanDays === 0 ? "loan_contingency" : null,
  ].filter((k): k is "investigation_contingency" | "appraisal_contingency" | "loan_contingency" => k !== null);
  writeContract(
    tx,
    { ...transaction, propertyAddress: property },
    {
      acceptedOn,
      closingOn: addDaysTo(acceptedOn, round.closeOfEscrowDays),
      days: {
        investigation_contingency: round.investigationDays,
        appraisal_contingency: round.appraisalDays,
        loan_contingency: round.loanDays,
      },
    },
    now,
    zero,
  );
  completeAcceptanceSteps(tx, actor, transaction, now);
  return { acceptedOn, backupPosition: null, expiresAt: null };
}

const latestRound = (tx: DbOrTx, offerId: number) => roundsOf(tx, offerId).at(-1)!;

const EXPIRING: readonly string[] = ["submitted", "received", "countered"];

/**
 * The background tick's (app/infra/mail-sender.server.ts): open offers whose latest round's time ran out
 * with no answer become `expired`, and the client and staff are told. At most `limit` a tick, soonest
 * first, by the partial index offers_expiry_idx (its condition is written out here for SQLite to use it).
 */
export function expireOffers(db: Db, now: Date, limit = 20): number {
  const due = db
    .select({ id: offers.id })
    .from(offers)
    .where(
      and(
        // The index's condition, written out for SQLite to use it; an offer awaiting the seller's final
        // signature has no time to answer (expires_at is null), so it is never among these.
        sql`${offers.status} IN ('submitted', 'received', 'countered', 'awaiting_final_signature')`,
        isNotNull(offers.expiresAt),
        lte(offers.expiresAt, now),
      ),
    )
    .orderBy(asc(offers.expiresAt))
    .limit(limit)
    .all();
  for (const { id } of due) {
    db.transaction((tx) => {
      const offer = tx.select().from(offers).where(eq(offers.id, id)).get();
      if (!offer?.expiresAt || offer.expiresAt > now || !EXPIRING.includes(offer.status)) return;
      const transaction = tx.select().from(transactions).where(eq(transactions.id, offer.transactionId)).get()!;
      const latest = roundsOf(tx, id).at(-1)!;
      tx.update(offers).set({ status: "expired", updatedAt: now }).where(eq(offers.id, id)).run();
      tx.insert(offerEvents)
        .values({ offerId: id, type: "expire", roundId: latest.id, ...SYSTEM, note: null, at: now })
        .run();
      recordAudit(tx, null, {
        action: "offer.expire",
        subject: { type: "offer", id },
        transactionId: transaction.id,
        changes: { status: { before: offer.status, after: "expired" } },
        at: now,
      });
      noticeClientOffer(tx, transaction, offer, latest, "expired", now);
      noticeStaffOffer(tx, transaction, offer, latest, "expired", now);
    });
  }
  return due.length;
}

/** Whether a transaction's contract came from an offer that was later cancelled (the contract form says so). */
export function contractFromCancelledOffer(db: DbOrTx, transaction: Pick<Transaction, "contractOfferId">) {
  if (!transaction.contractOfferId) return false;
  const row = db.select({ status: offers.status }).from(offers).where(eq(offers.id, transaction.contractOfferId)).get();
  return row?.status === "cancelled";
}
