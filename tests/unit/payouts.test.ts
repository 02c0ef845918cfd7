/**
 * Paying agents (issue 46, docs/payouts.md), the rule and then through the API: the split (a referral paid first,
 * the agent's share by their plan, the brokerage's share capped per plan year from the anniversary, the transaction
 * fee), the figures of a transaction before it closes, and at completion the agent's payout kept once (a plan changed
 * later leaves it), seen by the broker for all and by an agent for themself only.
 */
import { describe, expect, it } from "vitest";
import type { User } from "~/db/schema";
import { compensationCents, planYearStart, splitCommission } from "~/lib/commission";
import { addAgent, useAppDb } from "./db";
import { answer, args, get, ORIGIN, sessionCookie } from "./request";
import { createTransaction } from "~/models/transaction.server";
import { action as patchTeam } from "~/routes/api.team.$id";
import { loader as listTeamApi } from "~/routes/api.team";
import { action as patchTransaction } from "~/routes/api.transactions.$id._index";
import { loader as cdaApi } from "~/routes/api.transactions.$id.cda";
import { loader as payoutsApi } from "~/routes/api.payouts";
import { loader as payoutsPage } from "~/routes/admin.payouts";
import { loader as payoutsCsv } from "~/routes/admin.payouts[.]csv";
import { todayIn } from "~/lib/plain-date";

const app = useAppDb();

async function json(method: string, path: string, user: Pick<User, "id">, body?: unknown) {
  const headers = new Headers({ origin: ORIGIN, "content-type": "application/json" });
  headers.set("cookie", await sessionCookie(user));
  return new Request(`${ORIGIN}${path}`, {
    method,
    headers,
    body: body === undefined ? undefined : JSON.stringify(body),
  });
}

describe("the split", () => {
  const plan = { agentBp: 7000, capCents: 1_800_000, feeCents: 39_500, anniversaryOn: "2025-03-15" };
  it("pays the referral first, then the brokerage's share up to the cap, the fee, and the agent the rest", () => {
    const split = splitCommission({
      grossCents: 1_000_000,
      referral: { broker: "Harbor Realty (DRE 01999999)", bp: 2500 },
      plan,
      brokerageSoFarCents: 0,
    });
    expect(split).toMatchObject({
      grossCents: 1_000_000,
      referralCents: 250_000,
      brokerageCents: 225_000,
      feeCents: 39_500,
      agentCents: 485_500,
    });
    expect(split.lines[1]).toBe("Referral fee to Harbor Realty (DRE 01999999): 25 % of the gross, $2,500.00");
    // Near the cap: the brokerage takes what is left of it; past it, nothing (the agent keeps 100 %, less the fee).
    expect(
      splitCommission({ grossCents: 1_000_000, referral: null, plan, brokerageSoFarCents: 1_750_000 }),
    ).toMatchObject({
      brokerageCents: 50_000,
      agentCents: 910_500,
    });
    expect(
      splitCommission({ grossCents: 1_000_000, referral: null, plan, brokerageSoFarCents: 1_800_000 }),
    ).toMatchObject({
      brokerageCents: 0,
      feeCents: 39_500,
      agentCents: 960_500,
    });
    const parts = splitCommission({
      grossCents: 1_234_567,
      referral: { broker: "X", bp: 1000 },
      plan,
      brokerageSoFarCents: 0,
    });
    expect(parts.referralCents + parts.brokerageCents + parts.feeCents + parts.agentCents).toBe(1_234_567);
  });

  it("a plan year runs from the anniversary; a purchase's compensation as the agreement words it", () => {
    expect(planYearStart("2024-03-15", "2026-03-15")).toBe("2026-03-15");
    expect(planYearStart("2024-03-15", "2026-03-14")).toBe("2025-03-15");
    expect(planYearStart("2024-02-29", "2026-03-01")).toBe("2026-02-28");
    expect(compensationCents("2.5%", 90_000_000)).toBe(2_250_000);
    expect(compensationCents("$12,000", null)).toBe(1_200_000);
    expect(compensationCents("2.5% of the purchase price", 100_000_000)).toBe(2_500_000);
    expect(compensationCents("a fair amount", 90_000_000)).toBeNull();
  });
});

