/**
 * The Offers section (the portal and the workspace): its forms (a new offer; any move of one, by its
 * `type`) and what the section shows (`offersData`): the offers as listed, compared by net on a sale
 * (sorted by `?offerSort=&offerDir=`), the opened one (`?offer=<id>`) with its history and the moves the
 * rules allow the person, the new offer's form (`?offer=new`, on a purchase `&listing=<id>`). The models
 * decide (app/models/offer*.server.ts); a bad field comes back on its field, a forbidden move as its
 * sentence beside the offer and in a toast.
 */
import { data } from "@remix-run/node";
import type { Db } from "~/db/client.server";
import type { OfferRound, Transaction, User } from "~/db/schema";
import { OFFER_MOVES, type OfferMove } from "~/domain/enums";
import { redirectWithToast } from "~/infra/flash-toast.server";
import { refuse, type Refusal } from "~/infra/page-action.server";
import { InvalidInputError } from "~/lib/errors";
import { parseId } from "~/infra/http.server";
import { offerIntents } from "~/lib/intents";
import { allowedMoves, defaultExpiry, isOpen } from "~/lib/offer-rules";
import { expiryInput } from "~/lib/offer-schema";
import { todayIn } from "~/lib/plain-date";
import { documentNames } from "~/models/document.server";
import { listSavedHomes } from "~/models/saved-home.server";
import { applyOfferEvent } from "~/models/offer-moves.server";
import { buyerAgreementNeed, needView } from "~/models/buyer-agreement.server";
import { createOffer, getOffer, listOffers, type OfferDetail, type OfferView } from "~/models/offer.server";
import { figuresFor, netBasis, saveSellerFigures } from "~/models/seller-figures.server";
import { agencyCosts } from "~/models/settings.server";
import { figureValues } from "~/lib/estimate-schema";
import type { ListedOffer, OffersData, OfferSortKey, OpenedOffer } from "~/lib/offer-view";
import { backTo, type Section, type SectionContext } from "~/sections/page-sections.server";
import { isStaffOn } from "~/models/permissions.server";

export type OfferActionData = {
  intent: (typeof offerIntents)[keyof typeof offerIntents];
  /** The form answered: "new", or the offer's id and the move. */
  offer: string;
  move?: OfferMove;
  values: Record<string, unknown>;
  errors: Record<string, string[]>;
  refusal?: Refusal;
};

export const offerSection: Section<typeof offerIntents> = {
  intents: offerIntents,
  act: (ctx, intent, formData) =>
    intent === offerIntents.create
      ? create(ctx, formData)
      : intent === offerIntents.figures
        ? figures(ctx, formData)
        : move(ctx, formData),
};

/** A form's fields as the API's body: "contingencies.loan" nested, repeated names (documentIds) a list. */
export function bodyOf(formData: FormData, skip: string[] = ["intent"]): Record<string, unknown> {
  const body: Record<string, unknown> = {};
  for (const key of new Set(formData.keys())) {
    if (skip.includes(key)) continue;
    const values = formData.getAll(key).filter((v): v is string => typeof v === "string");
    const value = key === "documentIds" || key === "backups" ? values : values[0];
    const path = key.split(".");
    let target = body;
    for (const part of path.slice(0, -1)) target = (target[part] ??= {}) as Record<string, unknown>;
    target[path.at(-1)!] = value;
  }
  return body;
}

const answer = (
  status: number,
  fields: Omit<OfferActionData, "errors" | "values"> & {
    values: Record<string, unknown>;
    errors?: Record<string, string[]>;
  },
) => data<OfferActionData>({ errors: {}, ...fields }, { status });

/** What was typed, by field name, to fill a refused form again. */
const typed = (formData: FormData) =>
  Object.fromEntries([...formData.entries()].filter(([k, v]) => k !== "intent" && typeof v === "string"));

async function create(ctx: SectionContext, formData: FormData) {
  const body = bodyOf(formData);
  const values = typed(formData);
  try {
    if (ctx.transactionId === undefined) throw new InvalidInputError("You have no active transaction.");
    const offer = createOffer(ctx.db, ctx.actor, ctx.transactionId, body);
    return redirectWithToast(`${ctx.back}?offer=${offer.id}${ctx.asPage === false ? "" : "#offers"}`, {
      description: offer.status === "requested" ? "Offer requested: your agent will make it." : "Offer recorded.",
    });
  } catch (error) {
    if (error instanceof InvalidInputError && Object.keys(error.fieldErrors).length) {
      return answer(400, { intent: offerIntents.create, offer: "new", values, errors: error.fieldErrors });
    }
    return refuse(error, { data: { intent: offerIntents.create, offer: "new", values, errors: {} } });
  }
}

