/**
 * Proof on the public site (issue 45; docs/proof.md), through the API as a client, an agent, an admin and a
 * stranger would call it: an agent's profile and who is shown; a completed sale asked about once, shown only with
 * the client's yes, with the saving of the calculator's rule, and gone when they take it back; one review request
 * a person, its single-use link, the review's limits, staff who cannot change its words, hiding only for a
 * policy reason (audited, the client told), one reply; the counts and the page scopes the triggers keep; the
 * contact form of an agent's page routed to that agent.
 */
import { and, eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import {
  auditEvents,
  contactSubmissions,
  publicCounts,
  reviewRequests,
  soldHomes,
  transactions,
  users,
  type User,
} from "~/db/schema";
import { pageScopeVersion } from "~/models/content-version.server";
import { sendReviewReminders } from "~/models/review.server";
import { answerSoldConsent, soldTotals } from "~/models/sold-home.server";
import { createTransaction } from "~/models/transaction.server";
import { upsertUserFromClaims } from "~/models/user.server";
import { loader as agentLoader, action as agentAction } from "~/routes/agents.$slug";
import { loader as agentsApi } from "~/routes/api.agents";
import { loader as agentApi } from "~/routes/api.agents.$slug";
import { action as moveReview } from "~/routes/api.reviews.$id.$move";
import { action as ownReview } from "~/routes/api.reviews.$id._index";
import { action as postReview, loader as reviewsApi } from "~/routes/api.reviews";
import { action as soldConsent } from "~/routes/api.sold-consent.$transactionId";
import { loader as soldApi } from "~/routes/api.sold";
import { action as patchProfile } from "~/routes/api.team.$id.profile";
import { action as patchTeam } from "~/routes/api.team.$id";
import { action as patchTransaction } from "~/routes/api.transactions.$id._index";
import { loader as landingLoader } from "~/routes/_index";
import { loader as agentsLoader } from "~/routes/agents._index";
import { loader as soldLoader } from "~/routes/sold";
import { loader as reviewsLoader } from "~/routes/reviews._index";
import { loader as staffReviewsLoader } from "~/routes/admin.client-reviews";
import { action as portalAction } from "~/routes/client-portal/route";
import { planAdminPages, type AdminPage } from "../../scripts/query-plans";
import { addAgent, outboxWithContent, useAppDb } from "./db";
import { answer, args, formPost, get, ORIGIN, sessionCookie } from "./request";

const app = useAppDb();

async function json(method: string, path: string, user: Pick<User, "id"> | null, body?: unknown) {
  const headers = new Headers({ origin: ORIGIN, "content-type": "application/json" });
  if (user) headers.set("cookie", await sessionCookie(user));
  return new Request(`${ORIGIN}${path}`, {
    method,
    headers,
    body: body === undefined ? undefined : JSON.stringify(body),
  });
}

/** An agent with a saved profile ("Ana Agent", /agents/ana-agent). */
async function agentWithProfile(name = "Ana", license = "01234567") {
  const agent = addAgent(app.db, app.admin, name, license);
  const saved = await answer(async () =>
    patchProfile(
      args(
        await json("PATCH", `/api/team/${agent.id}/profile`, agent, {
          title: "Listing Specialist",
          bio: "Hi",
          languages: "English, Spanish",
          areas: "North Park, 92104",
        }),
        {
          id: agent.id,
        },
      ),
    ),
  );
  expect(saved.status).toBe(200);
  return agent;
}

/** A sale of the client's, assigned to `agent`, completed through the API at `closingPrice`. */
async function completedSale(
  agent: User | null,
  closingPrice = "900000",
  address = "3021 Upas St, San Diego, CA 92104",
) {
  const t = createTransaction(
    app.db,
    app.admin,
    { email: app.client.email, type: "selling", propertyAddress: address, homeValue: "850000", tier: 2 },
    { notify: false },
  );
  if (agent) {
    const assigned = await answer(async () =>
      patchTransaction(
        args(await json("PATCH", `/api/transactions/${t.id}`, app.admin, { assignedAgentId: agent.id }), {
          id: String(t.id),
        }),
      ),
    );
    expect(assigned.status).toBe(200);
  }
  const done = await answer(async () =>
    patchTransaction(
      args(
        await json("PATCH", `/api/transactions/${t.id}`, app.admin, {
          status: "completed",
          closingPrice,
          override: "The file was reviewed on paper",
        }),
        {
          id: String(t.id),
        },
      ),
    ),
  );
  expect(done.status).toBe(200);
  expect((done.data as { closingPrice: string }).closingPrice).toBe(closingPrice);
  return t;
}

const reviewToken = (to: string) => {
  const mail = outboxWithContent(app.db, "review")
    .filter((m) => m.toAddress === to)
    .at(-1);
  const token = /\/review\/([A-Za-z0-9_-]+)/.exec(mail?.textBody ?? "")?.[1];
  expect(token, `a review link e-mailed to ${to}`).toBeTruthy();
  return token!;
};

describe("our agents", () => {
  it("an agent fills their own profile and is shown; another agent 404; deactivated or unlicensed people are not", async () => {
    const ana = await agentWithProfile();
    const list = await answer(async () => agentsApi(args(await get("/api/agents"))));
    expect(
      (list.data as { items: Array<{ slug: string; license: string; broker: { name: string }; languages: string[] }> })
        .items,
    ).toEqual([
      expect.objectContaining({
        slug: "ana-agent",
        license: "01234567",
        languages: ["English", "Spanish"],
        broker: expect.objectContaining({ name: expect.any(String) }),
      }),
    ]);
    const bo = addAgent(app.db, app.admin, "Bo", "07654321");
    const other = await answer(async () =>
      patchProfile(args(await json("PATCH", `/api/team/${ana.id}/profile`, bo, { bio: "hacked" }), { id: ana.id })),
    );
    expect(other.status).toBe(404);
    const byAdmin = await answer(async () =>
      patchProfile(
        args(await json("PATCH", `/api/team/${ana.id}/profile`, app.admin, { title: "Senior Agent" }), { id: ana.id }),
      ),
    );
    expect(byAdmin.status).toBe(200);
    expect(auditOf("profile.update").length).toBe(2);

    // Deactivated: off the list, their page 404.
    const off = await answer(async () =>
      patchTeam(args(await json("PATCH", `/api/team/${ana.id}`, app.admin, { active: false }), { id: ana.id })),
    );
    expect(off.status).toBe(200);
    expect(
      ((await answer(async () => agentsApi(args(await get("/api/agents"))))).data as { items: unknown[] }).items,
    ).toEqual([]);
    expect(
      (await answer(async () => agentApi(args(await get("/api/agents/ana-agent"), { slug: "ana-agent" })))).status,
    ).toBe(404);
    expect(
      (await answer(async () => agentLoader(args(await get("/agents/ana-agent"), { slug: "ana-agent" })))).status,
    ).toBe(404);

    // A staff member without a license number is never shown.
    app.db.update(users).set({ licenseNumber: null }).where(eq(users.id, bo.id)).run();
    await answer(async () =>
      patchProfile(args(await json("PATCH", `/api/team/${bo.id}/profile`, bo, { bio: "x" }), { id: bo.id })),
    );
    expect(
      ((await answer(async () => agentsApi(args(await get("/api/agents"))))).data as { items: unknown[] }).items,
    ).toEqual([]);
  });

  it("a profile change raises the scopes of the pages that show it, and only those", async () => {
    const ana = await agentWithProfile();
    const before = {
      agents: pageScopeVersion(app.db, "agents"),
      agent: pageScopeVersion(app.db, `agent:${ana.id}`),
      sale: pageScopeVersion(app.db, "sale:1"),
    };
    await answer(async () =>
      patchProfile(args(await json("PATCH", `/api/team/${ana.id}/profile`, ana, { bio: "New" }), { id: ana.id })),
    );
    expect(pageScopeVersion(app.db, "agents")).toBe(before.agents + 1);
    expect(pageScopeVersion(app.db, `agent:${ana.id}`)).toBe(before.agent + 1);
    expect(pageScopeVersion(app.db, "sale:1")).toBe(before.sale);
  });

  it("'Contact Ana' on her page sends the lead to her, whatever the routing", async () => {
    const ana = await agentWithProfile();
    const sent = await answer(async () =>
      agentAction({
        ...args(
          await formPost("/agents/ana-agent", {
            firstName: "Lee",
            lastName: "Visitor",
            email: "lee@example.com",
            phone: "619-555-0199",
          }),
          { slug: "ana-agent" },
        ),
      }),
    );
    expect(sent.status).toBe(302);
    const lead = app.db.select().from(contactSubmissions).where(eq(contactSubmissions.email, "lee@example.com")).get();
    expect(lead?.assignedAgentId).toBe(ana.id);
  });
});

function auditOf(action: string) {
  return app.db.select().from(auditEvents).where(eq(auditEvents.action, action)).all();
}

describe("the homes we sold", () => {
  it("a completed sale asks its client once; nothing is shown without a yes; a no takes it off at once", async () => {
    const ana = await agentWithProfile();
    const t = await completedSale(ana);
    const asks = outboxWithContent(app.db, "client_notice").filter(
      (m) => m.subject === "May we show your sale on our site?",
    );
    expect(asks).toHaveLength(1);
    const sold = async (query = "") =>
      (await answer(async () => soldApi(args(await get(`/api/sold${query}`))))).data as {
        items: Array<Record<string, unknown>>;
        total: number;
      };
    expect((await sold()).total).toBe(0);

    // Another client and a stranger are told "not found".
    const other = upsertUserFromClaims(app.db, { email: "other@example.com", firstName: "Oz" });
    const consent = { show: true, detail: "neighbourhood", photo: false };
    expect(
      (
        await answer(async () =>
          soldConsent(
            args(await json("PUT", `/api/sold-consent/${t.id}`, other, consent), { transactionId: String(t.id) }),
          ),
        )
      ).status,
    ).toBe(404);
    expect(
      (
        await answer(async () =>
          soldConsent(
            args(await json("PUT", `/api/sold-consent/${t.id}`, app.admin, consent), { transactionId: String(t.id) }),
          ),
        )
      ).status,
    ).toBe(404);
    expect(
      (
        await answer(async () =>
          soldConsent(
            args(await json("PUT", `/api/sold-consent/${t.id}`, app.client, { ...consent, detail: "street" }), {
              transactionId: String(t.id),
            }),
          ),
        )
      ).status,
    ).toBe(400);

    const yes = await answer(async () =>
      soldConsent(
        args(await json("PUT", `/api/sold-consent/${t.id}`, app.client, consent), { transactionId: String(t.id) }),
      ),
    );
    expect(yes.status).toBe(200);
    const shown = await sold();
    // $900,000 at 3% is $27,000; the Tier 2 fee is $10,000: saved $17,000.
    expect(shown.items).toEqual([
      expect.objectContaining({
        place: "North Park, 92104",
        price: 900000,
        fee: 10000,
        saved: 17000,
        agent: { slug: "ana-agent", name: "Ana Agent" },
      }),
    ]);
    expect((await sold("?zip=92104")).total).toBe(1);
    expect((await sold("?area=north%20park")).total).toBe(1);
    expect((await sold("?zip=92109")).total).toBe(0);
    expect(app.db.select().from(publicCounts).where(eq(publicCounts.key, "sold")).get()).toEqual({
      key: "sold",
      count: 1,
      total: 1_700_000,
    });

    // Completing it again (an edit) asks nothing more.
    await answer(async () =>
      patchTransaction(
        args(await json("PATCH", `/api/transactions/${t.id}`, app.admin, { closingPrice: "910000" }), {
          id: String(t.id),
        }),
      ),
    );
    expect(outboxWithContent(app.db, "client_notice").filter((m) => m.subject.startsWith("May we show"))).toHaveLength(
      1,
    );
    expect((await sold()).items[0]).toMatchObject({ price: 910000, saved: 17300 });

    const no = await answer(async () =>
      soldConsent(
        args(await json("PUT", `/api/sold-consent/${t.id}`, app.client, { show: false }), {
          transactionId: String(t.id),
        }),
      ),
    );
    expect(no.status).toBe(200);
    expect((await sold()).total).toBe(0);
    expect(app.db.select().from(publicCounts).where(eq(publicCounts.key, "sold")).get()).toMatchObject({
      count: 0,
      total: 0,
    });
    expect(auditOf("sold.consent")).toHaveLength(2);
  });

  it("the saving uses the home value when no closing price was given; a reopened sale leaves the site, its answer kept", async () => {
    const t = createTransaction(
      app.db,
      app.admin,
      {
        email: app.client.email,
        type: "selling",
        propertyAddress: "1 Main St, La Jolla, CA 92037",
        homeValue: "2000000",
        tier: 3,
      },
      { notify: false },
    );
    await answer(async () =>
      patchTransaction(
        args(
          await json("PATCH", `/api/transactions/${t.id}`, app.admin, {
            status: "completed",
            override: "The file was reviewed on paper",
          }),
          {
            id: String(t.id),
          },
        ),
      ),
    );
    const row = app.db.select().from(soldHomes).where(eq(soldHomes.transactionId, t.id)).get();
    expect(row).toMatchObject({
      priceCents: 200_000_000,
      feeCents: 2_000_000,
      savedCents: 4_000_000,
      neighbourhood: "La Jolla",
    });
    // The seller says yes; the sale is reopened: it leaves the site at once, the answer kept.
    const soldRow = () => app.db.select().from(soldHomes).where(eq(soldHomes.transactionId, t.id)).get()!;
    const asked = () => outboxWithContent(app.db).filter((m) => m.subject === "May we show your sale on our site?");
    expect(asked()).toHaveLength(1);
    answerSoldConsent(app.db, app.client, t.id, { show: true, detail: "neighbourhood", photo: false });
    const patch = async (body: unknown) =>
      answer(async () =>
        patchTransaction(args(await json("PATCH", `/api/transactions/${t.id}`, app.admin, body), { id: String(t.id) })),
      );
    await patch({ status: "active" });
    expect(soldRow()).toMatchObject({ shown: false, consented: true });
    expect(soldTotals(app.db).count).toBe(0);
    // Completed again: shown again on the yes it had, and nobody is asked a second time.
    await patch({ status: "completed", override: "The file was reviewed on paper" });
    expect(soldRow()).toMatchObject({ shown: true, consented: true });
    expect(soldTotals(app.db).count).toBe(1);
    expect(asked()).toHaveLength(1);
  });
});

describe("what our clients say", () => {
  it("one request a person with a single-use link; the review's limits; its words are the client's alone", async () => {
    const ana = await agentWithProfile();
    const t = await completedSale(ana);
    const token = reviewToken(app.client.email);
    const post = async (body: Record<string, unknown>) =>
      answer(async () => postReview(args(await json("POST", "/api/reviews", null, body))));

    for (const [body, field] of [
      [{ token, rating: 6, text: "Great" }, "rating"],
      [{ token, rating: 0, text: "Great" }, "rating"],
      [{ token, rating: 4, text: "  " }, "text"],
      [{ token, rating: 4, text: "x".repeat(2001) }, "text"],
    ] as const) {
      const refused = await post(body);
      expect(refused.status).toBe(400);
      expect((refused.data as { errors: Record<string, unknown> }).errors).toHaveProperty(field);
    }
    expect(
      (await post({ token: `${token.slice(0, -1)}${token.endsWith("A") ? "B" : "A"}`, rating: 2, text: "Altered" }))
        .status,
    ).toBe(404);

    const created = await post({
      token,
      rating: 2,
      text: "Slow to answer <script>alert(1)</script>",
      agentSlug: "ana-agent",
    });
    expect(created.status).toBe(201);
    expect(created.data).toMatchObject({
      rating: 2,
      name: "Robin",
      agent: { slug: "ana-agent", name: "Ana Agent" },
      reply: null,
    });
    const reviewId = (created.data as { id: number }).id;
    expect((await post({ token, rating: 5, text: "Again" })).status).toBe(404);

    const list = (await answer(async () => reviewsApi(args(await get("/api/reviews?agent=ana-agent"))))).data as {
      items: Array<{ text: string }>;
      total: number;
    };
    expect(list.total).toBe(1);
    expect(list.items[0]!.text).toContain("<script>");
    const ana2 = (await answer(async () => agentApi(args(await get("/api/agents/ana-agent"), { slug: "ana-agent" }))))
      .data as { reviews: { count: number; average: number } };
    expect(ana2.reviews).toEqual({ count: 1, average: 2 });

    // Staff cannot change its words; the client can.
    const staffEdit = await answer(async () =>
      ownReview(
        args(await json("PATCH", `/api/reviews/${reviewId}`, app.admin, { rating: 5, text: "Wonderful" }), {
          id: String(reviewId),
        }),
      ),
    );
    expect(staffEdit.status).toBe(403);
    const agentEdit = await answer(async () =>
      ownReview(
        args(await json("PATCH", `/api/reviews/${reviewId}`, ana, { rating: 5, text: "Wonderful" }), {
          id: String(reviewId),
        }),
      ),
    );
    expect(agentEdit.status).toBe(403);
    const stranger = upsertUserFromClaims(app.db, { email: "s@example.com", firstName: "S" });
    expect(
      (
        await answer(async () =>
          ownReview(
            args(await json("PATCH", `/api/reviews/${reviewId}`, stranger, { rating: 5, text: "x" }), {
              id: String(reviewId),
            }),
          ),
        )
      ).status,
    ).toBe(404);
    const mine = await answer(async () =>
      ownReview(
        args(await json("PATCH", `/api/reviews/${reviewId}`, app.client, { rating: 3, text: "Better later" }), {
          id: String(reviewId),
        }),
      ),
    );
    expect(mine.status).toBe(200);
    expect(app.db.select().from(publicCounts).where(eq(publicCounts.key, "reviews")).get()).toMatchObject({
      count: 1,
      total: 3,
    });

    // Hiding: admins only, a reason of the policy only, audited, the client told.
    const move = async (verb: string, user: User, body: unknown = {}) =>
      answer(async () =>
        moveReview(
          args(await json("POST", `/api/reviews/${reviewId}/${verb}`, user, body), {
            id: String(reviewId),
            move: verb,
          }),
        ),
      );
    expect((await move("hide", app.admin, { reason: "negative" })).status).toBe(400);
    expect((await move("hide", app.admin)).status).toBe(400);
    expect((await move("hide", ana, { reason: "profanity" })).status).toBe(403);
    const hidden = await move("hide", app.admin, { reason: "personal_data" });
    expect(hidden.status).toBe(200);
    expect(auditOf("review.hide")).toEqual([
      expect.objectContaining({ actorId: app.admin.id, changes: { hidden: { before: null, after: "personal_data" } } }),
    ]);
    expect(
      outboxWithContent(app.db, "review").filter((m) => m.subject === "Your review is not shown on our site"),
    ).toHaveLength(1);
    expect(
      ((await answer(async () => reviewsApi(args(await get("/api/reviews"))))).data as { total: number }).total,
    ).toBe(0);
    expect(app.db.select().from(publicCounts).where(eq(publicCounts.key, "reviews")).get()).toMatchObject({
      count: 0,
      total: 0,
    });
    expect((await move("unhide", app.admin)).status).toBe(200);

    // One public reply, by the transaction's own staff: its agent now (the deal changed hands after the review), not
    // the agent the review named.
    const bo = addAgent(app.db, app.admin, "Bo", "07654321");
    app.db.update(transactions).set({ assignedAgentId: bo.id }).where(eq(transactions.id, t.id)).run();
    expect((await move("reply", ana, { text: "Thank you." })).status).toBe(404);
    expect((await move("reply", bo, { text: "Thank you, we are sorry for the wait." })).status).toBe(200);
    expect((await move("reply", app.admin, { text: "Again" })).status).toBe(409);
    const replied = (await answer(async () => reviewsApi(args(await get("/api/reviews"))))).data as {
      items: Array<{ reply: string }>;
    };
    expect(replied.items[0]!.reply).toBe("Thank you, we are sorry for the wait.");

    // The client removes it.
    expect(
      (
        await answer(async () =>
          ownReview(args(await json("DELETE", `/api/reviews/${reviewId}`, app.client), { id: String(reviewId) })),
        )
      ).status,
    ).toBe(204);
    expect(
      ((await answer(async () => reviewsApi(args(await get("/api/reviews"))))).data as { total: number }).total,
    ).toBe(0);
    void t;
  });

  it("one reminder after 7 days with a new link, then nothing; expired links 404; staff are never asked", async () => {
    const t0 = new Date();
    await completedSale(null);
    const first = reviewToken(app.client.email);
    expect(sendReviewReminders(app.db, new Date(t0.getTime() + 6 * 86_400_000))).toBe(0);
    expect(sendReviewReminders(app.db, new Date(t0.getTime() + 7 * 86_400_000 + 60_000))).toBe(1);
    expect(sendReviewReminders(app.db, new Date(t0.getTime() + 30 * 86_400_000))).toBe(0);
    const second = reviewToken(app.client.email);
    expect(second).not.toBe(first);
    expect(outboxWithContent(app.db, "review").filter((m) => m.toAddress === app.client.email)).toHaveLength(2);
    const post = async (token: string) =>
      answer(async () =>
        postReview(args(await json("POST", "/api/reviews", null, { token, rating: 5, text: "Great" }))),
      );
    expect((await post(first)).status).toBe(404);
    app.db
      .update(reviewRequests)
      .set({ expiresAt: new Date(Date.now() - 1000) })
      .run();
    expect((await post(second)).status).toBe(404);

    // A transaction of a staff member's own: no request.
    const staffSale = createTransaction(
      app.db,
      app.admin,
      { email: app.admin.email, type: "selling", propertyAddress: "9 Own St", homeValue: "500000" },
      { notify: false },
    );
    await answer(async () =>
      patchTransaction(
        args(
          await json("PATCH", `/api/transactions/${staffSale.id}`, app.admin, {
            status: "completed",
            override: "The file was reviewed on paper",
          }),
          {
            id: String(staffSale.id),
          },
        ),
      ),
    );
    expect(
      app.db
        .select()
        .from(reviewRequests)
        .where(and(eq(reviewRequests.transactionId, staffSale.id)))
        .all(),
    ).toEqual([]);
  });

  it("the landing page describes the brokerage (RealEstateAgent, its address and license) with the reviews it shows", async () => {
    const ana = await agentWithProfile();
    await completedSale(ana);
    const empty = (await answer(async () => landingLoader(args(await get("/"))))).data as {
      organization: Record<string, unknown>;
    };
    expect(empty.organization).toMatchObject({
      "@type": "RealEstateAgent",
      address: {
        "@type": "PostalAddress",
        streetAddress: "600 B Street, Suite 300",
        addressLocality: "San Diego",
        postalCode: "92101",
      },
      identifier: { value: "02212345" },
    });
    expect(empty.organization).not.toHaveProperty("aggregateRating");
    await answer(async () =>
      postReview(
        args(
          await json("POST", "/api/reviews", null, { token: reviewToken(app.client.email), rating: 4, text: "Good" }),
        ),
      ),
    );
    const shown = (await answer(async () => landingLoader(args(await get("/"))))).data as {
      organization: Record<string, unknown>;
    };
    expect(shown.organization).toMatchObject({
      aggregateRating: { ratingValue: 4, reviewCount: 1 },
      review: [{ reviewBody: "Good", author: { name: "Robin" }, reviewRating: { ratingValue: 4 } }],
    });
  });

  it("a review raises the scopes of /reviews, / and its agent's page", async () => {
    const ana = await agentWithProfile();
    await completedSale(ana);
    const before = ["reviews", "home", `agent:${ana.id}`, "sold"].map((s) => pageScopeVersion(app.db, s));
    const created = await answer(async () =>
      postReview(
        args(
          await json("POST", "/api/reviews", null, { token: reviewToken(app.client.email), rating: 4, text: "Good" }),
        ),
      ),
    );
    expect(created.status).toBe(201);
    const after = ["reviews", "home", `agent:${ana.id}`, "sold"].map((s) => pageScopeVersion(app.db, s));
    expect(after).toEqual([before[0]! + 1, before[1]! + 1, before[2]! + 1, before[3]]);
  });
});

describe("the portal's proof forms", () => {
  it("the client answers the sale's question, writes the review without the link, changes it and removes it", async () => {
    const ana = await agentWithProfile();
    const t = await completedSale(ana);
    const post = async (fields: Record<string, string>) =>
      answer(async () => portalAction(args(await formPost("/client-portal", fields, app.client))));

    expect(
      (await post({ intent: "sold-consent", transactionId: String(t.id), show: "true", detail: "address" })).status,
    ).toBe(302);
    expect(app.db.select().from(soldHomes).where(eq(soldHomes.transactionId, t.id)).get()).toMatchObject({
      shown: true,
      detail: "address",
    });

    const missing = await post({ intent: "write-review", transactionId: String(t.id), rating: "5", text: "Great" });
    expect(missing.status).toBe(400);
    expect((missing.data as { result: { error: Record<string, unknown> } }).result.error).toHaveProperty("notStaff");
    const written = await post({
      intent: "write-review",
      transactionId: String(t.id),
      rating: "5",
      text: "Great",
      notStaff: "on",
    });
    expect(written.status).toBe(302);
    const again = await post({
      intent: "write-review",
      transactionId: String(t.id),
      rating: "5",
      text: "Again",
      notStaff: "on",
    });
    expect(again.status).toBe(404);
    const id = (await answer(async () => reviewsApi(args(await get("/api/reviews"))))).data as {
      items: Array<{ id: number; text: string }>;
    };
    expect(id.items.map((r) => r.text)).toEqual(["Great"]);
    const reviewId = String(id.items[0]!.id);

    expect(
      (await post({ intent: "edit-review", reviewId, rating: "4", text: "Great, slow start", displayName: "R." }))
        .status,
    ).toBe(302);
    expect(
      ((await answer(async () => reviewsApi(args(await get("/api/reviews"))))).data as { items: unknown[] }).items,
    ).toEqual([expect.objectContaining({ rating: 4, text: "Great, slow start", name: "R." })]);
    // Another client's form names this review: not found, nothing changed.
    const other = upsertUserFromClaims(app.db, { email: "other@example.com", firstName: "Oz" });
    const theirs = await answer(async () =>
      portalAction(args(await formPost("/client-portal", { intent: "remove-review", reviewId }, other))),
    );
    expect(theirs.headers.get("location") ?? "").toContain("/client-portal");
    expect(
      ((await answer(async () => reviewsApi(args(await get("/api/reviews"))))).data as { total: number }).total,
    ).toBe(1);
    expect((await post({ intent: "remove-review", reviewId })).status).toBe(302);
    expect(
      ((await answer(async () => reviewsApi(args(await get("/api/reviews"))))).data as { total: number }).total,
    ).toBe(0);
  });
});

describe("the proof pages' queries", () => {
  it("each use an index that fits their filter and order (none counts or sorts the growing tables)", async () => {
    const ana = await agentWithProfile();
    await completedSale(ana);
    await answer(async () =>
      postReview(
        args(
          await json("POST", "/api/reviews", null, { token: reviewToken(app.client.email), rating: 4, text: "Good" }),
        ),
      ),
    );
    const pages: AdminPage[] = [
      { path: "/", loader: landingLoader },
      { path: "/agents", loader: agentsLoader },
      { path: "/agents?page=2", loader: agentsLoader },
      { path: "/agents/ana-agent", loader: agentLoader, params: { slug: "ana-agent" } },
      { path: "/agents/ana-agent?page=2", loader: agentLoader, params: { slug: "ana-agent" } },
      { path: "/sold", loader: soldLoader },
      { path: "/sold?zip=92104&page=3", loader: soldLoader },
      { path: "/sold?area=North%20Park", loader: soldLoader },
      { path: "/reviews?page=2", loader: reviewsLoader },
      { path: "/admin/client-reviews", loader: staffReviewsLoader },
    ];
    const results = await planAdminPages(app.db, pages, (path) => get(path, app.admin));
    const problems = results.flatMap((page) =>
      page.queries.flatMap((q) => q.problems.map((problem) => `${page.path}: ${problem}\n  ${q.sql}`)),
    );
    expect(problems).toEqual([]);
    for (const page of results) expect(page.queries.length, page.path).toBeGreaterThan(0);
  });
});
