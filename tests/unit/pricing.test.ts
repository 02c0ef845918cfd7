import { describe, expect, it } from "vitest";
import { formatDate } from "~/lib/format";
import { apiDecimal, apiWholeDollars, formatMoney, formatMoneyExact, moneyInput, roundToDollars } from "~/lib/money";
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
  ])("%i dollars is tier %i with a fee of %i dollars", (value, tier, fee) => {
    expect(tierFor(value * 100).tier).toBe(tier);
    expect(tierFor(value * 100).feeCents).toBe(fee * 100);
  });

  it("$500,000.01 is already tier 2 (the bound is in cents)", () => {
    expect(tierFor(50_000_001).tier).toBe(2);
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
  ])("%i dollars: 3%% is %i cents, fee %i dollars, savings %i cents", (value, traditionalCents, fee, savingsCents) => {
    const result = calculateSavings(value * 100)!;
    expect(result.traditionalFeeCents).toBe(traditionalCents);
    expect(result.flatFeeCents).toBe(fee * 100);
    expect(result.savingsCents).toBe(savingsCents);
  });

  it("stays exact for large values (no binary fractions)", () => {
    const result = calculateSavings(parseHomeValue("999,999,999,999"))!;
    expect(result.traditionalFeeCents).toBe(2_999_999_999_997);
    expect(formatMoney(result.traditionalFeeCents)).toBe("$30,000,000,000");
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

  it("removes commas before parsing, and gives the whole dollars typed in cents", () => {
    expect(parseHomeValue("1,500,001")).toBe(150_000_100);
    expect(parseHomeValue("")).toBe(0);
    expect(parseHomeValue(null)).toBe(0);
    expect(parseHomeValue("letters")).toBe(0);
  });
});

describe("money (app/lib/money.ts): cents in, dollars out", () => {
  it("shows US dollars with separators and no decimals, rounding half away from zero", () => {
    expect(formatMoney(123_456_700)).toBe("$1,234,567");
    expect(formatMoney(1_500_000)).toBe("$15,000");
    expect(formatMoney(-200_000)).toBe("-$2,000");
    expect(formatMoney(9_999)).toBe("$100");
    expect(formatMoney(150)).toBe("$2");
    expect(formatMoney(-150)).toBe("-$2");
    expect(formatMoney(-49)).toBe("$0");
    expect(roundToDollars(-50)).toBe(-1);
  });

  it("shows cents where they matter, in a field, and in the API's shapes", () => {
    expect(formatMoneyExact(110_055)).toBe("$1,100.55");
    expect(moneyInput(115_000_000)).toBe("1,150,000");
    expect(moneyInput(125_050)).toBe("1,250.50");
    expect(apiDecimal(-500)).toBe("-5.00");
    expect(apiDecimal(123_456)).toBe("1234.56");
    expect(apiWholeDollars(85_000_000)).toBe("850000");
  });

  it("shows dates in en-US", () => {
    expect(formatDate(new Date(Date.UTC(2025, 0, 15, 17)))).toBe("January 15, 2025");
  });
});
