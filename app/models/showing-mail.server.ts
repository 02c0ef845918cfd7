/**
 * The e-mails of a showing (docs/showings.md), each queued in the database transaction of the step
 * that causes it: to the buyer's agent, the confirmation with the access instructions and an invitation
 * (`.ics`, METHOD:REQUEST), a decline, another time proposed (accepted from their own link), a cancellation
 * (the invitation again as METHOD:CANCEL, STATUS:CANCELLED, the next SEQUENCE), the feedback request and its
 * one reminder; to the seller and the transaction's staff, a new request to answer.
 */
import type { DbOrTx } from "~/db/client.server";
import { users, type Showing, type Transaction } from "~/db/schema";
import { eq } from "drizzle-orm";
import { env } from "~/config/env.server";
import { formatSlot, fullName } from "~/lib/format";
import { invitation, type Visit } from "~/lib/visit-calendar";
import { queuePlainEmail } from "~/models/plain-mail.server";
import { staffRecipients } from "~/models/staff-recipients.server";
import { tabPath } from "~/lib/workspace-tabs";

/** The buyer's agent's own page of a showing: accept a proposed time, cancel, give feedback. */
export const agentShowingPath = (agentToken: string) => `/showings/agent/${agentToken}`;

const addressOf = (transaction: Pick<Transaction, "propertyAddress">) => transaction.propertyAddress ?? "The listing";

/** A showing as a calendar's visit. */
export function showingVisit(
  showing: Pick<Showing, "id" | "sequence" | "updatedAt" | "start" | "end" | "status" | "agentName" | "brokerage">,
  address: string,
  description: string,
): Visit {
  return {
    key: `showing-${showing.id}`,
    sequence: showing.sequence,
    stamp: showing.updatedAt,
    start: showing.start,
    end: showing.end,
    summary: `Showing — ${address}`,
    description,
    location: address,
    cancelled: showing.status === "cancelled",
  };
}

function send(
  tx: DbOrTx,
  transactionId: number,
  to: { address: string; name: string | null },
  subject: string,
  lines: string[],
  action: { label: string; url: string } | null,
  now: Date,
  calendar?: ReturnType<typeof invitation>,
) {
  queuePlainEmail(tx, { kind: "showing", to, subject, lines, action, calendar, transactionId }, now);
}

/** What the agent of an approved showing is told of getting in. */
const accessLine = (access: string) =>
  access ? `Access: ${access}` : "Access: the listing agent will tell you how to enter.";

function invitationOf(showing: Showing, address: string, description: string) {
  const { appUrl, site } = env().mail;
  return invitation(
    showingVisit(showing, address, description),
    { name: site.name, email: site.email, host: new URL(appUrl).hostname },
    { name: showing.agentName, email: showing.email },
  );
}

/**
 * The invitation of an approved showing (`invite.ics`, METHOD:REQUEST), as its confirmation carries it and the
 * agent's own page offers it: the time, the address, the access instructions and the page's link.
 */
export function confirmedInvitation(
  showing: Showing,
  transaction: Pick<Transaction, "propertyAddress">,
  access: string,
) {
  const page = `${env().mail.appUrl}${agentShowingPath(showing.agentToken)}`;
  return invitationOf(
    showing,
    addressOf(transaction),
    `Confirmed showing for ${showing.agentName} (${showing.brokerage}).\n${accessLine(access)}\n${page}`,
  );
}

export type ShowingMail = "received" | "approved" | "declined" | "proposed" | "cancelled" | "feedback" | "reminder";

