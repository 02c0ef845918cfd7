/**
 * The contract's clock (app/lib/deadlines.ts, app/lib/holidays.ts): a table of cases for each rule,
 * with California's holidays, weekends, Daylight Saving Time and a leap day.
 */
import { describe, expect, it } from "vitest";
import { computeDeadlines, DEFAULT_DAYS, type ContractInput, type DeadlineKey, stepNumberOf } from "~/lib/deadlines";
import { HolidayCalendar, tableHolidays, type HolidayChange } from "~/lib/holidays";
import { BUYING_MILESTONES, SELLING_MILESTONES } from "~/lib/milestone-templates";
import { formatShortDate, instantAt, parsePlainDate, todayIn } from "~/lib/plain-date";

const due = (
  contract: Partial<ContractInput> & { acceptedOn: string },
  key: DeadlineKey,
  changes: HolidayChange[] = [],
) => {
  const all = computeDeadlines(
    { closingOn: null, ...contract, days: { ...DEFAULT_DAYS, ...contract.days } },
    new HolidayCalendar(changes),
  );
  return all.find((d) => d.key === key)!;
};

describe("N days after acceptance: a weekend or holiday moves the last day to the next open day", () => {
  it.each([
    ["an ordinary Thursday", "2027-07-01", "seller_disclosures", "2027-07-08", null, null],
    ["a Saturday", "2027-07-10", "seller_disclosures", "2027-07-19", "2027-07-17", "weekend"],
    [
      "Sunday July 4, 2027, then its Monday observance",
      "2027-06-17",
      "investigation_contingency",
      "2027-07-06",
      "2027-07-04",
      "weekend",
    ],
    [
      "Monday July 5, 2027 (July 4 observed)",
      "2027-06-18",
      "loan_contingency",
      "2027-07-06",
      "2027-07-05",
      "Independence Day (observed)",
    ],
    ["across the spring DST change", "2027-03-01", "appraisal_contingency", "2027-03-18", null, null],
    [
      "across the autumn DST change, onto Veterans Day",
      "2027-10-25",
      "investigation_contingency",
      "2027-11-12",
      "2027-11-11",
      "Veterans Day",
    ],
    [
      "onto February 29, 2028 (Lincoln Day on a Saturday is not moved)",
      "2028-02-12",
      "appraisal_contingency",
      "2028-02-29",
      null,
      null,
    ],
  ] as const)("%s", (_, acceptedOn, key, dueOn, movedFrom, movedReason) => {
    expect(due({ acceptedOn }, key)).toMatchObject({ dueOn, movedFrom, movedReason });
  });
});

describe("N business days after acceptance: Monday to Friday, not holidays, from the day after", () => {
  it.each([
    ["across Thanksgiving (the Friday after counts)", "2026-11-25", "2026-12-01"],
    ["across Christmas", "2026-12-23", "2026-12-29"],
    ["across New Year's Day", "2026-12-29", "2027-01-04"],
    ["from a Friday", "2027-07-02", "2027-07-08"],
  ])("%s", (_, acceptedOn, dueOn) => {
    expect(due({ acceptedOn }, "deposit")).toMatchObject({ dueOn, counting: "business", days: 3, movedFrom: null });
  });
});

