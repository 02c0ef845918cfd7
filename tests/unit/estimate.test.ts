/**
 * The net sheet and the cash to close (app/lib/estimate.ts): each rule with its figure worked by hand in a
 * comment, the title tables against their CSV transcription, every total adding up to the cent, and the
 * inputs' schema refusing what it must.
 */
import fs from "node:fs";
import { beforeEach, describe, expect, it } from "vitest";
import type { Db } from "~/db/client.server";
import type { User } from "~/db/schema";
import { ForbiddenError, InvalidInputError, NotFoundError } from "~/lib/errors";
import {
  DEFAULT_COSTS,
  DEFAULT_ESCROW,
  escrowFeeCents,
  estimate,
  prepaidInterest,
  prorateTax,
  transferTaxCents,
  withholdingCents,
  type BuyerInputs,
  type SellerInputs,
} from "~/lib/estimate";
import { buyerInputsSchema, estimateInputsSchema, inputValues, sellerInputsSchema } from "~/lib/estimate-schema";
import { BUYER_INPUT_NAMES, SELLER_INPUT_NAMES } from "~/lib/estimate-names";
import { calculateSavings } from "~/lib/pricing";
import {
  EXTENDED_CONCURRENT_LOAN,
  INSURANCE_RATE,
  lenderPolicyCents,
  ownerPolicyCents,
  type RateTable,
} from "~/lib/title-rates";
import { createEstimate, deleteEstimate, getEstimate, listEstimates, updateEstimate } from "~/models/estimate.server";
import { agencyCosts, updateSettings } from "~/models/settings.server";
import { createTransaction } from "~/models/transaction.server";
import { upsertUserFromClaims } from "~/models/user.server";
import { freshDb } from "./db";

const dollars = (d: number) => Math.round(d * 100);
const OFF = { mode: "off" as const, claimMinutes: 15 };

describe("the title tables", () => {
  it.each([
    ["or-insurance-rate-2025-03-17", INSURANCE_RATE],
    ["or-alta-loan-extended-concurrent-2025-03-17", EXTENDED_CONCURRENT_LOAN],
  ] as Array<[string, RateTable]>)(
    "%s: the JSON the code reads is the CSV transcription, band for band",
    (name, table) => {
      const rows = fs
        .readFileSync(`app/lib/title-rates/${name}.csv`, "utf8")
        .trim()
        .split("\n")
        .slice(1)
        .map((line) => line.split(",").map(Number));
      expect(table.bands).toEqual(rows);
      expect(rows).toHaveLength(291);
    },
  );
});

describe("county transfer tax: $0.55 for each $500 or fraction", () => {
  it("$1,000,000: 2,000 × $0.55 = $1,100.00", () => {
    expect(transferTaxCents(dollars(1_000_000), 0)).toBe(110_000);
  });
  it("$1,000,001: 2,001 × $0.55 = $1,100.55 (the fraction counts)", () => {
    expect(transferTaxCents(dollars(1_000_001), 0)).toBe(110_055);
  });
  it("an assumed loan is left out: $1,000,000 − $400,000 = $600,000, 1,200 × $0.55 = $660.00", () => {
    expect(transferTaxCents(dollars(1_000_000), dollars(400_000))).toBe(66_000);
  });
});