/** An e-mail to the showing's buyer's agent; the confirmation and the cancellation carry the invitation. */
export function mailBuyerAgent(
  tx: DbOrTx,
  showing: Showing,
  transaction: Pick<Transaction, "id" | "propertyAddress" | "status">,
  access: string,
  what: ShowingMail,
  now: Date,
) {
  const { appUrl } = env().mail;
  const address = addressOf(transaction);
  const when = `${formatSlot(showing.start)} (San Diego time)`;
  const page = `${appUrl}${agentShowingPath(showing.agentToken)}`;
  const to = { address: showing.email, name: showing.agentName };
  const note = showing.note ? [`Note from the seller's side: ${showing.note}`] : [];
  const calendar = (description: string) => invitationOf(showing, address, description);
  switch (what) {
    case "received":
      send(
        tx,
        transaction.id,
        to,
        `Showing request received: ${address}`,
        [
          `We have your request to show ${address}: ${showing.slots.map((s) => formatSlot(s)).join("; ")} (San Diego time), for ${showing.people} ${showing.people === 1 ? "person" : "people"}.`,
          "The seller's side answers soon: you get an e-mail when a time is approved (with the access instructions and a calendar invitation), declined, or another time is proposed.",
          "Your page shows the answer; from it you can also withdraw the request, or accept a time the seller proposes.",
        ],
        { label: "See your request", url: page },
        now,
      );
      return;
    case "approved": {
      // A sale that ended never sends its access instructions again (app/models/showing.server.ts refuses first).
      if (transaction.status !== "active") throw new Error(`Showing ${showing.id}: the listing is no longer active`);
      const accessLines = [accessLine(access)];
      send(
        tx,
        transaction.id,
        to,
        `Showing confirmed: ${address}, ${formatSlot(showing.start)}`,
        [`Your showing of ${address} is confirmed for ${when}.`, ...accessLines, ...note],
        { label: "See or cancel the showing", url: page },
        now,
        confirmedInvitation(showing, transaction, access),
      );
      return;
    }
    case "cancelled":
      send(
        tx,
        transaction.id,
        to,
        `Showing cancelled: ${address}, ${formatSlot(showing.start)}`,
        [`The showing of ${address} on ${when} is cancelled.`, ...note],
        null,
        now,
        calendar(`Cancelled showing for ${showing.agentName} (${showing.brokerage}).`),
      );
      return;
    case "declined":
      send(
        tx,
        transaction.id,
        to,
        `Showing request declined: ${address}`,
        [`The seller cannot show ${address} at the times you asked for.`, ...note],
        null,
        now,
      );
      return;
    case "proposed":
      send(
        tx,
        transaction.id,
        to,
        `Another time proposed: ${address}, ${formatSlot(showing.start)}`,
        [`The seller proposes ${when} for your showing of ${address}.`, ...note],
        { label: "Accept this time", url: page },
        now,
      );
      return;
    case "feedback":
    case "reminder":
      send(
        tx,
        transaction.id,
        to,
        `${what === "reminder" ? "Reminder: " : ""}How was the showing of ${address}?`,
        [
          `You showed ${address} on ${when}. The seller reads every answer: your buyer's interest, what they think of the price, and your comments. It takes a minute and no account.`,
        ],
        { label: "Give feedback", url: `${page}#feedback` },
        now,
      );
      return;
  }
}

/** A new request to answer: to the seller and the transaction's staff. */
export function mailNewRequest(
  tx: DbOrTx,
  showing: Showing,
  transaction: Pick<Transaction, "id" | "propertyAddress" | "userId" | "assignedAgentId">,
  now: Date,
) {
  const address = addressOf(transaction);
  const times = showing.slots.map((s) => formatSlot(s)).join("; ");
  const approved = showing.status === "approved";
  mailSellerSide(
    tx,
    transaction,
    approved ? `Showing booked: ${address}, ${formatSlot(showing.start)}` : `Showing requested: ${address}`,
    [
      `${showing.agentName} (${showing.brokerage}, DRE ${showing.licenseNumber}) ${
        approved ? `booked ${formatSlot(showing.start)}` : `asks to show your home: ${times}`
      } for ${showing.people} ${showing.people === 1 ? "person" : "people"}.`,
      approved
        ? "It was approved automatically, as your showing rules say."
        : "Approve one of the times, decline or propose another.",
    ],
    now,
  );
}

/** The buyer's agent accepted the proposed time or cancelled, from their own page: the seller's side is told. */
export function mailAgentMove(
  tx: DbOrTx,
  showing: Showing,
  transaction: Pick<Transaction, "id" | "propertyAddress" | "userId" | "assignedAgentId">,
  now: Date,
) {
  const address = addressOf(transaction);
  const accepted = showing.status === "approved";
  mailSellerSide(
    tx,
    transaction,
    `${accepted ? "Showing confirmed" : "Showing cancelled"}: ${address}, ${formatSlot(showing.start)}`,
    [
      accepted
        ? `${showing.agentName} (${showing.brokerage}) accepted ${formatSlot(showing.start)}.`
        : `${showing.agentName} (${showing.brokerage}) cancelled the showing of ${formatSlot(showing.start)}.`,
    ],
    now,
  );
}

/** To the seller (their portal) and the transaction's staff (its workspace). */
function mailSellerSide(
  tx: DbOrTx,
  transaction: Pick<Transaction, "id" | "userId" | "assignedAgentId">,
  subject: string,
  lines: string[],
  now: Date,
) {
  const { appUrl } = env().mail;
  const seller = tx.select().from(users).where(eq(users.id, transaction.userId)).get();
  if (seller)
    send(
      tx,
      transaction.id,
      { address: seller.email, name: fullName(seller) || null },
      subject,
      lines,
      { label: "Open your showings", url: `${appUrl}/client-portal#showings` },
      now,
    );
  for (const staff of staffRecipients(tx, transaction))
    send(
      tx,
      transaction.id,
      staff,
      subject,
      lines,
      { label: "Open the transaction", url: `${appUrl}${tabPath(transaction.id, "showings")}#showings` },
      now,
    );
}
