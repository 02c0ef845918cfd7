/**
 * A transaction's file, on request (B&P §10148; docs/decisions/030-team.md): everything the agency holds
 * on one transaction, as data, for the export's ZIP (app/routes/admin.transactions.$id_.export.tsx, which
 * writes it: summary.html, transaction.json (with the checklist and its reviews, the CDA versions), messages.txt, audit.csv, documents/). Admins only; the export
 * is itself recorded (`export`) before the file is read, so its own event is in its audit.csv. Every amount
 * is in US dollars as a decimal string ("1175000.00"), as the API writes money (docs/spec.md §3).
 */
import { asc, eq } from "drizzle-orm";
import type { Db } from "~/db/client.server";
import { cdas, documents, messages, users } from "~/db/schema";
import { fullName } from "~/lib/format";
import { type Actor } from "~/models/actor.server";
import { recordAudit } from "~/models/audit-log.server";
import { eachAudit } from "~/models/audit.server";
import { getContract } from "~/models/contract.server";
import { toCommissionJson, transactionCommission } from "~/models/commission.server";
import { toCdaJson } from "~/models/cda.server";
import { getChecklist } from "~/models/file-review.server";
import { reviewsForExport } from "~/models/file-review-queue.server";
import { apiDecimal } from "~/lib/money";
import { listEstimates, toEstimateResultJson } from "~/models/estimate.server";
import { listMilestones } from "~/models/milestone.server";
import { getOffer, listOffers } from "~/models/offer.server";
import { agentCardOf } from "~/models/user.server";
import { collaboratorIds } from "~/models/transaction.server";
import { assertAdmin, getTransaction } from "~/models/permissions.server";

/** A document's path in the ZIP: its display name, made safe for a path, numbered when a name repeats. */
export function documentPaths(names: string[]): string[] {
  const seen = new Map<string, number>();
  return names.map((raw) => {
    const name = raw.replace(/[/\\]/g, "_").replace(/^\.+/, "_").trim() || "document";
    const key = name.toLowerCase();
    const n = (seen.get(key) ?? 0) + 1;
    seen.set(key, n);
    if (n === 1) return `documents/${name}`;
    const dot = name.lastIndexOf(".");
    const numbered = dot > 0 ? `${name.slice(0, dot)} (${n})${name.slice(dot)}` : `${name} (${n})`;
    seen.set(numbered.toLowerCase(), 1);
    return `documents/${numbered}`;
  });
}

const dollars = (cents: number | null) => (cents === null ? null : apiDecimal(cents));

