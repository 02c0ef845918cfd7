/**
 * Estimates: anyone's (the public net sheet and cash to close, and POST /api/estimates), and a
 * transaction's saved ones, which its client and admins create, edit and delete. A saved estimate keeps its
 * inputs and what they came to when it was saved (lines, totals, the title schedule's date, the escrow
 * rates), so it reads the same after the schedule or the settings change; editing computes it again.
 * Anyone else is told "not found": an estimate's existence is private too.
 */
import { and, desc, eq } from "drizzle-orm";
import type { Db, DbOrTx } from "~/db/client.server";
import { estimates, type EstimateRow, type Transaction } from "~/db/schema";
import { createElement } from "react";
import { env } from "~/config/env.server";
import { EstimateEmail } from "~/emails/estimate";
import { renderEmail } from "~/emails/render.server";
import type { ContactInput } from "~/lib/contact-schema";
import {
  estimate,
  estimateSummary,
  estimateTitle,
  listedLines,
  missingSentence,
  scheduleSentence,
  type Estimate,
  type EstimateInputs,
} from "~/lib/estimate";
import type { Party } from "~/domain/enums";
import { estimateInputsSchema, estimateNameSchema, inputValues, savedInputs } from "~/lib/estimate-schema";
import { InvalidInputError, NotFoundError } from "~/lib/errors";
import { apiDecimal, apiWholeDollars, formatMoney } from "~/lib/money";
import { todayIn } from "~/lib/plain-date";
import type { Actor } from "~/models/actor.server";
import { recordAudit } from "~/models/audit-log.server";
import { submitContact } from "~/models/lead-intake.server";
import { enqueueEmail } from "~/models/mail-queue.server";
import { agencyCosts } from "~/models/settings.server";
import { agentCardOf } from "~/models/user.server";
import { findTransaction, getTransaction } from "~/models/permissions.server";

const NOT_FOUND = "Estimate not found";

/** An estimate with the agency's escrow rates and usual costs (the public pages, the API). */
export const computeEstimate = (db: DbOrTx, inputs: EstimateInputs): Estimate => estimate(inputs, agencyCosts(db));

/**
 * "Send me this estimate" (the public pages): a lead like the contact form's (its alert and drip follow, but
 * no welcome: the estimate's e-mail answers the visitor), whose message holds the estimate's totals and its
 * link, and, in the same database transaction, the estimate (every line) e-mailed to the visitor. A filled honeypot stores and sends nothing (null).
 */
export function requestEstimate(db: Db, contact: ContactInput, inputs: EstimateInputs, url: string, now = new Date()) {
  const result = computeEstimate(db, inputs);
  const title = estimateTitle(result);
  const summary = estimateSummary(result);
  const message = [`Estimate: ${title}`, ...summary, `The estimate: ${url}`, contact.message]
    .filter(Boolean)
    .join("\n");
  const { site, appUrl } = env().mail;
  const { costs, payoffs } = listedLines(result);
  const lines = [...costs, ...payoffs, ...(result.withholding ? [result.withholding] : [])].map((l) => ({
    label: l.label,
    amount: formatMoney(l.amount),
  }));
  // The estimate's e-mail is the visitor's answer: no "Thanks, we got your message" welcome besides it.
  return submitContact(db, { ...contact, message }, now, { welcome: false }, (tx, lead) => {
    const subject = `Your estimate: ${title}`;
    const { html, text } = renderEmail(
      createElement(EstimateEmail, {
        site,
        appUrl,
        preview: summary.at(-1) ?? title,
        firstName: lead.firstName,
        title,
        summary,
        lines,
        missing: missingSentence(result),
        url,
        schedule: scheduleSentence(result),
        // A first contact: the lead's agent (the broker's line without one).
        agent: agentCardOf(tx, lead.assignedAgentId),
      }),
    );
    enqueueEmail(
      tx,
      {
        kind: "estimate",
        to: { address: lead.email, name: `${lead.firstName} ${lead.lastName}` },
        subject,
        text,
        html,
        links: { contactSubmissionId: lead.id },
      },
      now,
    );
  });
}

