/**
 * The workspace overview's summary line per part of the deal (docs/workspace.md): "Offers: 3, one accepted",
 * "Documents: 42, 2 waiting for review", … Each is a count or two over its own table by the transaction's index,
 * so the overview's cost does not grow with the deal. The caller has opened the transaction (who may read it).
 */
import { and, asc, count, eq, gte, isNull, sql } from "drizzle-orm";
import type { Db } from "~/db/client.server";
import {
  agreements,
  cdas,
  deadlines,
  estimates,
  homeListings,
  listingPhotos,
  messages,
  offers,
  openHouses,
  showings,
  tours,
  type Transaction,
} from "~/db/schema";
import { OFFER_STATUSES, type OfferStatus } from "~/domain/enums";
import { DEADLINE_RULES } from "~/lib/deadlines";
import { OFFER_STATUS_LABELS } from "~/lib/offer-rules";
import { formatShortDate, todayIn } from "~/lib/plain-date";
import { countOf } from "~/lib/plural";
import type { TabKey } from "~/lib/workspace-tabs";
import type { Actor } from "~/models/actor.server";
import { documentCount } from "~/models/document.server";

export type SummaryLine = { tab: TabKey; words: string };

export function workspaceSummary(
  db: Db,
  actor: Actor,
  t: Pick<Transaction, "id" | "type">,
  file: { words: string },
  now = new Date(),
): SummaryLine[] {
  const id = t.id;
  // A deal's offers are a few dozen at most: their statuses, counted here.
  const offerStatuses = db
    .select({ status: offers.status })
    .from(offers)
    .where(eq(offers.transactionId, id))
    .all()
    .map((row) => row.status);
  const agreement = db
    .select({ all: count(), signed: sql<number>`coalesce(sum(${agreements.status} = 'signed'), 0)` })
    .from(agreements)
    .where(eq(agreements.transactionId, id))
    .get()!;
  const message = db
    .select({ all: count() })
    .from(messages)
    .where(and(eq(messages.transactionId, id), isNull(messages.hiddenAt)))
    .get()!;
  const estimate = db.select({ all: count() }).from(estimates).where(eq(estimates.transactionId, id)).get()!;
  const cda = actor.isAdmin
    ? db
        .select({ version: cdas.version })
        .from(cdas)
        .where(and(eq(cdas.transactionId, id), eq(cdas.status, "current")))
        .get()
    : undefined;
  const next = db
    .select({ key: deadlines.key, dueOn: deadlines.dueOn })
    .from(deadlines)
    .where(and(eq(deadlines.transactionId, id), eq(deadlines.status, "open"), gte(deadlines.dueOn, todayIn(now))))
    .orderBy(asc(deadlines.dueOn))
    .limit(1)
    .get();
  const lines: SummaryLine[] = [
    { tab: "offers", words: offerWords(offerStatuses) },
    { tab: "agreements", words: `Agreements: ${agreement.all}${agreement.all ? `, ${agreement.signed} signed` : ""}` },
    {
      tab: "showings",
      words: t.type === "selling" ? showingWords(db, id, now) : tourWords(db, id),
    },
    { tab: "documents", words: `Documents: ${documentCount(db, actor, id)}; the file: ${file.words}` },
    { tab: "messages", words: `Messages: ${message.all}` },
    {
      tab: "money",
      words: `Estimates: ${estimate.all}${actor.isAdmin ? `; CDA: ${cda ? `version ${cda.version} approved` : "none yet"}` : ""}`,
    },
  ];
  if (t.type === "selling") lines.push({ tab: "listing", words: listingWords(db, id, now) });
  lines.push({
    tab: "contract",
    words: next
      ? `Next contract date: ${DEADLINE_RULES.find((r) => r.key === next.key)?.title ?? next.key}, ${formatShortDate(next.dueOn)}`
      : "Contract dates: none to come",
  });
  return lines;
}

/** "Offers: 3, one accepted, 2 backup": the count, then each status's, in the order an offer moves. */
function offerWords(statuses: OfferStatus[]) {
  const parts = OFFER_STATUSES.flatMap((status) => {
    const n = statuses.filter((s) => s === status).length;
    return n ? [`${n === 1 ? "one" : n} ${OFFER_STATUS_LABELS[status].toLowerCase()}`] : [];
  });
  return `Offers: ${statuses.length}${parts.length ? `, ${parts.join(", ")}` : ""}`;
}

/** A sale's showings to come, and those waiting for the seller's answer. */
function showingWords(db: Db, id: number, now: Date) {
  const showing = db
    .select({ all: count(), asked: sql<number>`coalesce(sum(${showings.status} = 'requested'), 0)` })
    .from(showings)
    .where(and(eq(showings.transactionId, id), gte(showings.start, now)))
    .get()!;
  return `Showings to come: ${showing.all}${showing.asked ? `, ${showing.asked} waiting for an answer` : ""}`;
}

/** A purchase's tours. */
function tourWords(db: Db, id: number) {
  return `Tours: ${db.select({ all: count() }).from(tours).where(eq(tours.transactionId, id)).get()!.all}`;
}

function listingWords(db: Db, id: number, now: Date) {
  const page = db
    .select({ state: homeListings.state })
    .from(homeListings)
    .where(eq(homeListings.transactionId, id))
    .get();
  const photo = db.select({ all: count() }).from(listingPhotos).where(eq(listingPhotos.transactionId, id)).get()!;
  const openHouse = db
    .select({ all: count() })
    .from(openHouses)
    .where(and(eq(openHouses.transactionId, id), gte(openHouses.startsAt, now), isNull(openHouses.cancelledAt)))
    .get()!;
  const state = page?.state === "live" ? "live" : page?.state === "sold" ? "sold" : "not public";
  return `Listing page: ${state}, ${countOf(photo.all, "photo")}, ${countOf(openHouse.all, "open house")} to come`;
}
