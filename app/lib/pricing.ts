/**
 * Flat-fee pricing and the savings calculator (docs/spec.md §9). Pure and exact: amounts are cents
 * (app/lib/money.ts); a home value is whole dollars as typed, so its 3% commission is whole cents (value × 3)
 * and no binary fraction ever appears; display rounds to whole dollars.
 */
import { centsOf } from "~/lib/money";

export const TRADITIONAL_COMMISSION_PERCENT = 3;

export type Tier = {
  tier: 1 | 2 | 3;
  name: string;
  /** Inclusive upper bound of the home value, in cents; null for no bound. */
  maxValueCents: number | null;
  feeCents: number;
  popular: boolean;
  range: string;
  features: string[];
};

export const TIERS: readonly Tier[] = [
  {
    tier: 1,
    name: "Tier 1",
    maxValueCents: 50_000_000,
    feeCents: 500_000,
    popular: false,
    range: "Homes up to $500,000",
    features: [
      "Full-service listing",
      "Professional photography",
      "MLS listing",
      "Contract negotiation",
      "Transaction support",
    ],
  },
  {
    tier: 2,
    name: "Tier 2",
    maxValueCents: 150_000_000,
    feeCents: 1_000_000,
    popular: true,
    range: "Homes from $500,001 to $1,500,000",
    features: [
      "Everything in Tier 1",
      "Premium marketing",
      "Virtual tours",
      "Staging consultation",
      "Priority support",
    ],
  },
  {
    tier: 3,
    name: "Tier 3",
    maxValueCents: null,
    feeCents: 2_000_000,
    popular: false,
    range: "Homes above $1,500,000",
    features: [
      "Everything in Tier 2",
      "Luxury marketing package",
      "Professional staging",
      "Drone photography",
      "Concierge service",
    ],
  },
];

/** The tier for a home value in cents: bounds are inclusive ($500,000 is Tier 1, $500,000.01 Tier 2). */
export function tierFor(homeValueCents: number): Tier {
  return TIERS.find((t) => t.maxValueCents === null || homeValueCents <= t.maxValueCents)!;
}

export type Savings = {
  homeValueCents: number;
  tier: Tier["tier"];
  /** 3% of the home value (exact for whole dollars). */
  traditionalFeeCents: number;
  flatFeeCents: number;
  /** traditional − flat fee; negative when the flat fee is higher. */
  savingsCents: number;
};

/** The calculator result for a home value in cents, or null when the value is not above 0. */
export function calculateSavings(homeValueCents: number): Savings | null {
  if (!Number.isSafeInteger(homeValueCents) || homeValueCents <= 0) return null;
  const tier = tierFor(homeValueCents);
  // 3% of whole dollars is whole cents; of any cents, rounded half up.
  const traditionalFeeCents = Math.floor((homeValueCents * TRADITIONAL_COMMISSION_PERCENT + 50) / 100);
  return {
    homeValueCents,
    tier: tier.tier,
    traditionalFeeCents,
    flatFeeCents: tier.feeCents,
    savingsCents: traditionalFeeCents - tier.feeCents,
  };
}

/** The most digits the calculator takes: up to $999,999,999,999. */
export const MAX_HOME_VALUE_DIGITS = 12;

/** Keeps the digits of what was typed, without leading zeros, capped in length. */
export function digitsOf(input: string): string {
  return input.replace(/\D/g, "").replace(/^0+/, "").slice(0, MAX_HOME_VALUE_DIGITS);
}

/**
 * docs/spec.md §5: every non-digit is stripped and the digits shown with thousands
 * separators; zero or empty shows an empty field.
 */
export function formatHomeValueInput(input: string): string {
  const digits = digitsOf(input);
  return digits ? Number(digits).toLocaleString("en-US") : "";
}

/** The typed whole dollars, in cents: commas (and any other non-digit) are removed before parsing; empty is 0. */
export function parseHomeValue(input: string | null | undefined): number {
  const digits = digitsOf(input ?? "");
  return digits ? centsOf(Number(digits)) : 0;
}