describe("close of escrow and the walk-through", () => {
  it("30 days after acceptance when no date is entered", () => {
    expect(due({ acceptedOn: "2027-06-01" }, "close_of_escrow")).toMatchObject({
      dueOn: "2027-07-01",
      counting: "calendar",
      days: 30,
    });
  });

  it("an entered date on a Saturday before July 4 observed moves to Tuesday; the walk-through counts back from it", () => {
    const contract = { acceptedOn: "2027-06-01", closingOn: "2027-07-03" };
    expect(due(contract, "close_of_escrow")).toMatchObject({
      dueOn: "2027-07-06",
      movedFrom: "2027-07-03",
      movedReason: "weekend",
      counting: "entered",
      days: null,
    });
    // A window's first day: five days before the moved closing, on a holiday or not.
    expect(due(contract, "final_walkthrough")).toMatchObject({ dueOn: "2027-07-01", movedFrom: null });
    expect(due({ ...contract, closingOn: "2027-07-10" }, "final_walkthrough").dueOn).toBe("2027-07-07");
  });

  it("changed day counts", () => {
    expect(
      due({ acceptedOn: "2027-07-01", days: { ...DEFAULT_DAYS, loan_contingency: 21 } }, "loan_contingency").dueOn,
    ).toBe("2027-07-22");
    expect(due({ acceptedOn: "2027-07-01", days: { ...DEFAULT_DAYS, deposit: 0 } }, "deposit").dueOn).toBe(
      "2027-07-01",
    );
  });
});

describe("the holidays", () => {
  it("a Sunday holiday is observed on the Monday after; Veterans Day on a Saturday on the Friday before", () => {
    const y2027 = tableHolidays(2027);
    expect(y2027).toContainEqual({ date: "2027-07-05", name: "Independence Day (observed)" });
    expect(tableHolidays(2028)).toContainEqual({ date: "2028-11-10", name: "Veterans Day (observed)" });
    expect(tableHolidays(2026).find((h) => h.name === "Thanksgiving Day")?.date).toBe("2026-11-26");
    expect(tableHolidays(2027).find((h) => h.name === "Memorial Day")?.date).toBe("2027-05-31");
    expect(tableHolidays(2027).find((h) => h.name === "Native American Day")?.date).toBe("2027-09-24");
  });

  it("an added holiday and a removed one change the dates", () => {
    const added: HolidayChange = { date: "2026-11-27", kind: "added", name: "Day after Thanksgiving" };
    expect(due({ acceptedOn: "2026-11-25" }, "deposit", [added]).dueOn).toBe("2026-12-02");
    const removed: HolidayChange = { date: "2026-11-26", kind: "removed", name: "Thanksgiving Day" };
    expect(due({ acceptedOn: "2026-11-25" }, "deposit", [removed]).dueOn).toBe("2026-11-30");
  });
});

describe("plain dates", () => {
  it("refuses impossible dates and reads real ones", () => {
    expect(parsePlainDate("2027-02-30")).toBeNull();
    expect(parsePlainDate("2027-13-01")).toBeNull();
    expect(parsePlainDate("7/4/2027")).toBeNull();
    expect(parsePlainDate("2028-02-29")).toBe("2028-02-29");
    expect(parsePlainDate("2027-02-29")).toBeNull();
  });

  it("today is San Diego's date, and a reminder's hour is San Diego's", () => {
    expect(todayIn(new Date("2027-07-05T06:59:00Z"))).toBe("2027-07-04"); // 11:59 p.m. PDT
    expect(todayIn(new Date("2027-07-05T07:00:00Z"))).toBe("2027-07-05");
    expect(instantAt("2027-07-05", 8).toISOString()).toBe("2027-07-05T15:00:00.000Z"); // PDT
    expect(instantAt("2027-12-06", 8).toISOString()).toBe("2027-12-06T16:00:00.000Z"); // PST
    expect(formatShortDate("2027-07-17")).toBe("Sat, Jul 17");
  });

  it("each deadline belongs to a step of the tracker of either type", () => {
    const buying = BUYING_MILESTONES.map((m) => m.title);
    const selling = SELLING_MILESTONES.map((m) => m.title);
    expect(stepNumberOf("investigation_contingency", "buying", buying)).toBe(8);
    for (const key of ["deposit", "seller_disclosures", "loan_contingency", "close_of_escrow"] as const) {
      expect(stepNumberOf(key, "buying", buying)).not.toBeNull();
      expect(stepNumberOf(key, "selling", selling)).not.toBeNull();
    }
  });
});
