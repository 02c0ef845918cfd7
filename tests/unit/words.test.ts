/**
 * Words a person reads: counts by the plural rules (app/lib/plural.ts) and numbers as people type them in
 * any number field (app/lib/form-values.ts `numberInput`), the same on the server and in the browser.
 */
import { describe, expect, it } from "vitest";
import { contractSchema } from "~/lib/contract-schema";
import { numberInput } from "~/lib/form-values";
import { savedHomeSchema } from "~/lib/saved-home-schema";
import { countOf, pluralOf } from "~/lib/plural";

describe("counts", () => {
  it.each([
    [0, "0 leads"],
    [1, "1 lead"],
    [2, "2 leads"],
    [1250, "1,250 leads"],
  ])("%i lead(s) reads %s", (n, text) => {
    expect(countOf(n, "lead")).toBe(text);
  });

  it("takes an irregular plural and a verb's forms", () => {
    expect(countOf(3, "property", "properties")).toBe("3 properties");
    expect(`1 lead ${pluralOf(1, "matches", "match")}`).toBe("1 lead matches");
    expect(`2 leads ${pluralOf(2, "matches", "match")}`).toBe("2 leads match");
  });
});

describe("numbers as people type them", () => {
  it.each([
    ["1650", 1650],
    ["1,650", 1650],
    [" 1,650 ", 1650],
    ["$849,000", 849000],
    ["$ 849000", 849000],
    ["2.5", 2.5],
    ["1,234,567.5", 1234567.5],
  ])("%j is %d", (text, value) => {
    expect(numberInput(text)).toBe(value);
  });

  it.each(["2,5", "1,65", "12abc", "1.2.3", ",650"])("%j stays text, for the schema to refuse", (text) => {
    expect(numberInput(text)).toBe(text);
  });

  it("blank is not given; a number passes", () => {
    expect(numberInput("  ")).toBeUndefined();
    expect(numberInput(42)).toBe(42);
  });

  it("a listing takes square footage as it takes the price: with separators and a dollar sign", () => {
    const parsed = savedHomeSchema.parse({
      address: "1 A St",
      price: "$849,000",
      squareFootage: "1,650",
      bedrooms: "3",
    });
    expect(parsed).toMatchObject({ price: "849000", squareFootage: 1650, bedrooms: 3 });
    const refused = savedHomeSchema.safeParse({ address: "1 A St", price: "1", squareFootage: "1,65" });
    expect(refused.error?.flatten().fieldErrors.squareFootage).toEqual(["Enter a number"]);
  });

  it("a contract's day counts too", () => {
    const parsed = contractSchema.parse({ acceptedOn: "2027-01-04", days: { close_of_escrow: " 45 " } });
    expect(parsed.days).toEqual({ close_of_escrow: 45 });
  });
});