/** A sale's seller figures (the form "Your figures for the nets"): every offer's net is worked out again. */
async function figures(ctx: SectionContext, formData: FormData) {
  const values = typed(formData);
  const { intent: _intent, ...body } = Object.fromEntries(formData);
  try {
    if (ctx.transactionId === undefined) throw new InvalidInputError("You have no active transaction.");
    saveSellerFigures(ctx.db, ctx.actor, ctx.transactionId, otherCostsOf(body));
  } catch (error) {
    if (error instanceof InvalidInputError && Object.keys(error.fieldErrors).length) {
      return answer(400, { intent: offerIntents.figures, offer: "figures", values, errors: error.fieldErrors });
    }
    return refuse(error, { data: { intent: offerIntents.figures, offer: "figures", values, errors: {} } });
  }
  return redirectWithToast(backTo(ctx, "offers"), { description: "Figures saved: every offer's net uses them." });
}

/** A form's `otherCosts[0].label` fields as the API's list. */
function otherCostsOf(body: Record<string, FormDataEntryValue>) {
  const rows: Array<Record<string, unknown>> = [];
  const rest: Record<string, unknown> = {};
  for (const [key, value] of Object.entries(body)) {
    const match = /^otherCosts\[(\d+)\]\.(label|amount)$/.exec(key);
    if (match) (rows[Number(match[1])] ??= {})[match[2]!] = value;
    else rest[key] = value;
  }
  return { ...rest, otherCosts: rows.filter(Boolean) };
}

const TOASTS: Partial<Record<OfferMove, string>> = {
  counter: "Counter recorded.",
  accept: "Acceptance recorded.",
  final_signature: "Final signature recorded: the offer is accepted.",
  reject: "Offer rejected.",
  withdraw: "Offer withdrawn.",
  backup: "Offer kept as a backup.",
  cancel: "Accepted offer cancelled.",
  share: "Offer shared with the client.",
  unshare: "Offer hidden from the client.",
  submit: "Offer submitted.",
  wish: "Your answer was sent to your agent.",
};

async function move(ctx: SectionContext, formData: FormData) {
  const offerId = parseId(formData.get("offerId") as string | null);
  const type = formData.get("type") as OfferMove;
  const { offerId: _id, type: _type, ...rest } = bodyOf(formData);
  const { by, multiple, acceptedOn, note, wish, roundId, documentIds, agentEmail, backups, confirmed, ...terms } = rest;
  const body = {
    type,
    by,
    multiple,
    acceptedOn,
    note,
    wish,
    roundId,
    documentIds,
    agentEmail,
    backups,
    confirmed,
    terms,
  };
  const where = { intent: offerIntents.move, offer: String(offerId ?? ""), move: type, values: typed(formData) };
  if (!offerId || !OFFER_MOVES.includes(type))
    return answer(400, { ...where, errors: { form: ["Choose an offer and a move"] } });
  try {
    applyOfferEvent(ctx.db, ctx.actor, offerId, body);
  } catch (error) {
    if (error instanceof InvalidInputError && Object.keys(error.fieldErrors).length) {
      // A counter's terms are the form's own fields: "terms.price" is the field "price".
      const errors = Object.fromEntries(
        Object.entries(error.fieldErrors).map(([key, messages]) => [key.replace(/^terms\./, ""), messages]),
      );
      return answer(400, { ...where, errors });
    }
    return refuse(error, { data: { ...where, errors: {} } });
  }
  const back = backTo(ctx, "offers");
  const [path, hash] = back.split("#");
  return redirectWithToast(`${path}?offer=${offerId}${hash ? `#${hash}` : ""}`, {
    description: TOASTS[type] ?? "Saved.",
  });
}

// ---- what the section shows --------------------------------------------------------------------------------

export const OFFER_SORTS: readonly OfferSortKey[] = [
  "net",
  "price",
  "financing",
  "deposit",
  "close",
  "contingencies",
  "credits",
  "agentPay",
  "expiry",
];

/** A round's terms as the section shows them (the listed offer's latest round, an opened offer's every one). */
const termsOfRound = (r: OfferRound) => ({
  id: r.id,
  number: r.number,
  by: r.by,
  multiple: r.multiple,
  priceCents: r.priceCents,
  financing: r.financing,
  downPaymentPercent: r.downPaymentBasisPoints / 100,
  depositCents: r.depositCents,
  closeOfEscrowDays: r.closeOfEscrowDays,
  contingencies: { investigation: r.investigationDays, appraisal: r.appraisalDays, loan: r.loanDays },
  sellerCreditCents: r.sellerCreditCents,
  buyerAgentPayCents: r.buyerAgentPayCents,
  buyerAgentPayPercent: r.buyerAgentPayMilli === null ? null : r.buyerAgentPayMilli / 1000,
});