describe("the owner's title policy (OR Insurance Rate × 100/110/125 %, rounded up to the dollar)", () => {
  it("at the band edge $1,000,000 ($2,480): standard $2,480, homeowner's $2,728, extended $3,100", () => {
    expect(ownerPolicyCents(dollars(1_000_000), "standard")).toBe(dollars(2_480));
    expect(ownerPolicyCents(dollars(1_000_000), "homeowners")).toBe(dollars(2_728)); // 2,480 × 1.1
    expect(ownerPolicyCents(dollars(1_000_000), "extended")).toBe(dollars(3_100)); // 2,480 × 1.25
  });
  it("one dollar more is the next band ($2,494): homeowner's 2,743.4 → $2,744, extended 3,117.5 → $3,118", () => {
    expect(ownerPolicyCents(dollars(1_000_001), "standard")).toBe(dollars(2_494));
    expect(ownerPolicyCents(dollars(1_000_001), "homeowners")).toBe(dollars(2_744));
    expect(ownerPolicyCents(dollars(1_000_001), "extended")).toBe(dollars(3_118));
  });
  it("the schedule's checks: $850,000 → $2,220", () => {
    expect(ownerPolicyCents(dollars(850_000), "standard")).toBe(dollars(2_220));
  });
  it("above $3,000,000: $4,438 + $6 for each $10,000 or fraction", () => {
    // $3,000,001: one step (a fraction) → $4,444.
    expect(ownerPolicyCents(dollars(3_000_001), "standard")).toBe(dollars(4_444));
    // $3,500,000: 50 steps → 4,438 + 300 = $4,738; homeowner's 5,211.8 → $5,212; extended 5,922.5 → $5,923.
    expect(ownerPolicyCents(dollars(3_500_000), "standard")).toBe(dollars(4_738));
    expect(ownerPolicyCents(dollars(3_500_000), "homeowners")).toBe(dollars(5_212));
    expect(ownerPolicyCents(dollars(3_500_000), "extended")).toBe(dollars(5_923));
  });
});

describe("the lender's extended concurrent policy", () => {
  it("$500,000 → $1,015 (the schedule's check); $680,000 → $1,205; none for cash", () => {
    expect(lenderPolicyCents(dollars(500_000))).toBe(dollars(1_015));
    expect(lenderPolicyCents(dollars(680_000))).toBe(dollars(1_205));
    expect(lenderPolicyCents(0)).toBe(0);
  });
  it("above $3,000,000: $2,550 + $3 for each $10,000 or fraction: $3,010,001 → 2 steps → $2,556", () => {
    expect(lenderPolicyCents(dollars(3_010_001))).toBe(dollars(2_556));
  });
});

describe("property tax proration (fiscal year July 1 – June 30)", () => {
  it("across both installments: $6,000 a year, closing March 15, 2026", () => {
    // July 1, 2025 to March 14, 2026 counted: 31+31+30+31+30+31+31+28 = 243, + 14 = 257 days of 365.
    // Owed: 600,000¢ × 257 / 365 = 422,465.75 → 422,466¢. Paid: Nov 1 and Feb 1, 300,000¢ each.
    const p = prorateTax(dollars(6_000), "2026-03-15");
    expect(p).toMatchObject({ days: 257, yearDays: 365, owed: 422_466, paid: 600_000 });
    expect(p.installments).toEqual(["2025-11-01", "2026-02-01"]);
  });
  it("in a leap fiscal year (2027-28 holds February 29): $5,000.01, closing January 10, 2028", () => {
    // July 1 to January 9 counted: 31+31+30+31+30+31 = 184, + 9 = 193 days of 366.
    // Owed: 500,001 × 193 / 366 = 263,661.73 → 263,662¢. Paid: November 1 only, the first half with the odd
    // cent: 250,001¢. The seller owes 13,661¢.
    const p = prorateTax(500_001, "2028-01-10");
    expect(p).toMatchObject({ days: 193, yearDays: 366, owed: 263_662, paid: 250_001 });
    expect(p.owed - p.paid).toBe(13_661);
  });
  it("closing on July 1: a new fiscal year, nothing owed, nothing paid", () => {
    expect(prorateTax(dollars(6_000), "2026-07-01")).toMatchObject({ days: 0, owed: 0, paid: 0, installments: [] });
  });
  it("an installment due on the closing day counts as paid", () => {
    expect(prorateTax(dollars(6_000), "2025-11-01").installments).toEqual(["2025-11-01"]);
  });
});

