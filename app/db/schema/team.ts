/**
 * The team's public side and the broker's delegations: agents' profiles, and the duties the broker named a licensee
 * to.
 */
import { sql } from "drizzle-orm";
import { integer, sqliteTable, text, uniqueIndex } from "drizzle-orm/sqlite-core";
import { BROKER_DUTIES } from "~/domain/enums";
import { serialId, updatedAt } from "~/db/schema/columns";
import { images } from "~/db/schema/images";
import { ownerRef, userRef, users } from "~/db/schema/people";

/**
 * A staff member's public profile (docs/proof.md): /agents/{slug}. Shown only while its person is
 * staff, active and licensed (app/models/agent-profile.server.ts). The photo is an image of `images` (square WebP).
 */
export const agentProfiles = sqliteTable("agent_profiles", {
  userId: text("user_id")
    .primaryKey()
    .references(() => users.id, { onDelete: "cascade" }),
  slug: text("slug").notNull().unique(),
  title: text("title"),
  bio: text("bio"),
  /** As typed, comma-separated ("English, Spanish"). */
  languages: text("languages"),
  /** The neighbourhoods or ZIP codes served, comma-separated. */
  areas: text("areas"),
  photoImageId: text("photo_image_id").references(() => images.id, { onDelete: "set null" }),
  updatedAt: updatedAt(),
});
export type AgentProfile = typeof agentProfiles.$inferSelect;

/**
 * The broker's duties a licensee of the team performs for them (10 CCR 2725: a broker-associate or an experienced
 * salesperson may assist): each grant with who and when, revoked by setting `revoked_at` (kept: the record of who
 * could act when). At most one open grant per person and duty.
 */
export const brokerDuties = sqliteTable(
  "broker_duties",
  {
    id: serialId(),
    userId: ownerRef("user_id"),
    duty: text("duty", { enum: BROKER_DUTIES }).notNull(),
    grantedBy: userRef("granted_by"),
    grantedAt: integer("granted_at", { mode: "timestamp_ms" }).notNull(),
    revokedBy: userRef("revoked_by"),
    revokedAt: integer("revoked_at", { mode: "timestamp_ms" }),
  },
  (t) => [
    uniqueIndex("broker_duties_open_idx")
      .on(t.userId, t.duty)
      .where(sql`revoked_at IS NULL`),
  ],
);
export type BrokerDutyGrant = typeof brokerDuties.$inferSelect;