export type SavedEstimate = Omit<EstimateRow, "inputs" | "result"> & { inputs: EstimateInputs; result: Estimate };

const savedOf = (row: EstimateRow): SavedEstimate => ({
  ...row,
  inputs: savedInputs(row.inputs),
  result: row.result as Estimate,
});

/** The side of a transaction's estimate: a sale's net sheet, a purchase's cash to close. */
export const sideOf = (t: Pick<Transaction, "type">): Party => (t.type === "selling" ? "seller" : "buyer");

/** A new estimate's starting values for a transaction: its side, its home value, a name from the price. */
export function newEstimateValues(transaction: Pick<Transaction, "type" | "homeValueCents">) {
  const value = transaction.homeValueCents;
  return {
    name: value ? `at ${formatMoney(value)}` : "Estimate",
    values: { price: value ? apiWholeDollars(value) : "" } as Record<string, unknown>,
  };
}

/** A transaction's saved estimates, newest first (by the index (transaction_id, created_at)). */
export function listEstimates(db: Db, actor: Actor, transactionId: number): SavedEstimate[] {
  getTransaction(db, actor, transactionId);
  return db
    .select()
    .from(estimates)
    .where(eq(estimates.transactionId, transactionId))
    .orderBy(desc(estimates.createdAt), desc(estimates.id))
    .all()
    .map(savedOf);
}

/** One saved estimate the actor may read (its transaction's client, admins), else "not found". */
export function getEstimate(db: Db, actor: Actor, id: number): SavedEstimate {
  const row = db.select().from(estimates).where(eq(estimates.id, id)).get();
  if (!row || !findTransaction(db, actor, row.transactionId)) throw new NotFoundError(NOT_FOUND);
  return savedOf(row);
}

/** The inputs of a transaction's estimate: its side's schema, the side being the transaction's. */
function parseInputs(transaction: Transaction, raw: Record<string, unknown>, now: Date): EstimateInputs {
  const side = sideOf(transaction);
  if (raw.side !== undefined && raw.side !== side) {
    const message = `This transaction's estimates are a ${side}'s`;
    throw new InvalidInputError(message, { side: [message] });
  }
  const parsed = estimateInputsSchema(todayIn(now)).safeParse({ ...raw, side: sideOf(transaction) });
  if (!parsed.success) throw new InvalidInputError("Check the estimate's fields", fieldErrorsOf(parsed.error));
  return parsed.data;
}

/** A zod error's messages by field (the API's `errors`). */
const fieldErrorsOf = (error: { flatten(): { fieldErrors: Record<string, string[] | undefined> } }) =>
  Object.fromEntries(
    Object.entries(error.flatten().fieldErrors).filter((entry): entry is [string, string[]] => Boolean(entry[1])),
  );

const parseName = (name: unknown) => {
  const parsed = estimateNameSchema.safeParse(name);
  if (!parsed.success)
    throw new InvalidInputError(parsed.error.issues[0]!.message, { name: [parsed.error.issues[0]!.message] });
  return parsed.data;
};

/** Saves an estimate of a transaction (its client or an admin), computed with today's schedule and rates. */
export function createEstimate(
  db: Db,
  actor: Actor,
  transactionId: number,
  input: { name: unknown; inputs: Record<string, unknown> },
  now = new Date(),
): SavedEstimate {
  const transaction = getTransaction(db, actor, transactionId);
  const name = parseName(input.name);
  const inputs = parseInputs(transaction, input.inputs, now);
  const result = computeEstimate(db, inputs);
  return db.transaction((tx) => {
    const row = tx
      .insert(estimates)
      .values({
        transactionId,
        name,
        side: inputs.side,
        inputs,
        result,
        scheduleDate: result.schedule.effectiveDate,
        createdBy: actor.id,
        createdAt: now,
        updatedAt: now,
      })
      .returning()
      .get();
    recordAudit(tx, actor, {
      action: "estimate.create",
      subject: { type: "estimate", id: row.id },
      transactionId,
      changes: { name: { before: null, after: name }, ...figureOf(null, result) },
      at: now,
    });
    return savedOf(row);
  });
}

