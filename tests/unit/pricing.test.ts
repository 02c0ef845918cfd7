import { describe, expect, it } from "vitest";
import { formatCentsAsDollars, formatDate, formatUSD } from "~/lib/format";
import { calculateSavings, formatHomeValueInput, parseHomeValue, tierFor, TIERS } from "~/lib/pricing";

describe("tiers (bounds inclusive)", () => {
  it.each([
    [1, 1, 5_000],
    [499_999, 1, 5_000],
    [500_000, 1, 5_000],
    [500_001, 2, 10_000],
    [1_000_000, 2, 10_000],
    [1_500_000, 2, 10_000],
    [1_500_001, 3, 20_000],
    [25_000_000, 3, 20_000],
  ])("%i dollars is tier %i with a fee of %i", (value, tier, fee) => {
    expect(tierFor(value).tier).toBe(tier);
    expect(tierFor(value).fee).toBe(fee);
  });

  it("marks only tier 2 as most popular, with the spec's features", () => {
    expect(TIERS.filter((t) => t.popular).map((t) => t.tier)).toEqual([2]);
    expect(TIERS[0]!.features).toContain("Professional photography");
    expect(TIERS[1]!.features).toContain("Virtual tours");
    expect(TIERS[2]!.features).toContain("Drone photography");
  });
});

describe("calculateSavings", () => {
  it("is empty unless the value is above 0", () => {
    expect(calculateSavings(0)).toBeNull();
    expect(calculateSavings(-5)).toBeNull();
    expect(calculateSavings(Number.NaN)).toBeNull();
  });

  it.each([
    [500_000, 1_500_000, 5_000, 1_000_000],
    [1_500_000, 4_500_000, 10_000, 3_500_000],
    [1_500_001, 4_500_003, 20_000, 2_500_003],
    [100_000, 300_000, 5_000, -200_000],
    [750_000, 2_250_000, 10_000, 1_250_000],
  ])("%i: 3%% is %i cents, fee %i, savings %i cents", (value, traditionalCents, fee, savingsCents) => {
    const result = calculateSavings(value)!;
    expect(result.traditionalFeeCents).toBe(traditionalCents);
    expect(result.flatFee).toBe(fee);
    expect(result.savingsCents).toBe(savingsCents);
  });

  it("stays exact for large values (no binary fractions)", () => {
    const result = calculateSavings(999_999_999_999)!;
    expect(result.traditionalFeeCents).toBe(2_999_999_999_997);
    expect(formatCentsAsDollars(result.traditionalFeeCents)).toBe("$30,000,000,000");
  });
});

describe("calculator input (docs/spec.md §5)", () => {
  it.each([
    ["500000", "500,000"],
    ["1,500,000", "1,500,000"],
    ["$1,500,001", "1,500,001"],
    ["abc", ""],
    ["12ab34", "1,234"],
    ["0", ""],
    ["000", ""],
    ["", ""],
    ["007500", "7,500"],
    ["1234567890123456", "123,456,789,012"],
  ])("%j shows %j", (typed, shown) => {
    expect(formatHomeValueInput(typed)).toBe(shown);
  });

  it("removes commas before parsing", () => {
    expect(parseHomeValue("1,500,001")).toBe(1_500_001);
    expect(parseHomeValue("")).toBe(0);
    expect(parseHomeValue(null)).toBe(0);
    expect(parseHomeValue("letters")).toBe(0);
  });
});

describe("formatting", () => {
  it("shows US dollars with separators and no decimals", () => {
    expect(formatUSD(1_234_567)).toBe("$1,234,567");
    expect(formatUSD("850000")).toBe("$850,000");
    expect(formatCentsAsDollars(1_500_000)).toBe("$15,000");
    expect(formatCentsAsDollars(-200_000)).toBe("-$2,000");
    expect(formatCentsAsDollars(9_999)).toBe("$100");
    expect(formatCentsAsDollars(-49)).toBe("$0");
  });

  it("shows dates in en-US", () => {
    expect(formatDate(new Date(Date.UTC(2025, 0, 15, 17)))).toBe("January 15, 2025");
  });
});
