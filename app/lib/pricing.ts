/**
 * Flat-fee pricing and the savings calculator (docs/spec.md §9). Pure and exact: home
 * values are whole dollars; the 3% commission is computed in cents (value × 3)
 * so no binary fraction ever appears; display rounds to whole dollars.
 */

export const TRADITIONAL_COMMISSION_PERCENT = 3;

export type Tier = {
  tier: 1 | 2 | 3;
  name: string;
  /** Inclusive upper bound of the home value in dollars; null for no bound. */
  maxValue: number | null;
  fee: number;
  popular: boolean;
  range: string;
  features: string[];
};

export const TIERS: readonly Tier[] = [
  {
    tier: 1,
    name: "Tier 1",
    maxValue: 500_000,
    fee: 5_000,
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
    maxValue: 1_500_000,
    fee: 10_000,
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
    maxValue: null,
    fee: 20_000,
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

/** The tier for a home value: bounds are inclusive (500,000 is Tier 1). */
export function tierFor(homeValue: number): Tier {
  return TIERS.find((t) => t.maxValue === null || homeValue <= t.maxValue)!;
}

export type Savings = {
  homeValue: number;
  tier: Tier["tier"];
  /** 3% of the home value, in cents (exact). */
  traditionalFeeCents: number;
  flatFee: number;
  /** traditional − flat fee, in cents; negative when the flat fee is higher. */
  savingsCents: number;
};

/** The calculator result, or null when the value is not above 0. */
export function calculateSavings(homeValue: number): Savings | null {
  if (!Number.isSafeInteger(homeValue) || homeValue <= 0) return null;
  const tier = tierFor(homeValue);
  const traditionalFeeCents = homeValue * TRADITIONAL_COMMISSION_PERCENT;
  return {
    homeValue,
    tier: tier.tier,
    traditionalFeeCents,
    flatFee: tier.fee,
    savingsCents: traditionalFeeCents - tier.fee * 100,
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

/** Commas (and any other non-digit) are removed before parsing; empty is 0. */
export function parseHomeValue(input: string | null | undefined): number {
  const digits = digitsOf(input ?? "");
  return digits ? Number(digits) : 0;
}