export function transactionFile(db: Db, actor: Actor, id: number, now = new Date()) {
  assertAdmin(actor);
  const transaction = getTransaction(db, actor, id);
  const client = db.select().from(users).where(eq(users.id, transaction.userId)).get();
  const docs = db
    .select()
    .from(documents)
    .where(eq(documents.transactionId, id))
    .orderBy(asc(documents.createdAt), asc(documents.id))
    .all();
  const paths = documentPaths(docs.map((d) => d.name));
  recordAudit(db, actor, {
    action: "export",
    subject: { type: "transaction", id },
    transactionId: id,
    changes: { documents: docs.length },
    at: now,
  });
  const thread = db
    .select()
    .from(messages)
    .where(eq(messages.transactionId, id))
    .orderBy(asc(messages.createdAt), asc(messages.id))
    .all();
  const contract = getContract(db, actor, id);
  const data = {
    exportedAt: now.toISOString(),
    transaction: {
      id: transaction.id,
      type: transaction.type,
      status: transaction.status,
      propertyAddress: transaction.propertyAddress,
      homeValue: dollars(transaction.homeValueCents),
      createdAt: transaction.createdAt.toISOString(),
      closedAt: transaction.closedAt?.toISOString() ?? null,
    },
    client: client ? { name: fullName(client) || null, email: client.email } : null,
    agent: agentCardOf(db, transaction.assignedAgentId),
    collaborators: collaboratorIds(db, id).map((c) => agentCardOf(db, c)),
    contract: {
      acceptedOn: contract.acceptedOn,
      closingOn: contract.closingOn,
      deadlines: contract.deadlines.map((d) => ({
        key: d.key,
        title: d.title,
        dueOn: d.dueOn,
        status: d.status,
        doneAt: d.doneAt?.toISOString() ?? null,
      })),
    },
    // The broker's review: the checklist as it stands and every review, who, when and the SHA-256 of
    // each document it covered.
    checklist: (({ items, complete }) => ({ complete, items }))(getChecklist(db, actor, id)),
    reviews: reviewsForExport(db, id).map((r) => ({ ...r, at: r.at.toISOString() })),
    // Paying agents: the commission's terms and figures as of the export, and the payout once completed.
    commission: toCommissionJson(transactionCommission(db, actor, id, now)),
    // Every CDA version approved and sent to escrow, superseded ones too, with the SHA-256 of its sealed PDF.
    cdas: db.select().from(cdas).where(eq(cdas.transactionId, id)).orderBy(asc(cdas.version)).all().map(toCdaJson),
    milestones: listMilestones(db, actor, id).map((m) => ({
      step: m.stepNumber,
      title: m.title,
      status: m.status,
      completedAt: m.completedAt?.toISOString() ?? null,
      notes: m.adminNotes,
    })),
    offers: listOffers(db, actor, id, now).map((o) => {
      const detail = getOffer(db, actor, o.id, now);
      return {
        id: o.id,
        status: o.status,
        buyerName: o.buyerName,
        listingAddress: o.listingAddress,
        net: dollars(o.net),
        rounds: o.rounds.map((r) => ({
          number: r.number,
          by: r.by,
          price: apiDecimal(r.priceCents),
          financing: r.financing,
          deposit: dollars(r.depositCents),
          closeOfEscrowDays: r.closeOfEscrowDays,
          createdAt: r.createdAt.toISOString(),
        })),
        events: detail.events.map((e) => ({ type: e.type, by: e.actorName, at: e.at.toISOString(), note: e.note })),
      };
    }),
    estimates: listEstimates(db, actor, id).map((e) => {
      const { totals, lines, missing } = toEstimateResultJson(e.result);
      return { name: e.name, side: e.side, scheduleDate: e.scheduleDate, totals, lines, missing };
    }),
    messages: thread.map((m) => ({
      at: m.createdAt.toISOString(),
      author: m.authorName,
      role: m.authorRole,
      byEmail: m.via === "email",
      hidden: m.hiddenAt !== null,
      body: m.body,
    })),
    documents: docs.map((d, i) => ({
      id: d.id,
      name: d.name,
      path: paths[i]!,
      contentType: d.contentType,
      size: d.size,
      sha256: d.sha256,
      uploadedAt: d.createdAt.toISOString(),
      uploadedBy: d.uploadedByRole,
      removedAt: d.removedAt?.toISOString() ?? null,
    })),
  };
  return {
    data,
    /** The files' store keys, beside their paths in the ZIP. */
    files: docs.map((d, i) => ({ key: d.storageKey, path: paths[i]!, size: d.size })),
    /** The transaction's audit, newest first, read as the ZIP is written. */
    audit: () => eachAudit(db, actor, { transactionId: id }),
  };
}

export type TransactionFileData = ReturnType<typeof transactionFile>["data"];

/** messages.txt: the whole thread, oldest first, with dates, authors, "by e-mail" and hidden ones marked. */
export function messagesText(data: TransactionFileData, formatAt: (iso: string) => string): string {
  if (data.messages.length === 0) return "No messages.\n";
  return data.messages
    .map((m) => {
      const marks = [m.byEmail ? "by e-mail" : null, m.hidden ? "HIDDEN from the client" : null].filter(Boolean);
      return `${formatAt(m.at)} · ${m.author} (${m.role})${marks.length ? ` · ${marks.join(" · ")}` : ""}\n${m.body}\n`;
    })
    .join("\n");
}
