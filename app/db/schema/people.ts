/**
 * Who signs in: users (clients and staff) and their sessions; `staffRow` and `agentRow` find the team by its index.
 */
import { sql } from "drizzle-orm";
import { index, integer, sqliteTable, text } from "drizzle-orm/sqlite-core";
import { DRE_LICENSE_KINDS } from "~/domain/enums";
import { createdAt, updatedAt } from "~/db/schema/columns";

export const users = sqliteTable(
  "users",
  {
    id: text("id")
      .primaryKey()
      .$defaultFn(() => crypto.randomUUID()),
    email: text("email").notNull().unique(),
    firstName: text("first_name"),
    lastName: text("last_name"),
    profileImageUrl: text("profile_image_url"),
    isAdmin: integer("is_admin", { mode: "boolean" }).notNull().default(false),
    /**
     * Staff (docs/decisions/030-team.md): an agent sees only what is theirs (app/models/actor.server.ts);
     * an admin (`is_admin`) everything. A deactivated staff member is a client again at sign-in
     * (app/infra/session-user.server.ts); what they owned stays assigned to them until reassigned.
     */
    isAgent: integer("is_agent", { mode: "boolean" }).notNull().default(false),
    phone: text("phone"),
    /** The DRE license number, 8 digits: required for an agent who takes leads. */
    licenseNumber: text("license_number"),
    /** Whether new leads are routed to this agent (paused when false). */
    takesLeads: integer("takes_leads", { mode: "boolean" }).notNull().default(true),
    deactivatedAt: integer("deactivated_at", { mode: "timestamp_ms" }),
    /** The team's order (round robin's turn), set when a person joins the team. */
    teamPosition: integer("team_position"),
    /** E-mail notices when an admin changes a milestone of the user's transaction (on by default). */
    milestoneNotices: integer("milestone_notices", { mode: "boolean" }).notNull().default(true),
    /** The private calendar feed's token (/calendar/{token}.ics), made on first use; reset makes a new one. */
    calendarToken: text("calendar_token").unique(),
    /** When the client acknowledged the agency disclosure (before their first agreement: docs/agreements.md). */
    agencyDisclosureAt: integer("agency_disclosure_at", { mode: "timestamp_ms" }),
    /**
     * The roster (docs/roster.md; 10 CCR 2752): the license's expiry (a plain San Diego date: licenses run
     * four years), the days a licensee joined and left, the days the broker marked the DRE's hire and departure
     * notices sent, and what the broker was last reminded of (`license_reminded`: "<expiry>:<days>"; `dre_reminded_on`:
     * the day of the last notice reminder).
     */
    licenseExpiresOn: text("license_expires_on"),
    joinedOn: text("joined_on"),
    leftOn: text("left_on"),
    dreHireNoticeOn: text("dre_hire_notice_on"),
    dreLeaveNoticeOn: text("dre_leave_notice_on"),
    licenseReminded: text("license_reminded"),
    dreRemindedOn: text("dre_reminded_on"),
    /** The day the broker was last reminded that this agent has no signed broker–agent agreement (weekly). */
    agreementRemindedOn: text("agreement_reminded_on"),
    /**
     * The agent's commission plan (docs/payouts.md): their share of the commission after any referral, in
     * basis points (7000 = 70 %); the cap on the brokerage's share per plan year (from `plan_anniversary_on`, a
     * plain date whose month and day start each year); the fee the brokerage keeps per transaction. Null: no plan.
     */
    planAgentBp: integer("plan_agent_bp"),
    planCapCents: integer("plan_cap_cents"),
    planFeeCents: integer("plan_fee_cents"),
    planAnniversaryOn: text("plan_anniversary_on"),
    /** The DRE license's kind (a broker's or a salesperson's): who may assist the broker (10 CCR 2725). */
    licenseKind: text("license_kind", { enum: DRE_LICENSE_KINDS }),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  // The team (a handful among many clients), in its order: the team page, round robin, the agent pickers.
  (t) => [
    index("users_team_idx")
      .on(t.teamPosition, t.email)
      .where(sql`is_admin = 1 OR is_agent = 1`),
  ],
);

/**
 * Staff rows (`users_team_idx`'s own condition, written the same way so SQLite uses that index); agents
 * are found through it too (`is_agent = 1` implies it).
 */
export const staffRow = sql`(${sql.raw("is_admin")} = 1 OR ${sql.raw("is_agent")} = 1)`;
export const agentRow = sql`${sql.raw("is_agent")} = 1`;

export const sessions = sqliteTable(
  "sessions",
  {
    sid: text("sid").primaryKey(),
    sess: text("sess", { mode: "json" }).notNull().$type<Record<string, unknown>>(),
    expire: integer("expire", { mode: "timestamp_ms" }).notNull(),
  },
  (t) => [index("IDX_session_expire").on(t.expire)],
);

export type User = typeof users.$inferSelect;

/** Who did it (a person's id), kept when the person is deleted as null. */
export function userRef(name: string) {
  return text(name).references(() => users.id, { onDelete: "set null" });
}

/** Whose it is (a person's id): the row goes with the person. */
export function ownerRef(name: string) {
  return text(name)
    .notNull()
    .references(() => users.id, { onDelete: "cascade" });
}
