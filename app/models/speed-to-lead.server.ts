/**
 * Speed to lead (docs/decisions/030-team.md): from a lead's arrival to its assigned agent's first action
 * on it (a logged call, a note, a change of its nurturing, converting it: `firstActionAt`, set by
 * app/models/lead.server.ts). The dashboard shows each agent's median over the last 30 days (an agent:
 * their own) and the leads assigned more than an hour ago that nobody has touched yet.
 */
import { and, asc, eq, gte, inArray, isNotNull, isNull, lt } from "drizzle-orm";
import type { Db } from "~/db/client.server";
import { agentRow, contactSubmissions, users } from "~/db/schema";
import { fullName } from "~/lib/format";
import { DAY_MS } from "~/lib/time";
import { isAgentOnly, type Actor } from "~/models/actor.server";
import { assertStaff } from "~/models/permissions.server";

export const SPEED_WINDOW_DAYS = 30;
export const UNTOUCHED_AFTER_MS = 3600_000;

const median = (values: number[]) => {
  if (values.length === 0) return null;
  const sorted = [...values].sort((a, b) => a - b);
  const mid = Math.floor(sorted.length / 2);
  return sorted.length % 2 ? sorted[mid]! : Math.round((sorted[mid - 1]! + sorted[mid]!) / 2);
};

export function speedToLead(db: Db, actor: Actor, now = new Date()) {
  assertStaff(actor);
  const since = new Date(now.getTime() - SPEED_WINDOW_DAYS * DAY_MS);
  // Each agent's leads of the window, by the index (assigned_agent_id, created_at): a flood of leads nobody
  // was given (an import) or another agent's are never read.
  const agentIds = isAgentOnly(actor)
    ? [actor.id]
    : db
        .select({ id: users.id })
        .from(users)
        .where(agentRow)
        .all()
        .map((u) => u.id);
  const byAgent = new Map<string, { answered: number[]; waiting: number }>();
  for (const agentId of agentIds) {
    const leads = db
      .select({ createdAt: contactSubmissions.createdAt, firstActionAt: contactSubmissions.firstActionAt })
      .from(contactSubmissions)
      .where(and(eq(contactSubmissions.assignedAgentId, agentId), gte(contactSubmissions.createdAt, since)))
      .all();
    if (leads.length === 0) continue;
    const entry = { answered: [] as number[], waiting: 0 };
    for (const lead of leads) {
      if (lead.firstActionAt) entry.answered.push(lead.firstActionAt.getTime() - lead.createdAt.getTime());
      else entry.waiting += 1;
    }
    byAgent.set(agentId, entry);
  }
  const mine = isAgentOnly(actor) ? [eq(contactSubmissions.assignedAgentId, actor.id)] : [];
  const names = new Map(
    byAgent.size
      ? db
          .select({ id: users.id, email: users.email, firstName: users.firstName, lastName: users.lastName })
          .from(users)
          .where(inArray(users.id, [...byAgent.keys()]))
          .all()
          .map((u) => [u.id, fullName(u) || u.email])
      : [],
  );
  const agents = [...byAgent.entries()]
    .map(([id, e]) => ({
      id,
      name: names.get(id) ?? id,
      leads: e.answered.length + e.waiting,
      medianMs: median(e.answered),
    }))
    .sort((a, b) => a.name.localeCompare(b.name));
  const untouched = db
    .select({
      id: contactSubmissions.id,
      firstName: contactSubmissions.firstName,
      lastName: contactSubmissions.lastName,
      createdAt: contactSubmissions.createdAt,
      agentId: contactSubmissions.assignedAgentId,
    })
    .from(contactSubmissions)
    .where(
      and(
        isNull(contactSubmissions.firstActionAt),
        isNotNull(contactSubmissions.assignedAgentId),
        gte(contactSubmissions.createdAt, since),
        lt(contactSubmissions.createdAt, new Date(now.getTime() - UNTOUCHED_AFTER_MS)),
        ...mine,
      ),
    )
    .orderBy(asc(contactSubmissions.createdAt))
    .limit(20)
    .all()
    .map((l) => ({ ...l, agent: names.get(l.agentId!) ?? "" }));
  return { agents, untouched };
}
