/**
 * An offer's e-mails, through the outbox (kind `offer`), in the database transaction of the change that
 * caused them. To the client, even with milestone notices off (offers cannot wait): an offer shared with
 * them, a counter from the other side, a multiple counter accepted (waiting for the seller's signature),
 * an acceptance, an expiry; only for offers they can see. To staff (the transaction's agent and
 * collaborators, else LEAD_ALERT_EMAILS: app/models/staff-recipients.server.ts): a client asked
 * for an offer or answered one, an offer expired. To the other side's agent, when their e-mail is known: a
 * purchase offer withdrawn (the listing agent); on a sale's acceptance, each other offer rejected or kept as
 * a backup (its buyer's agent).
 */
import { homeOf } from "~/lib/home-name";
import { and, eq } from "drizzle-orm";
import { createElement } from "react";
import { env } from "~/config/env.server";
import type { DbOrTx } from "~/db/client.server";
import { deadlines, users, type Offer, type OfferRound, type Transaction } from "~/db/schema";
import type { OfferWish } from "~/domain/enums";
import { OfferEmail } from "~/emails/offer";
import { renderEmail } from "~/emails/render.server";
import { formatDateTime, fullName } from "~/lib/format";
import { formatMoney } from "~/lib/money";
import { formatPlainDate } from "~/lib/plain-date";
import { recipientOf } from "~/models/client-notices.server";
import { enqueueEmail } from "~/models/mail-queue.server";
import { staffRecipients } from "~/models/staff-recipients.server";
import { tabPath } from "~/lib/workspace-tabs";

export type ClientOfferNews = "shared" | "countered" | "awaiting" | "accepted" | "expired" | "withdrawn";
export type StaffOfferNews = "requested" | "wish" | "expired";

const WISH_WORDS: Record<OfferWish, string> = {
  accept: "would like to accept",
  counter: "would like to counter",
  decline: "would like to decline",
};

/** "$850,000 from Jane Buyer" (a sale) or "your offer on 123 Ocean Ave" (a purchase). */
function describe(offer: Offer, round: OfferRound, transaction: Transaction) {
  return transaction.type === "selling"
    ? `${formatMoney(round.priceCents)}${offer.buyerName ? ` from ${offer.buyerName}` : ""}`
    : `your ${formatMoney(round.priceCents)} offer on ${offer.listingAddress ?? "a home"}`;
}

const termsLines = (round: OfferRound) => [
  `Price: ${formatMoney(round.priceCents)}; close of escrow ${round.closeOfEscrowDays} days after acceptance`,
  round.expiresAt ? `Answer by: ${formatDateTime(round.expiresAt)} (San Diego)` : "No expiry given",
];

/**
 * An accepted offer's lines: the price and the real dates, as the key dates have them (the close of escrow
 * moved off a weekend or holiday), read after the acceptance wrote the contract.
 */
function acceptedLines(db: DbOrTx, transaction: Transaction, offer: Offer, round: OfferRound) {
  const close = db
    .select({ dueOn: deadlines.dueOn })
    .from(deadlines)
    .where(and(eq(deadlines.transactionId, transaction.id), eq(deadlines.key, "close_of_escrow")))
    .get();
  return [
    `Price: ${formatMoney(round.priceCents)}`,
    ...(offer.acceptedOn ? [`Accepted on ${formatPlainDate(offer.acceptedOn)} (Day 0 of the contract)`] : []),
    ...(close ? [`Close of escrow: ${formatPlainDate(close.dueOn)}`] : []),
  ];
}

/** An offer's e-mail, to the client or to staff: its headline, lines, note and a button to `path` (if any). */
function offerEmail(p: {
  headline: string;
  lines: string[];
  note: string | null;
  path: string | null;
  action: string;
}) {
  const { site, appUrl } = env().mail;
  return renderEmail(
    createElement(OfferEmail, {
      site,
      appUrl,
      preview: p.headline,
      headline: p.headline,
      lines: p.lines,
      note: p.note,
      url: p.path === null ? null : `${appUrl}${p.path}`,
      action: p.action,
    }),
  );
}

export function noticeClientOffer(
  db: DbOrTx,
  transaction: Transaction,
  offer: Offer,
  round: OfferRound,
  news: ClientOfferNews,
  now: Date,
) {
  if (!offer.shared) return;
  const client = db.select().from(users).where(eq(users.id, transaction.userId)).get();
  if (!client) return;
  const what = describe(offer, round, transaction);
  const place = transaction.type === "selling" ? homeOf(transaction) : (offer.listingAddress ?? "a home");
  const { subject, headline } = {
    shared: { subject: `An offer to review: ${what}`, headline: `An offer for you to review: ${what}` },
    countered: {
      subject: `A counter came back: ${place}`,
      headline: `The ${round.by} countered: ${formatMoney(round.priceCents)}`,
    },
    awaiting: {
      subject: `A multiple counter was accepted: ${place}`,
      headline: `The buyer accepted the multiple counter: it binds only when the seller signs it again`,
    },
    accepted: { subject: `Offer accepted: ${place}`, headline: `Accepted: ${what}` },
    expired: { subject: `An offer expired: ${place}`, headline: `No answer in time: ${what} expired` },
    withdrawn: { subject: `Offer withdrawn: ${place}`, headline: `Withdrawn: ${what}` },
  }[news];
  const accepted = news === "accepted";
  const { html, text } = offerEmail({
    headline,
    lines: [place, ...(accepted ? acceptedLines(db, transaction, offer, round) : termsLines(round))],
    note: round.note,
    path: accepted ? "/client-portal#key-dates" : `/client-portal?offer=${offer.id}#offers`,
    action: accepted ? "See your key dates" : "Open the offer",
  });
  enqueueEmail(
    db,
    { kind: "offer", to: recipientOf(client), subject, text, html, links: { transactionId: transaction.id } },
    now,
  );
}

