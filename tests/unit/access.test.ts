/**
 * No record seen by the wrong person (docs/decisions/031-the-deals-rules.md): the claim page exists only for
 * a lead offered to this agent now; a lead or transaction goes only to a licensed person.
 */
import { describe, expect, it } from "vitest";
import { contactSchema } from "~/lib/contact-schema";
import { submitContact } from "~/models/lead-intake.server";
import { claimLead } from "~/models/routing.server";
import { agencyCosts, updateSettings } from "~/models/settings.server";
import { ConflictError } from "~/lib/errors";
import { getLead } from "~/models/lead.server";
import { assignableAgents, assignLead, assignTransaction, updateStaff } from "~/models/team.server";
import { createTransaction } from "~/models/transaction.server";
import { action as leadApi } from "~/routes/api.leads.$id._index";
import { action as transactionApi } from "~/routes/api.transactions.$id._index";
import { loader as claimPage } from "~/routes/admin.leads.$id_.claim";
import { addAgent, useAppDb } from "./db";
import { answer, get, ORIGIN, sessionCookie } from "./request";
import { getTransaction } from "~/models/permissions.server";

const app = useAppDb();

const lead = (n: number) =>
  contactSchema.parse({
    firstName: `Lead${n}`,
    lastName: "Buyer",
    email: `lead${n}@example.com`,
    phone: "619-555-0100",
  });

async function openClaimPage(id: number, as: { id: string }) {
  const request = await get(`/admin/leads/${id}/claim`, as);
  return answer(() => claimPage({ request, params: { id: String(id) }, context: {} } as never));
}

describe("the claim page", () => {
  it("shows a lead offered to this agent; any other lead is the same 404 as a missing one", async () => {
    const { db, admin } = app;
    const [ana, ben] = [addAgent(db, admin, "Ana", "01112222"), addAgent(db, admin, "Ben", "01113333")];
    updateSettings(db, admin, { costs: agencyCosts(db), routing: { mode: "first_to_claim", claimMinutes: 15 } });
    const offered = submitContact(db, lead(1))!;
    const page = await openClaimPage(offered.id, ben);
    expect(page.status).toBe(200);
    expect(page.data).toMatchObject({ id: offered.id, name: "Lead1 Buyer" });
    expect(Object.keys(page.data as object).sort()).toEqual(["id", "name", "receivedAt", "until"]);

    // Ana claims it: for Ben it is now another agent's lead, which he may not see at all.
    claimLead(db, ana, offered.id);
    const missing = await openClaimPage(999_999, ben);
    const taken = await openClaimPage(offered.id, ben);
    expect(missing.status).toBe(404);
    expect(taken).toEqual(missing);
    expect(JSON.stringify(taken.data)).not.toContain("Ana");
    // Its own agent and the admins are sent to the lead's page.
    for (const who of [ana, admin]) {
      const mine = await openClaimPage(offered.id, who);
      expect([mine.status, mine.headers.get("location")]).toEqual([302, `/admin/leads/${offered.id}`]);
    }

    // A lead assigned by an admin, never offered: 404 to another agent, on the page and for a claim.
    updateSettings(db, admin, { costs: agencyCosts(db), routing: { mode: "off", claimMinutes: 15 } });
    const assigned = submitContact(db, lead(2))!;
    assignLead(db, admin, assigned.id, ana.id);
    expect((await openClaimPage(assigned.id, ben)).status).toBe(404);
    expect(() => claimLead(db, ben, assigned.id)).toThrow("Lead not found");
    // The race of two claims on an offered lead still tells the loser who won.
    expect(() => claimLead(db, ben, offered.id)).toThrow("This lead was already claimed by Ana Agent.");
  });
});

describe("leads and clients go only to a licensed person (10 CCR §2773)", () => {
  it("assigning a lead or a transaction to an agent without a license number is a 409 naming it, and changes nothing", async () => {
    const { db, admin, client } = app;
    const unlicensed = addAgent(db, admin, "Una", "01114444");
    updateStaff(db, admin, unlicensed.id, { takesLeads: false, licenseNumber: null });
    const row = submitContact(db, lead(3))!;
    const transaction = createTransaction(db, admin, {
      email: client.email,
      type: "selling",
      propertyAddress: "1 License Way",
      homeValue: "700000",
    });
    const message =
      "Una Agent has no DRE license number on the team page, so they may not be assigned leads or clients: update the team page first.";
    expect(() => assignLead(db, admin, row.id, unlicensed.id)).toThrow(message);
    expect(() => assignTransaction(db, admin, transaction.id, { assignedAgentId: unlicensed.id })).toThrow(message);
    expect(() =>
      assignTransaction(db, admin, transaction.id, { assignedAgentId: null, collaboratorIds: [unlicensed.id] }),
    ).toThrow(ConflictError);

    const patch = async (path: string, body: unknown, action: (args: never) => Promise<unknown>) => {
      const headers = new Headers({
        origin: ORIGIN,
        "content-type": "application/json",
        cookie: await sessionCookie(admin),
      });
      const request = new Request(`${ORIGIN}${path}`, { method: "PATCH", headers, body: JSON.stringify(body) });
      return answer(() => action({ request, params: { id: path.split("/")[3] }, context: {} } as never));
    };
    const onLead = await patch(`/api/leads/${row.id}`, { assignedAgentId: unlicensed.id }, leadApi as never);
    const onTransaction = await patch(
      `/api/transactions/${transaction.id}`,
      { assignedAgentId: unlicensed.id },
      transactionApi as never,
    );
    for (const refused of [onLead, onTransaction]) expect(refused).toMatchObject({ status: 409, data: { message } });
    expect(getLead(db, admin, row.id).submission.assignedAgentId).toBeNull();
    expect(getTransaction(db, admin, transaction.id).assignedAgentId).toBeNull();
    // The pickers list them, marked.
    expect(assignableAgents(db).find((a) => a.id === unlicensed.id)?.name).toBe("Una Agent (no DRE license)");
  });
});
