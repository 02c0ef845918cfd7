/**
 * Paying agents (docs/payouts.md; B&P 10137): a transaction's commission split by its agent's plan (the
 * figures of its commission disbursement authorization), and at completion the agent's earnings, kept once in
 * `payouts` and never recomputed from a plan changed later. The split's rule is app/lib/commission.ts.
 */
import { and, desc, eq, gte, lt, lte, ne, sql } from "drizzle-orm";
import type { Db, DbOrTx } from "~/db/client.server";
import { cdas, payouts, transactions, users, type Cda, type Payout, type Transaction, type User } from "~/db/schema";
import { planYearStart, splitCommission, type CommissionPlan, type CommissionSplit } from "~/lib/commission";
import { ForbiddenError } from "~/lib/errors";
import { fullName } from "~/lib/format";
import { homeTitle } from "~/lib/home-name";
import { todayIn } from "~/lib/plain-date";
import { apiDollars, percentOfBasisPoints } from "~/lib/money";
import { type Actor } from "~/models/actor.server";
import { compensationOf, isKnown, type Compensation } from "~/models/compensation.server";
import { assertStaff, getTransactionAsAdmin } from "~/models/permissions.server";

/** The agent's plan, or null when the broker has not set one. */
export function planOf(u: Pick<User, "planAgentBp" | "planCapCents" | "planFeeCents" | "planAnniversaryOn">) {
  if (u.planAgentBp === null || !u.planAnniversaryOn) return null;
  return {
    agentBp: u.planAgentBp,
    capCents: u.planCapCents,
    feeCents: u.planFeeCents ?? 0,
    anniversaryOn: u.planAnniversaryOn,
  } satisfies CommissionPlan;
}

/** The plan as the API gives it: `{ agentPercent, annualCap, transactionFee, anniversaryOn }` (dollars), or null. */
export function toPlanJson(u: Pick<User, "planAgentBp" | "planCapCents" | "planFeeCents" | "planAnniversaryOn">) {
  const plan = planOf(u);
  return plan
    ? {
        agentPercent: percentOfBasisPoints(plan.agentBp),
        annualCap: plan.capCents === null ? null : apiDollars(plan.capCents),
        transactionFee: apiDollars(plan.feeCents),
        anniversaryOn: plan.anniversaryOn,
      }
    : null;
}

/**
 * What the brokerage's share of this agent's payouts adds up to from `from` (a plan year's start) to `to` (that day
 * included: two sales closed the same day both count), a transaction's own left out when given.
 */
function brokerageSince(db: DbOrTx, agentId: string, from: string, to: string, transactionId?: number): number {
  return (
    db
      .select({ n: sql<number>`coalesce(sum(${payouts.brokerageCents}), 0)` })
      .from(payouts)
      .where(
        and(
          eq(payouts.agentId, agentId),
          gte(payouts.closedOn, from),
          lte(payouts.closedOn, to),
          transactionId === undefined ? undefined : ne(payouts.transactionId, transactionId),
        ),
      )
      .get()?.n ?? 0
  );
}

export type CommissionFigures =
  | ({ ready: true; agent: string; planYearFrom: string; compensation: Compensation } & CommissionSplit)
  | { ready: false; missing: string[] };

/** The split of a transaction's commission on `on` (a plain date), or what is missing to compute it. */
export function commissionOf(db: DbOrTx, t: Transaction, on: string): CommissionFigures {
  const missing: string[] = [];
  const agent = t.assignedAgentId ? db.select().from(users).where(eq(users.id, t.assignedAgentId)).get() : undefined;
  if (!agent) missing.push("an assigned agent");
  const plan = agent ? planOf(agent) : null;
  if (agent && !plan) missing.push(`${fullName(agent) || agent.email}'s commission plan (the team page)`);
  // The gross commission: the one rule of a transaction's compensation (its signed agreement's).
  const gross = compensationOf(db, t);
  if (!isKnown(gross)) missing.push(gross.missing);
  if (missing.length || !agent || !plan || !isKnown(gross)) return { ready: false, missing };
  const planYearFrom = planYearStart(plan.anniversaryOn, on);
  const split = splitCommission({
    grossCents: gross.cents,
    referral:
      t.referralBroker && t.referralBp
        ? { broker: `${t.referralBroker} (DRE ${t.referralLicense})`, bp: t.referralBp }
        : null,
    plan,
    brokerageSoFarCents: brokerageSince(db, agent.id, planYearFrom, on, t.id),
  });
  return { ready: true, agent: fullName(agent) || agent.email, planYearFrom, compensation: gross, ...split };
}

/** `GET /api/transactions/{id}/cda` and the Money tab's "Commission" (admins): the figures as of today. */
export function transactionCommission(db: Db, actor: Actor, transactionId: number, now = new Date()) {
  const t = getTransactionAsAdmin(db, actor, transactionId);
  const payout = db.select().from(payouts).where(eq(payouts.transactionId, t.id)).get();
  return { transaction: t, figures: commissionOf(db, t, todayIn(now)), payout: payout ?? null };
}

/** The CDA version escrow pays by (app/models/cda.server.ts): the newest, unless it was superseded. */
export function currentCda(db: DbOrTx, transactionId: number): Cda | null {
  const newest = db
    .select()
    .from(cdas)
    .where(eq(cdas.transactionId, transactionId))
    .orderBy(desc(cdas.version))
    .limit(1)
    .get();
  return newest?.status === "current" ? newest : null;
}