describe("plans, figures and payouts through the API", () => {
  it("a sale's figures by its agent's plan; completing makes the payout once; each sees what is theirs", async () => {
    const ana = addAgent(app.db, app.admin);
    const bo = addAgent(app.db, app.admin, "Bo", "07654321");
    const plan = { agentPercent: 70, annualCap: 18000, transactionFee: 395, anniversaryOn: "2026-01-01" };
    const bad = await answer(async () =>
      patchTeam(
        args(await json("PATCH", `/api/team/${ana.id}`, app.admin, { plan: { ...plan, agentPercent: 120 } }), {
          id: ana.id,
        }),
      ),
    );
    expect(bad.status).toBe(400);
    const saved = await answer(async () =>
      patchTeam(args(await json("PATCH", `/api/team/${ana.id}`, app.admin, { plan }), { id: ana.id })),
    );
    expect(saved.data).toMatchObject({ plan });
    const team = (await answer(async () => listTeamApi(args(await get("/api/team", app.admin))))).data as Array<{
      id: string;
      plan: unknown;
    }>;
    expect(team.find((p) => p.id === bo.id)!.plan).toBeNull();

    const t = createTransaction(
      app.db,
      app.admin,
      { email: "sam@example.com", type: "selling", propertyAddress: "9 Elm St", homeValue: "850000" },
      { notify: false },
    );
    const patch = async (body: unknown, user: User = app.admin) =>
      answer(async () =>
        patchTransaction(args(await json("PATCH", `/api/transactions/${t.id}`, user, body), { id: String(t.id) })),
      );
    const cda = async (user: User = app.admin) =>
      (await answer(async () =>
        cdaApi(args(await get(`/api/transactions/${t.id}/cda`, user), { id: String(t.id) })),
      )) as {
        status: number;
        data: Record<string, unknown>;
      };
    expect((await cda()).data).toMatchObject({ ready: false, missing: ["an assigned agent"] });
    expect(
      (await patch({ assignedAgentId: ana.id, referral: { broker: "Harbor Realty", license: "123", percent: 25 } }))
        .status,
    ).toBe(400);
    await patch({
      assignedAgentId: ana.id,
      referral: { broker: "Harbor Realty", license: "01999999", percent: 25 },
      escrowEmail: "Officer@Escrow.example",
    });
    const figures = (await cda()).data;
    // Tier 2 (up to $1.5M): a $10,000 flat fee.
    // No listing agreement signed yet: the fee is the tier table's, estimated.
    expect(figures).toMatchObject({
      ready: true,
      agent: "Ana Agent",
      basis: "estimated",
      lines: { gross: 10000, referral: 2500, brokerage: 2250, fee: 395, agent: 4855, capBefore: 0, capAfter: 2250 },
      escrowEmail: "officer@escrow.example",
      referral: { broker: "Harbor Realty", license: "01999999", percent: 25 },
      payout: null,
    });
    // The CDA is the broker's: this sale's own agent reads the sale but not its CDA (403).
    expect((await cda(ana)).status).toBe(403);

    expect((await patch({ status: "completed", override: "Reviewed on paper" })).status).toBe(200);
    const payout = (await cda()).data.payout;
    expect(payout).toMatchObject({ agentId: ana.id, closedOn: todayIn(new Date()), gross: 10000, agent: 4855 });
    // A plan changed later leaves the payout as it was.
    await answer(async () =>
      patchTeam(
        args(await json("PATCH", `/api/team/${ana.id}`, app.admin, { plan: { ...plan, agentPercent: 90 } }), {
          id: ana.id,
        }),
      ),
    );
    expect((await cda()).data.payout).toEqual(payout);

    const year = todayIn(new Date()).slice(0, 4);
    const list = async (user: User, query: string) =>
      answer(async () => payoutsApi(args(await get(`/api/payouts?${query}`, user))));
    expect((await list(app.admin, `year=${year}`)).data).toMatchObject({
      items: [{ transactionId: t.id, agent: 4855 }],
      totals: { gross: 10000, agent: 4855, brokerage: 2250, referral: 2500, fee: 395 },
    });
    expect(((await list(ana, "")).data as { items: unknown[] }).items).toHaveLength(1);
    expect(((await list(bo, "")).data as { items: unknown[] }).items).toHaveLength(0);
    expect((await list(bo, `agent=${ana.id}`)).status).toBe(403);
    expect((await list(app.client, "")).status).toBe(403);
    expect((await list(app.admin, "year=26")).status).toBe(400);
    // The pages: the broker's per agent and month, with the CSV; the agent's own with the cap so far.
    const page = async (user: User) =>
      (await answer(async () => payoutsPage(args(await get(`/admin/payouts?year=${year}`, user))))).data as {
        byAgent: Array<{ name: string; total: string }>;
        cap: { paid: string; of: string | null } | null;
      };
    expect((await page(app.admin)).byAgent).toEqual([expect.objectContaining({ name: "Ana Agent", total: "$4,855" })]);
    expect((await page(ana)).cap).toMatchObject({ paid: "$2,250", of: "$18,000" });
    const csv = await answer(async () => payoutsCsv(args(await get(`/admin/payouts.csv?year=${year}`, app.admin))));
    expect(String(csv.data)).toContain(`Ana Agent,ana@agency.test,01234567,${t.id},`);
    expect(String(csv.data)).toContain(",10000.00,2500.00,2250.00,395.00,4855.00");
    expect((await answer(async () => payoutsCsv(args(await get("/admin/payouts.csv", ana))))).status).toBe(403);
    // Reopened: it did not close, so no payout.
    await patch({ status: "active" });
    expect((await cda()).data.payout).toBeNull();
  });

  it("two sales closed the same day both count toward the cap", async () => {
    const ana = addAgent(app.db, app.admin);
    const plan = { agentPercent: 70, annualCap: 3000, transactionFee: 0, anniversaryOn: "2020-01-01" };
    await answer(async () =>
      patchTeam(args(await json("PATCH", `/api/team/${ana.id}`, app.admin, { plan }), { id: ana.id })),
    );
    const complete = async (address: string) => {
      const t = createTransaction(
        app.db,
        app.admin,
        { email: "sam@example.com", type: "selling", propertyAddress: address, homeValue: "850000" },
        { notify: false },
      );
      const body = { assignedAgentId: ana.id, status: "completed", override: "Reviewed on paper" };
      await answer(async () =>
        patchTransaction(args(await json("PATCH", `/api/transactions/${t.id}`, app.admin, body), { id: String(t.id) })),
      );
      const cda = await answer(async () =>
        cdaApi(args(await get(`/api/transactions/${t.id}/cda`, app.admin), { id: String(t.id) })),
      );
      return (cda.data as { payout: { brokerage: number; agent: number } }).payout;
    };
    // $10,000 each: the brokerage's 30 % is $3,000, the whole cap; the second sale's is what is left of it: none.
    expect(await complete("1 First St")).toMatchObject({ brokerage: 3000, agent: 7000 });
    expect(await complete("2 Second St")).toMatchObject({ brokerage: 0, agent: 10000 });
  });
});