/** What the audit keeps of an estimate's figure: the net or the cash to close, in cents, before and after. */
function figureOf(before: Estimate | null, after: Estimate | null) {
  const figure = (e: Estimate | null) =>
    e === null ? null : e.side === "seller" ? e.totals.net : e.totals.cashToClose;
  const key = (after ?? before)?.side === "seller" ? "netCents" : "cashToCloseCents";
  return figure(before) === figure(after) ? {} : { [key]: { before: figure(before), after: figure(after) } };
}

/** Renames an estimate or changes its inputs (computed again with today's schedule and rates). */
export function updateEstimate(
  db: Db,
  actor: Actor,
  id: number,
  input: { name?: unknown; inputs?: Record<string, unknown> },
  now = new Date(),
): SavedEstimate {
  const current = getEstimate(db, actor, id);
  const transaction = getTransaction(db, actor, current.transactionId);
  const name = input.name === undefined ? current.name : parseName(input.name);
  const inputs = input.inputs === undefined ? current.inputs : parseInputs(transaction, input.inputs, now);
  const result = input.inputs === undefined ? current.result : computeEstimate(db, inputs);
  return db.transaction((tx) => {
    const row = tx
      .update(estimates)
      .set({ name, inputs, result, scheduleDate: result.schedule.effectiveDate, updatedAt: now })
      .where(and(eq(estimates.id, id), eq(estimates.transactionId, current.transactionId)))
      .returning()
      .get();
    const changes = {
      ...(name === current.name ? {} : { name: { before: current.name, after: name } }),
      ...figureOf(current.result, result),
    };
    if (Object.keys(changes).length > 0) {
      recordAudit(tx, actor, {
        action: "estimate.update",
        subject: { type: "estimate", id },
        transactionId: current.transactionId,
        changes,
        at: now,
      });
    }
    return savedOf(row!);
  });
}

export function deleteEstimate(db: Db, actor: Actor, id: number, now = new Date()): void {
  const current = getEstimate(db, actor, id);
  db.transaction((tx) => {
    tx.delete(estimates).where(eq(estimates.id, current.id)).run();
    recordAudit(tx, actor, {
      action: "estimate.delete",
      subject: { type: "estimate", id },
      transactionId: current.transactionId,
      changes: { name: { before: current.name, after: null }, ...figureOf(current.result, null) },
      at: now,
    });
  });
}

/** A saved estimate as a page lists it (app/components/estimates-section.tsx): its result in cents. */
export const toListedEstimate = (s: SavedEstimate) => ({
  id: s.id,
  name: s.name,
  side: s.side,
  result: s.result,
  values: inputValues(s.inputs),
  scheduleDate: s.scheduleDate,
});

// ---- the API's shapes -------------------------------------------------------------------------------------

/** An estimate as POST /api/estimates answers it. */
export function toEstimateResultJson(e: Estimate) {
  return {
    side: e.side,
    lines: [...e.lines, ...(e.withholding ? [e.withholding] : [])].map((l) => ({
      key: l.key,
      label: l.label,
      amount: apiDecimal(l.amount),
      payer: l.payer,
      note: l.note,
    })),
    totals: Object.fromEntries(Object.entries(e.totals).map(([key, cents]) => [key, apiDecimal(cents)])),
    notes: e.notes,
    // What the figures leave out (e.g. ["annualPropertyTax"]): the page marks the figure incomplete.
    missing: e.missing ?? [],
    schedule: { name: e.schedule.name, effectiveDate: e.schedule.effectiveDate },
    escrow: { base: apiDecimal(e.escrow.baseCents), perThousand: apiDecimal(e.escrow.perThousandCents) },
  };
}

/** A saved estimate as the API answers it. */
export function toSavedEstimateJson(s: SavedEstimate) {
  const { lines, totals, missing, schedule } = toEstimateResultJson(s.result);
  return {
    id: s.id,
    transactionId: s.transactionId,
    name: s.name,
    side: s.side,
    inputs: inputValues(s.inputs),
    lines,
    totals,
    missing,
    schedule,
    createdAt: s.createdAt.toISOString(),
    updatedAt: s.updatedAt.toISOString(),
  };
}