describe("escrow, interest and withholding", () => {
  it("escrow: $250 + $2.00 per $1,000 on $850,000 = $1,950, $975 each", () => {
    expect(escrowFeeCents(dollars(850_000), { baseCents: 25_000, perThousandCents: 200 })).toEqual({
      total: 195_000,
      seller: 97_500,
      buyer: 97_500,
    });
  });
  it("an odd cent goes to the seller's half: $250 + $2.00 per $1,000 on $850,005 = $1,950.01", () => {
    expect(escrowFeeCents(dollars(850_005), { baseCents: 25_000, perThousandCents: 200 })).toEqual({
      total: 195_001,
      seller: 97_501,
      buyer: 97_500,
    });
  });
  it("prepaid interest: $680,000 × 6.875% ÷ 365 × 17 days (March 15-31, both counted) = $2,177.40", () => {
    // 68,000,000¢ × 0.06875 × 17 / 365 = 217,739.73 → 217,740¢.
    expect(prepaidInterest(dollars(680_000), 6875, "2027-03-15")).toEqual({ cents: 217_740, days: 17 });
    expect(prepaidInterest(dollars(680_000), 6875, "2028-02-29").days).toBe(1);
  });
  it("withholding: 3⅓ % of $1,000,000 = $33,333.33", () => {
    expect(withholdingCents(dollars(1_000_000))).toBe(3_333_333);
  });
});

const SELLER: SellerInputs = {
  side: "seller",
  price: dollars(850_000),
  closingDate: "2027-03-15",
  loanPayoffs: dollars(400_000),
  assumedLoan: 0,
  buyerAgentPay: { percentMilli: 2500 },
  sellerCredit: dollars(5_000),
  ownerPolicy: "homeowners",
  annualPropertyTax: dollars(9_000),
  hoaDocuments: dollars(400),
  hoaTransferFee: dollars(250),
  otherCosts: [{ label: "Home warranty", cents: dollars(600) }],
  principalResidence: true,
  withholdingOnGain: null,
  loansPaidOff: null,
  payoffInterestRateMilli: null,
  reconveyancePerLoan: null,
  notaryCourier: null,
  nhdReport: null,
  homeWarranty: null,
};