/**
 * At completion (app/models/transaction-edit.server.ts): the current CDA's figures (what escrow paid by), else the
 * split as of that day, become the agent's earnings, once; a reopened
 * transaction's payout is taken back (it did not close). Nothing when the split cannot be computed (the workspace
 * says what is missing).
 */
export function recordPayout(tx: DbOrTx, t: Transaction, now: Date) {
  if (t.status !== "completed") {
    tx.delete(payouts).where(eq(payouts.transactionId, t.id)).run();
    return;
  }
  const closedOn = todayIn(now);
  const figures = currentCda(tx, t.id) ?? commissionOf(tx, t, closedOn);
  if ("ready" in figures && !figures.ready) return;
  tx.insert(payouts)
    .values({
      transactionId: t.id,
      agentId: t.assignedAgentId,
      closedOn,
      grossCents: figures.grossCents,
      referralCents: figures.referralCents,
      brokerageCents: figures.brokerageCents,
      agentCents: figures.agentCents,
      feeCents: figures.feeCents,
      createdAt: now,
    })
    .onConflictDoNothing()
    .run();
}

/**
 * The figures of a split, a CDA version or a payout as the API names them, in dollars with cents: one shape for all
 * three (`capBefore`/`capAfter`: the brokerage's share of the agent's plan year before and after; null: no cap).
 */
export const toLinesJson = (f: {
  grossCents: number;
  referralCents: number;
  brokerageCents: number;
  agentCents: number;
  feeCents: number;
  capBeforeCents?: number | null;
  capAfterCents?: number | null;
}) => ({
  gross: apiDollars(f.grossCents),
  referral: apiDollars(f.referralCents),
  brokerage: apiDollars(f.brokerageCents),
  agent: apiDollars(f.agentCents),
  fee: apiDollars(f.feeCents),
  capBefore: f.capBeforeCents === null || f.capBeforeCents === undefined ? null : apiDollars(f.capBeforeCents),
  capAfter: f.capAfterCents === null || f.capAfterCents === undefined ? null : apiDollars(f.capAfterCents),
});

export const toPayoutJson = (p: Payout) => {
  const { gross, referral, brokerage, agent, fee } = toLinesJson(p);
  return {
    transactionId: p.transactionId,
    agentId: p.agentId,
    closedOn: p.closedOn,
    gross,
    referral,
    brokerage,
    agent,
    fee,
  };
};

/**
 * `GET /api/payouts?agent=&year=` and `/admin/payouts`: a year's payouts (by the day each closed), an admin's of any
 * agent or all, an agent's only their own (asking for another's: 403). Totals in cents.
 */
export function listPayouts(db: Db, actor: Actor, query: { agentId?: string; year: number }) {
  assertStaff(actor);
  const agentId = actor.isAdmin ? query.agentId : actor.id;
  if (!actor.isAdmin && query.agentId && query.agentId !== actor.id) throw new ForbiddenError();
  const from = `${query.year}-01-01`;
  const to = `${query.year + 1}-01-01`;
  // Each with the home it paid for, as people name it (its address), by the transaction's primary key.
  const rows = db
    .select({
      payout: payouts,
      id: transactions.id,
      type: transactions.type,
      propertyAddress: transactions.propertyAddress,
      searchArea: transactions.searchArea,
    })
    .from(payouts)
    .innerJoin(transactions, eq(transactions.id, payouts.transactionId))
    .where(
      and(agentId ? eq(payouts.agentId, agentId) : undefined, gte(payouts.closedOn, from), lt(payouts.closedOn, to)),
    )
    .orderBy(payouts.closedOn, payouts.id)
    .all()
    .map((r) => ({ ...r.payout, title: homeTitle(r) }));
  const sum = (k: "grossCents" | "referralCents" | "brokerageCents" | "agentCents" | "feeCents") =>
    rows.reduce((n, r) => n + r[k], 0);
  return {
    items: rows,
    totals: {
      grossCents: sum("grossCents"),
      referralCents: sum("referralCents"),
      brokerageCents: sum("brokerageCents"),
      agentCents: sum("agentCents"),
      feeCents: sum("feeCents"),
    },
  };
}

/** An agent's own year so far and their plan year's cap: what the brokerage's share has reached of it. */
export function capSoFar(db: Db, agent: User, now = new Date()) {
  const plan = planOf(agent);
  if (!plan) return null;
  const today = todayIn(now);
  const from = planYearStart(plan.anniversaryOn, today);
  const paid = brokerageSince(db, agent.id, from, today);
  return { from, capCents: plan.capCents, paidCents: paid, reached: plan.capCents !== null && paid >= plan.capCents };
}

/** A `?year=` of the payouts: four digits, this year (San Diego) when not given; null when it is not a year. */
export function payoutYear(value: string | null, now = new Date()): number | null {
  if (value === null || value === "") return Number(todayIn(now).slice(0, 4));
  return /^(19|20)\d{2}$/.test(value) ? Number(value) : null;
}

/** The figures as the API gives them, in dollars. */
export function toCommissionJson({ transaction: t, figures, payout }: ReturnType<typeof transactionCommission>) {
  const terms = {
    referral: t.referralBroker
      ? { broker: t.referralBroker, license: t.referralLicense, percent: percentOfBasisPoints(t.referralBp ?? 0) }
      : null,
    escrowEmail: t.escrowEmail,
    escrowNumber: t.escrowNumber,
    payout: payout ? toPayoutJson(payout) : null,
  };
  if (!figures.ready) return { ready: false as const, missing: figures.missing, ...terms };
  return {
    ready: true as const,
    agent: figures.agent,
    basis: figures.compensation.basis,
    lines: toLinesJson(figures),
    explanation: figures.lines,
    ...terms,
  };
}