export function noticeStaffOffer(
  db: DbOrTx,
  transaction: Transaction,
  offer: Offer,
  round: OfferRound,
  news: StaffOfferNews,
  now: Date,
) {
  const client = db.select().from(users).where(eq(users.id, transaction.userId)).get();
  const name = client ? fullName(client) || client.email : "The client";
  const what = describe(offer, round, transaction).replace(/^your /, "their ");
  const { subject, headline } = {
    requested: {
      subject: `${name} asks you to make an offer: ${offer.listingAddress ?? "a home"}`,
      headline: `${name} asks you to make ${what}`,
    },
    wish: {
      subject: `${name} answered an offer: ${offer.wish ? WISH_WORDS[offer.wish] : "an answer"}`,
      headline: `${name} ${offer.wish ? WISH_WORDS[offer.wish] : "answered"}: ${what}`,
    },
    expired: {
      subject: `An offer expired: ${homeOf(transaction)}`,
      headline: `No answer in time: ${what} expired`,
    },
  }[news];
  const { html, text } = offerEmail({
    headline,
    lines: [`Client: ${name}`, `Property: ${homeOf(transaction)}`, ...termsLines(round)],
    note: news === "wish" ? offer.wishNote : round.note,
    path: `${tabPath(transaction.id, "offers")}?offer=${offer.id}#offers`,
    action: "Open the offer",
  });
  for (const to of staffRecipients(db, transaction)) {
    enqueueEmail(
      db,
      {
        kind: "offer",
        to,
        replyTo: client?.email,
        subject,
        text,
        html,
        links: { transactionId: transaction.id },
      },
      now,
    );
  }
}

/**
 * A purchase offer withdrawn by staff: the client is told, and so is the listing agent when their e-mail is
 * known (the withdrawal takes effect once the seller's side receives it), from the staff member's name with
 * their address to reply to.
 */
export function noticeWithdrawal(
  db: DbOrTx,
  actor: { id: string },
  transaction: Transaction,
  offer: Offer,
  round: OfferRound,
  now: Date,
) {
  noticeClientOffer(db, transaction, offer, round, "withdrawn", now);
  const home = offer.listingAddress ?? "your listing";
  emailOtherAgent(db, actor, transaction, offer, {
    to: null,
    subject: `Offer withdrawn: ${home}`,
    headline: `Our buyer withdraws their offer on ${home}`,
    lines: [
      `Offer: ${formatMoney(round.priceCents)}, made ${formatDateTime(offer.createdAt)} (San Diego)`,
      `This e-mail is the buyer's notice of withdrawal, effective when you receive it.`,
    ],
    now,
  });
}

/**
 * An e-mail to the other side's agent of an offer (`offer.agentEmail`; none without it): no button (they
 * have no account), signed with the staff member's name (else the agency's), their address to reply to.
 */
function emailOtherAgent(
  db: DbOrTx,
  actor: { id: string },
  transaction: Transaction,
  offer: Offer,
  e: { to: string | null; subject: string; headline: string; lines: string[]; now: Date },
) {
  if (!offer.agentEmail) return;
  const staff = db.select().from(users).where(eq(users.id, actor.id)).get();
  const { site } = env();
  const sender = staff ? fullName(staff) || staff.email : site.name;
  const { html, text } = offerEmail({
    headline: e.headline,
    lines: [...e.lines, `${sender}, ${site.name}`],
    note: null,
    path: null,
    action: "",
  });
  enqueueEmail(
    db,
    {
      kind: "offer",
      to: { address: offer.agentEmail, name: e.to },
      replyTo: staff?.email,
      subject: e.subject,
      text,
      html,
      links: { transactionId: transaction.id },
    },
    e.now,
  );
}

/**
 * A sale's acceptance, to each other offer's buyer's agent (when their e-mail is known): their buyer's
 * offer was not accepted, or is kept as backup N (it moves up only if the accepted offer falls through).
 * From the staff member's name, with their address to reply to; no button (they have no account).
 */
export function noticeOtherBuyerAgent(
  db: DbOrTx,
  actor: { id: string },
  transaction: Transaction,
  offer: Offer,
  round: OfferRound,
  backupPosition: number | null,
  now: Date,
) {
  const home = homeOf(transaction);
  const what = `${formatMoney(round.priceCents)}${offer.buyerName ? ` from ${offer.buyerName}` : ""}`;
  const { subject, headline, lines } =
    backupPosition === null
      ? {
          subject: `Offer not accepted: ${home}`,
          headline: `The seller accepted another offer on ${home}`,
          lines: [`Your buyer's offer (${what}) was not accepted, and is rejected.`],
        }
      : {
          subject: `Backup offer ${backupPosition}: ${home}`,
          headline: `The seller accepted another offer on ${home} and keeps your buyer's offer as backup ${backupPosition}`,
          lines: [
            `Your buyer's offer (${what}) moves up only if the accepted offer is cancelled; we will tell you at once.`,
          ],
        };
  emailOtherAgent(db, actor, transaction, offer, { to: offer.buyerAgent, subject, headline, lines, now });
}