describe("a seller's net sheet", () => {
  it("every line worked by hand, and every total adding up to the cent", () => {
    const e = estimate(SELLER);
    if (e.side !== "seller") throw new Error("a seller's estimate");
    const amounts = Object.fromEntries(e.lines.map((l) => [l.key, l.amount]));
    expect(amounts).toEqual({
      flatFee: 1_000_000, // Tier 2: $10,000
      buyerAgentPay: 2_125_000, // 2.5% of $850,000
      sellerCredit: 500_000,
      transferTax: 93_500, // 1,700 × $0.55
      ownerTitlePolicy: 244_200, // $2,220 × 1.1 = $2,442
      escrowFee: 97_500, // half of $1,950
      // Owed: 900,000¢ × 257 / 365 = 633,698.63 → 633,699¢; both installments paid: 900,000¢ → a credit.
      propertyTax: -266_301,
      hoaDocuments: 40_000,
      hoaTransferFee: 25_000,
      "otherCosts[0]": 60_000,
      loanPayoffs: 40_000_000,
    });
    // Every line of the seller's sheet is the seller's: the proration is a credit to the seller (negative).
    expect(new Set(e.lines.map((l) => l.payer))).toEqual(new Set(["seller"]));
    // Costs: 1,000,000 + 2,125,000 + 500,000 + 93,500 + 244,200 + 97,500 − 266,301 + 40,000 + 25,000 + 60,000.
    expect(e.totals.costs).toBe(3_918_899);
    // Net: 85,000,000 − 3,918,899 − 40,000,000.
    expect(e.totals.net).toBe(41_081_101);
    expect(e.totals.net).toBe(
      e.totals.price - e.lines.filter((l) => l.key !== "loanPayoffs").reduce((s, l) => s + l.amount, 0) - 40_000_000,
    );
    expect(e.withholding).toBeNull();
    expect(e.totals.cashAtClosing).toBe(e.totals.net);
    // Beside it, a 3% commission instead of the flat fee: 2,550,000¢; the difference is the calculator's.
    expect(e.totals.traditionalCommission).toBe(2_550_000);
    expect(e.totals.traditionalNet).toBe(41_081_101 + 1_000_000 - 2_550_000);
    expect(e.totals.savings).toBe(calculateSavings(85_000_000)!.savingsCents);
  });

  it("withholding when the home is not the seller's principal residence: shown apart, out of the costs", () => {
    const e = estimate({ ...SELLER, principalResidence: false });
    if (e.side !== "seller") throw new Error("a seller's estimate");
    expect(e.withholding?.amount).toBe(2_833_333); // 85,000,000 / 30 = 2,833,333.33
    expect(e.totals.costs).toBe(3_918_899);
    expect(e.totals.cashAtClosing).toBe(41_081_101 - 2_833_333);
  });

  it("withholding: none on a sale of $100,000 or less (§18662(e)(3)(A)); $100,000.01 is withheld", () => {
    const at = (price: number) => estimate({ ...SELLER, price, loanPayoffs: 0, principalResidence: false });
    const small = at(dollars(90_000));
    if (small.side !== "seller") throw new Error("a seller's estimate");
    expect(small.withholding).toBeNull();
    expect(small.totals.withholding).toBe(0);
    expect(small.notes).toContain(
      "No California withholding: the price is $100,000 or less (Rev. & Tax. Code §18662(e)(3)(A)).",
    );
    expect(at(dollars(100_000)).withholding).toBeNull();
    // 10,000,001¢ / 30 = 333,333.37 → 333,333¢.
    expect(at(10_000_001).withholding?.amount).toBe(333_333);
  });

  it("withholding on the gain instead of 3⅓ %, when the seller elects it; the note names the rule", () => {
    const e = estimate({ ...SELLER, principalResidence: false, withholdingOnGain: dollars(12_345.67) });
    if (e.side !== "seller") throw new Error("a seller's estimate");
    expect(e.withholding).toMatchObject({ amount: 1_234_567, payer: "seller" });
    expect(e.withholding?.note).toMatch(/^the gain-based amount the seller elected \(FTB Form 593/);
    expect(e.totals.cashAtClosing).toBe(41_081_101 - 1_234_567);
    const standard = estimate({ ...SELLER, principalResidence: false });
    expect(standard.withholding?.note).toMatch(/^3⅓% of \$850,000\.00 \(Rev\. & Tax\. Code §18662\)/);
    // A principal residence has none, whatever was entered.
    expect(estimate({ ...SELLER, withholdingOnGain: dollars(1_000) }).withholding).toBeNull();
  });

  it("the proration's payer is the seller on the seller's sheet (closing 2028-11-01, $12,000 a year)", () => {
    const e = estimate({ ...SELLER, closingDate: "2028-11-01", annualPropertyTax: dollars(12_000) });
    // Owed: 1,200,000¢ × 123 / 365 = 404,383.56 → 404,384¢; the first installment (600,000¢) was due on
    // November 1 and counts as paid: 404,384 − 600,000 = −195,616¢, a credit to the seller.
    expect(e.lines.find((l) => l.key === "propertyTax")).toMatchObject({ amount: -195_616, payer: "seller" });
    const b = estimate({ ...BUYER, closingDate: "2028-11-01", annualPropertyTax: dollars(12_000) });
    // The buyer's sheet carries the other side: the buyer pays it back.
    expect(b.lines.find((l) => l.key === "propertyTax")).toMatchObject({ amount: 195_616, payer: "buyer" });
    expect(new Set(b.lines.map((l) => l.payer))).toEqual(new Set(["buyer"]));
  });

  it("without the yearly tax the proration is left out, and a note says so", () => {
    const e = estimate({ ...SELLER, annualPropertyTax: null });
    expect(e.lines.some((l) => l.key === "propertyTax")).toBe(false);
    expect(e.notes[0]).toMatch(/Property tax is left out/);
  });
});

const BUYER: BuyerInputs = {
  side: "buyer",
  price: dollars(850_000),
  closingDate: "2027-03-15",
  downPayment: { percentMilli: 20_000 },
  interestRateMilli: 6875,
  loanCosts: dollars(3_200),
  buyerAgentPay: { percentMilli: 2500 },
  sellerPaysBuyerAgent: { percentMilli: 2000 },
  sellerCredit: dollars(5_000),
  annualPropertyTax: dollars(9_000),
  recordingFees: dollars(250),
  homeownersInsurance: 0,
  impounds: 0,
  deposit: 0,
  otherCosts: [],
};

describe("a buyer's cash to close", () => {
  it("every line worked by hand, adding up to the cent", () => {
    const e = estimate(BUYER);
    const amounts = Object.fromEntries(e.lines.map((l) => [l.key, l.amount]));
    expect(amounts).toEqual({
      downPayment: 17_000_000, // 20%; the loan is $680,000
      loanCosts: 320_000,
      lenderTitlePolicy: 120_500, // $680,000 in the concurrent table
      escrowFee: 97_500,
      prepaidInterest: 217_740,
      propertyTax: 266_301, // the other side of the seller's credit
      buyerAgentPay: 425_000, // 2.5% less the 2% the seller pays
      sellerCredit: -500_000,
      recordingFees: 25_000,
    });
    expect(e.totals).toEqual({ price: 85_000_000, loan: 68_000_000, cashToClose: 17_972_041 });
    expect(e.notes.join(" ")).toMatch(/supplemental property tax bill/);
  });

  it("a cash purchase has no loan: no lender's policy, no interest", () => {
    const e = estimate({ ...BUYER, downPayment: { percentMilli: 100_000 } });
    expect(e.lines.map((l) => l.key)).not.toContain("lenderTitlePolicy");
    expect(e.lines.map((l) => l.key)).not.toContain("prepaidInterest");
    expect(e.totals).toMatchObject({ loan: 0 });
  });
});

describe("the inputs", () => {
  const today = "2026-11-25";

  it("takes what people type, with defaults: 45 days to closing, a Homeowner's policy, a principal residence", () => {
    const parsed = sellerInputsSchema(today).parse({
      side: "seller",
      price: "$850,000",
      buyerAgentPay: "2.5%",
      sellerCredit: "5,000.50",
      otherCosts: [
        { label: " Home warranty ", amount: "600" },
        { label: "", amount: "" },
      ],
    });
    expect(parsed).toMatchObject({
      price: 85_000_000,
      closingDate: "2027-01-09",
      buyerAgentPay: { percentMilli: 2500 },
      sellerCredit: 500_050,
      ownerPolicy: "homeowners",
      annualPropertyTax: null,
      principalResidence: true,
      withholdingOnGain: null,
      otherCosts: [{ label: "Home warranty", cents: 60_000 }],
    });
    expect(buyerInputsSchema(today).parse({ side: "buyer", price: 500000, interestRate: "6.875%" })).toMatchObject({
      downPayment: { percentMilli: 20_000 },
      interestRateMilli: 6875,
    });
  });

  it.each([
    [{ price: "-5" }, "price"],
    [{ price: "850000.50" }, "price"],
    [{ price: "abc" }, "price"],
    [{ price: "850000", closingDate: "2027-02-30" }, "closingDate"],
    [{ price: "850000", buyerAgentPay: "101%" }, "buyerAgentPay"],
    [{ price: "850000", loanPayoffs: "12abc" }, "loanPayoffs"],
    [{ price: "850000", assumedLoan: "900000" }, "assumedLoan"],
    [{ price: "850000", principalResidence: "maybe" }, "principalResidence"],
    [{ price: "850000", withholdingOnGain: "-1" }, "withholdingOnGain"],
  ])("%j is refused on %s", (fields, field) => {
    const result = estimateInputsSchema(today).safeParse({ side: "seller", ...fields });
    expect(result.success).toBe(false);
    expect(Object.keys(result.error!.flatten().fieldErrors)).toEqual([field]);
  });

  it("the names the public pages' addresses carry (app/lib/estimate-names.ts) are the schema's", () => {
    const keys = (shape: object) =>
      Object.keys(shape)
        .filter((k) => k !== "side" && k !== "otherCosts")
        .sort();
    expect(keys(sellerInputsSchema(today).innerType().innerType().shape)).toEqual([...SELLER_INPUT_NAMES].sort());
    expect(keys(buyerInputsSchema(today).innerType().shape)).toEqual([...BUYER_INPUT_NAMES].sort());
  });

  it("a side that is neither is refused on side", () => {
    const result = estimateInputsSchema(today).safeParse({ side: "tenant", price: 1 });
    expect(Object.keys(result.error!.flatten().fieldErrors)).toEqual(["side"]);
  });
});

describe("saved estimates and the agency's escrow rates", () => {
  const db = () => state.db;
  const state = {} as { db: Db; admin: User; client: User; other: User; transactionId: number };
  beforeEach(() => {
    state.db = freshDb();
    state.admin = upsertUserFromClaims(state.db, { email: "boss@agency.test" }, ["boss@agency.test"]);
    state.client = upsertUserFromClaims(state.db, { email: "robin@example.com" });
    state.other = upsertUserFromClaims(state.db, { email: "sam@example.com" });
    state.transactionId = createTransaction(state.db, state.admin, {
      email: state.client.email,
      type: "selling",
      propertyAddress: "7 Palm Ave",
      homeValue: "850000",
    }).id;
  });

  it("a form's values read back to the same inputs", () => {
    for (const inputs of [SELLER, BUYER, { ...SELLER, annualPropertyTax: null, principalResidence: false }] as const) {
      expect(estimateInputsSchema("2026-11-25").parse(inputValues(inputs))).toEqual(inputs);
    }
  });

  it("the client and admins save, change and delete; another client is told 'not found'", () => {
    const inputs = { price: "850,000", closingDate: "2027-03-15", loanPayoffs: "400000" };
    const saved = createEstimate(db(), state.client, state.transactionId, { name: "at $850,000", inputs });
    expect(saved).toMatchObject({ side: "seller", scheduleDate: "2025-03-17", createdBy: state.client.id });
    expect(listEstimates(db(), state.admin, state.transactionId).map((e) => e.id)).toEqual([saved.id]);
    expect(() => getEstimate(db(), state.other, saved.id)).toThrow(NotFoundError);
    expect(() => listEstimates(db(), state.other, state.transactionId)).toThrow(NotFoundError);
    expect(() => createEstimate(db(), state.other, state.transactionId, { name: "x", inputs })).toThrow(NotFoundError);
    expect(() => createEstimate(db(), state.client, state.transactionId, { name: " ", inputs })).toThrow(
      InvalidInputError,
    );
    expect(() =>
      createEstimate(db(), state.client, state.transactionId, { name: "x", inputs: { side: "buyer", price: "1" } }),
    ).toThrow(/a seller's/);
    const changed = updateEstimate(db(), state.admin, saved.id, { inputs: { ...inputs, loanPayoffs: "0" } });
    expect(changed.result.totals).toMatchObject({ loanPayoffs: 0 });
    expect(() => deleteEstimate(db(), state.other, saved.id)).toThrow(NotFoundError);
    deleteEstimate(db(), state.client, saved.id);
    expect(listEstimates(db(), state.client, state.transactionId)).toEqual([]);
  });

  it("admins change the escrow estimate; a saved estimate keeps its rates until it is changed", () => {
    const saved = createEstimate(db(), state.client, state.transactionId, { name: "a", inputs: { price: "850000" } });
    expect(saved.result.escrow).toEqual(DEFAULT_ESCROW);
    expect(() =>
      updateSettings(db(), state.client, {
        costs: { ...DEFAULT_COSTS, escrow: { baseCents: 0, perThousandCents: 0 } },
        routing: OFF,
      }),
    ).toThrow(ForbiddenError);
    updateSettings(db(), state.admin, {
      costs: { ...DEFAULT_COSTS, escrow: { baseCents: 30_000, perThousandCents: 250 } },
      routing: OFF,
    });
    expect(agencyCosts(db()).escrow).toEqual({ baseCents: 30_000, perThousandCents: 250 });
    expect(getEstimate(db(), state.client, saved.id).result.escrow).toEqual(DEFAULT_ESCROW);
    const again = updateEstimate(db(), state.client, saved.id, { inputs: { price: "850000" } });
    // $300 + $2.50 per $1,000 of $850,000 = $2,425: $1,212.50 each.
    expect(again.result.lines.find((l) => l.key === "escrowFee")!.amount).toBe(121_250);
  });
});