/** An offer as the section lists it (JSON-safe: dates as ISO strings, money as numbers). */
export function toListedOffer(o: OfferView): ListedOffer {
  const r = o.latest;
  return {
    id: o.id,
    status: o.status,
    shared: o.shared,
    buyerName: o.buyerName,
    buyerAgent: o.buyerAgent,
    agentEmail: o.agentEmail,
    listingAddress: o.listingAddress,
    rounds: o.rounds.length,
    latest: termsOfRound(r),
    net: o.net,
    expiresAt: o.expiresAt?.toISOString() ?? null,
    acceptedOn: o.acceptedOn,
    backupPosition: o.backupPosition,
    wish: o.wish ? { wish: o.wish, note: o.wishNote } : null,
  };
}

const sortValue = (o: ListedOffer, key: OfferSortKey): number | string => {
  const r = o.latest;
  switch (key) {
    case "net":
      return o.net ?? 0;
    case "price":
      return r.priceCents;
    case "financing":
      return r.financing;
    case "deposit":
      return r.depositCents;
    case "close":
      return r.closeOfEscrowDays;
    case "contingencies":
      return r.contingencies.investigation + r.contingencies.appraisal + r.contingencies.loan;
    case "credits":
      return r.sellerCreditCents;
    case "agentPay":
      return r.buyerAgentPayCents;
    case "expiry":
      return o.expiresAt ?? "9999";
  }
};

export function offersData(
  db: Db,
  actor: User,
  transaction: Transaction,
  search: URLSearchParams,
  now = new Date(),
): OffersData {
  const staff = isStaffOn(db, actor, transaction);
  const listed = listOffers(db, actor, transaction.id, now).map(toListedOffer);
  const sortParam = search.get("offerSort") as OfferSortKey | null;
  const sort: OfferSortKey =
    sortParam && OFFER_SORTS.includes(sortParam) ? sortParam : transaction.type === "selling" ? "net" : "expiry";
  const dir = search.get("offerDir") === "asc" || (!search.get("offerDir") && sort === "expiry") ? "asc" : "desc";
  const sorted = [...listed].sort((a, b) => {
    const [x, y] = [sortValue(a, sort), sortValue(b, sort)];
    const order = x < y ? -1 : x > y ? 1 : a.id - b.id;
    return dir === "asc" ? order : -order;
  });
  const openParam = search.get("offer");
  const openedId = parseId(openParam);
  let opened: OpenedOffer | null = null;
  if (openedId) {
    try {
      const detail = getOffer(db, actor, openedId, now);
      if (detail.transactionId === transaction.id) {
        const acceptedExists = listed.some((o) => o.status === "accepted" && o.id !== detail.id);
        opened = openedOf(detail, allowedMoves(detail, { id: actor.id, staff }, { acceptedExists, now }));
      }
    } catch {
      opened = null; // another's or gone: the section shows the list
    }
  }
  const buying = transaction.type === "buying";
  const open = sorted.filter((o) => isOpen(o.status));
  return {
    side: transaction.type,
    staff,
    now: now.toISOString(),
    today: todayIn(now),
    sort,
    dir,
    open,
    // A purchase whose offer was accepted: the client's other offers stay open until each withdrawal is recorded.
    stillOpen: buying && listed.some((o) => o.status === "accepted") ? open.length : 0,
    defaultExpiresAt: expiryInput(defaultExpiry(now)),
    others: sorted.filter((o) => !isOpen(o.status)),
    opened,
    creating: openParam === "new",
    canCreate: staff || buying,
    listings: buying
      ? listSavedHomes(db, { id: transaction.userId }).map((l) => ({
          id: l.id,
          address: l.address,
          priceCents: l.priceCents,
        }))
      : [],
    chosenListing: parseId(search.get("listing")),
    documents: staff ? documentNames(db, actor, transaction.id) : [],
    figures: buying ? null : figuresData(db, transaction, now),
    buyerAgreement: needView(buyerAgreementNeed(db, transaction, now)),
  };
}

function figuresData(db: Db, transaction: Transaction, now: Date): OffersData["figures"] {
  const view = figuresFor(db, transaction.id, todayIn(now));
  return {
    values: figureValues(view.figures),
    source: view.source,
    estimateName: view.estimate?.name ?? null,
    basis: netBasis(view.figures),
    costs: agencyCosts(db),
  };
}

function openedOf(detail: OfferDetail, moves: OfferMove[]): OpenedOffer {
  return {
    ...toListedOffer(detail),
    rounds: detail.rounds.map((r) => ({
      ...termsOfRound(r),
      expiresAt: r.expiresAt?.toISOString() ?? null,
      note: r.note,
      createdAt: r.createdAt.toISOString(),
    })),
    events: detail.events.map((e) => ({
      id: e.id,
      type: e.type,
      name: e.actorName,
      role: e.actorRole,
      at: e.at.toISOString(),
      note: e.note,
    })),
    documents: detail.documents,
    moves,
  };
}
