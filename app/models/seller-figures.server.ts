/**
 * A sale's seller figures (`GET/PUT /api/transactions/{id}/seller-figures`, the Offers section's form): the
 * seller's own side of a net sheet (loan payoffs, property tax, HOA, title policy, other costs, …; app/lib/
 * estimate-schema.ts `sellerFigureFields`), kept on the transaction so that every offer is netted with
 * them (app/models/offer.server.ts `offerNet`): an offer's net is the net sheet of its terms with these,
 * to the cent. Until someone saves them they are the newest saved seller estimate's, else the defaults.
 *
 * The transaction's client and its staff read and change them; anyone else, and a purchase, get "not
 * found". A change is in the audit (`seller_figures.update`).
 */
import { and, desc, eq } from "drizzle-orm";
import type { Db, DbOrTx } from "~/db/client.server";
import { estimates, sellerFigures, type Transaction } from "~/db/schema";
import type { SellerInputs } from "~/lib/estimate";
import {
  figureNumbers,
  figureValues,
  savedInputs,
  sellerFiguresSchema,
  type SellerFigures,
} from "~/lib/estimate-schema";
import { InvalidInputError, NotFoundError } from "~/lib/errors";
import { formatMoney } from "~/lib/money";
import { todayIn, type PlainDate } from "~/lib/plain-date";
import type { Actor } from "~/models/actor.server";
import { changesOf, recordAudit } from "~/models/audit-log.server";
import { getTransaction } from "~/models/permissions.server";

const NOT_FOUND = "Seller figures not found";

/** Where the figures come from: saved on the transaction, its newest seller estimate, or the defaults. */
export type FiguresSource = "saved" | "estimate" | "none";

export type SellerFiguresView = {
  figures: SellerFigures;
  source: FiguresSource;
  /** The estimate they came from (source "estimate"). */
  estimate: { id: number; name: string } | null;
  updatedAt: Date | null;
};

/** A seller's inputs without the sale's terms. */
function figuresOf(inputs: SellerInputs): SellerFigures {
  const { side: _side, price: _price, sellerCredit: _credit, buyerAgentPay: _pay, ...figures } = inputs;
  return figures;
}

/**
 * The figures a sale's offers are netted with (no access check: the callers have one): the saved row (by
 * its primary key), else the newest saved seller estimate's (by the index (transaction_id, created_at)),
 * else the defaults.
 */
export function figuresFor(db: DbOrTx, transactionId: number, today: PlainDate): SellerFiguresView {
  const row = db.select().from(sellerFigures).where(eq(sellerFigures.transactionId, transactionId)).get();
  if (row) {
    return { figures: storedFigures(row.inputs), source: "saved", estimate: null, updatedAt: row.updatedAt };
  }
  const saved = db
    .select({ id: estimates.id, name: estimates.name, inputs: estimates.inputs })
    .from(estimates)
    .where(and(eq(estimates.transactionId, transactionId), eq(estimates.side, "seller")))
    .orderBy(desc(estimates.createdAt), desc(estimates.id))
    .limit(1)
    .get();
  if (saved) {
    return {
      figures: figuresOf(savedInputs(saved.inputs) as SellerInputs),
      source: "estimate",
      estimate: { id: saved.id, name: saved.name },
      updatedAt: null,
    };
  }
  return { figures: sellerFiguresSchema(today).parse({}), source: "none", estimate: null, updatedAt: null };
}

/** Figures as stored (JSON), read with today's fields (a field added since is at what it meant before). */
const storedFigures = (stored: unknown): SellerFigures =>
  figuresOf(
    savedInputs({
      side: "seller",
      price: 0,
      sellerCredit: 0,
      buyerAgentPay: null,
      ...(stored as object),
    }) as SellerInputs,
  );

/** A sale the actor may read (its client, its staff); a purchase's figures are "not found". */
function sale(db: DbOrTx, actor: Actor, transactionId: number): Transaction {
  let transaction: Transaction;
  try {
    transaction = getTransaction(db, actor, transactionId);
  } catch (error) {
    if (error instanceof NotFoundError) throw new NotFoundError(NOT_FOUND);
    throw error;
  }
  if (transaction.type !== "selling") throw new NotFoundError(NOT_FOUND);
  return transaction;
}

export function getSellerFigures(db: DbOrTx, actor: Actor, transactionId: number, now = new Date()) {
  sale(db, actor, transactionId);
  return figuresFor(db, transactionId, todayIn(now));
}

/**
 * Saves a sale's seller figures: the whole set (a field left out is at its default, as on a net sheet);
 * a bad field is a 400 naming it and changes nothing.
 */
export function saveSellerFigures(
  db: Db,
  actor: Actor,
  transactionId: number,
  raw: unknown,
  now = new Date(),
): SellerFiguresView {
  const parsed = sellerFiguresSchema(todayIn(now)).safeParse(raw ?? {});
  if (!parsed.success) {
    const errors: Record<string, string[]> = {};
    for (const issue of parsed.error.issues) {
      const key = issue.path.reduce<string>(
        (path, part) => (typeof part === "number" ? `${path}[${part}]` : path ? `${path}.${part}` : part),
        "",
      );
      (errors[key || "form"] ??= []).push(issue.message);
    }
    throw new InvalidInputError(Object.values(errors)[0]?.[0] ?? "Check the figures", errors);
  }
  return db.transaction((tx) => {
    sale(tx, actor, transactionId);
    const before = figuresFor(tx, transactionId, todayIn(now));
    const inputs = parsed.data;
    tx.insert(sellerFigures)
      .values({ transactionId, inputs, updatedBy: actor.id, updatedAt: now })
      .onConflictDoUpdate({ target: sellerFigures.transactionId, set: { inputs, updatedBy: actor.id, updatedAt: now } })
      .run();
    const changes = changesOf(
      flat(figureValues(before.figures)),
      flat(figureValues(inputs)) as Partial<Record<string, unknown>>,
    );
    recordAudit(tx, actor, {
      action: "seller_figures.update",
      subject: { type: "transaction", id: transactionId },
      transactionId,
      changes: changes ?? {},
      at: now,
    });
    return figuresFor(tx, transactionId, todayIn(now));
  });
}

/** Form values with the other costs as one text, for the audit's before and after. */
const flat = (values: Record<string, unknown>) => ({
  ...values,
  otherCosts: (values.otherCosts as Array<{ label: string; amount: string }>)
    .map((c) => `${c.label}: ${c.amount}`)
    .join("; "),
});

/** What the nets are after, in words under each net: "after your $520,000 payoff". */
export function netBasis(figures: SellerFigures): string {
  const payoff = figures.loanPayoffs
    ? `after your ${formatMoney(figures.loanPayoffs)} payoff`
    : "with no loan payoff entered";
  return figures.annualPropertyTax === null ? `${payoff}; property tax not entered` : payoff;
}

/** The API's shape: the figures in numbers (dollars with cents, the rate in percent, booleans). */
export function toSellerFiguresJson(transactionId: number, view: SellerFiguresView) {
  return {
    transactionId,
    source: view.source,
    estimate: view.estimate,
    figures: figureNumbers(view.figures),
    netBasis: netBasis(view.figures),
    updatedAt: view.updatedAt?.toISOString() ?? null,
  };
}
