/**
 * How a commission is split (docs/payouts.md; B&P 10137: an agent is paid only through the broker): the
 * gross commission, a referring broker's fee paid first, then the agent's share by their plan, the brokerage's share
 * capped per plan year from the agent's anniversary (once the cap is reached the agent keeps 100 %), and the
 * brokerage's transaction fee. All in cents, rounded to the cent once per line. Pure: the models give the figures.
 */
import { centsOf, formatMoneyExact, percentOfBasisPoints } from "~/lib/money";

export type CommissionPlan = {
  /** The agent's share after any referral, in basis points (7000 = 70 %). */
  agentBp: number;
  /** The most the brokerage's share adds up to in a plan year; null: no cap. */
  capCents: number | null;
  feeCents: number;
  /** A plain date: its month and day start each plan year. */
  anniversaryOn: string;
};

export type CommissionSplit = {
  grossCents: number;
  referralCents: number;
  brokerageCents: number;
  agentCents: number;
  feeCents: number;
  /** The brokerage's share of the plan year before and after this transaction (null: the plan has no cap). */
  capBeforeCents: number | null;
  capAfterCents: number | null;
  /** Each line in words, to the cent, for the CDA and the workspace. */
  lines: string[];
};

const pct = (bp: number) => `${percentOfBasisPoints(bp).toLocaleString("en-US", { maximumFractionDigits: 2 })} %`;
const monthDay = new Intl.DateTimeFormat("en-US", { month: "long", day: "numeric", timeZone: "UTC" });
/** The anniversary's month and day in words ("June 1"). */
const anniversaryWords = (anniversaryOn: string) =>
  monthDay.format(new Date(`2000-${anniversaryOn.slice(5)}T00:00:00Z`));
const part = (cents: number, bp: number) => Math.round((cents * bp) / 10_000);

/** The first day of the plan year that holds `on`: the anniversary's month and day, this year or the one before. */
export function planYearStart(anniversaryOn: string, on: string): string {
  const monthDay = anniversaryOn.slice(5);
  const sameYear = `${on.slice(0, 4)}-${monthDay === "02-29" ? "02-28" : monthDay}`;
  return sameYear <= on ? sameYear : `${Number(on.slice(0, 4)) - 1}-${monthDay === "02-29" ? "02-28" : monthDay}`;
}

/**
 * The split of `grossCents` by `plan`, given what the brokerage's share already added up to in this plan year
 * (`brokerageSoFarCents`, the cap's count).
 */
export function splitCommission(input: {
  grossCents: number;
  referral: { broker: string; bp: number } | null;
  plan: CommissionPlan;
  brokerageSoFarCents: number;
}): CommissionSplit {
  const { grossCents, referral, plan } = input;
  const lines = [`Gross commission: ${formatMoneyExact(grossCents)}`];
  const referralCents = referral ? part(grossCents, referral.bp) : 0;
  if (referral) {
    lines.push(
      `Referral fee to ${referral.broker}: ${pct(referral.bp)} of the gross, ${formatMoneyExact(referralCents)}`,
    );
  }
  const net = grossCents - referralCents;
  const split = net - part(net, plan.agentBp);
  const capLeft = plan.capCents === null ? null : Math.max(0, plan.capCents - input.brokerageSoFarCents);
  const brokerageCents = capLeft === null ? split : Math.min(split, capLeft);
  lines.push(
    `Brokerage's share: ${pct(10_000 - plan.agentBp)} of ${formatMoneyExact(net)}, ${formatMoneyExact(split)}` +
      (capLeft === null
        ? ""
        : brokerageCents < split
          ? `, capped at ${formatMoneyExact(brokerageCents)} (${formatMoneyExact(plan.capCents!)} a year, ${formatMoneyExact(input.brokerageSoFarCents)} paid since ${anniversaryWords(plan.anniversaryOn)})`
          : ` (cap ${formatMoneyExact(plan.capCents!)} a year, ${formatMoneyExact(capLeft)} left)`),
  );
  const feeCents = Math.min(plan.feeCents, net - brokerageCents);
  if (feeCents > 0) lines.push(`Transaction fee kept by the brokerage: ${formatMoneyExact(feeCents)}`);
  const agentCents = net - brokerageCents - feeCents;
  lines.push(`Agent's share: ${formatMoneyExact(agentCents)}`);
  const capBeforeCents = plan.capCents === null ? null : input.brokerageSoFarCents;
  const capAfterCents = capBeforeCents === null ? null : capBeforeCents + brokerageCents;
  return { grossCents, referralCents, brokerageCents, agentCents, feeCents, capBeforeCents, capAfterCents, lines };
}

/**
 * A purchase's gross commission from the buyer-side compensation as the agreement words it: "2.5%" (of `priceCents`)
 * or "$12,000"; null when it says neither.
 */
export function compensationCents(text: string | null | undefined, priceCents: number | null): number | null {
  const value = text?.trim() ?? "";
  const percent = value.match(/^(\d{1,2}(?:\.\d{1,3})?)\s*%/);
  if (percent) return priceCents === null ? null : Math.round((priceCents * Number(percent[1])) / 100);
  const dollars = value.match(/^\$\s?(\d{1,3}(?:,\d{3})*|\d+)(?:\.(\d{2}))?\b/);
  if (dollars) return centsOf(Number(dollars[1]!.replace(/,/g, ""))) + Number(dollars[2] ?? 0);
  return null;
}
