/**
 * The team's forms and API bodies (/admin/team, /api/team, the assignment forms, /admin/settings'
 * routing): a staff member by e-mail with names, role, phone and DRE license number (8 digits, required for
 * an agent who takes leads); a change of role, of taking leads, of being active; an assignment.
 */
import { z } from "zod";
import { BROKER_DUTIES, DRE_LICENSE_KINDS, ROUTING_MODES, STAFF_ROLES } from "~/domain/enums";
import { MAX_LENGTH } from "~/lib/form-values";
import { hasAtMostDecimals } from "~/lib/money";

export const TEAM_MESSAGES = {
  email: "Enter an e-mail address",
  firstName: "Enter the first name",
  lastName: "Enter the last name",
  role: 'Choose "admin" or "agent"',
  license: "Enter the 8-digit DRE license number",
  licenseNeeded: "An agent who takes leads needs an 8-digit DRE license number",
  phone: "Enter a phone number (at most 40 characters)",
  routing: "Choose round robin, first to claim or off",
  claimMinutes: "Enter whole minutes from 1 to 30",
  licenseExpiresOn: "Enter the license's expiry date (YYYY-MM-DD)",
  licenseExpiryNeeded: "An agent's DRE license needs its expiry date (licenses run four years)",
  licenseKind: 'Choose "broker" or "salesperson"',
  duties: 'Choose among "countersign", "approveFiles" and "approveCda"',
  joinedOn: "Enter the day they joined (YYYY-MM-DD)",
  leftOn: "Enter the day they left (YYYY-MM-DD)",
  agentPercent: "Enter the agent's share in percent, from 0 to 100 (at most two decimals)",
  annualCap: "Enter the annual cap in dollars, or leave it blank for none",
  transactionFee: "Enter the transaction fee in dollars (0 for none)",
  anniversaryOn: "Enter the plan's anniversary date (YYYY-MM-DD)",
} as const;

/** A California DRE license number: 8 digits ("01234567"). */
export const LICENSE_NUMBER = /^\d{8}$/;

const text = (message: string, max: number = MAX_LENGTH.name) =>
  z.preprocess(
    (v) => (typeof v === "string" ? v.trim() : v),
    z.string({ required_error: message, invalid_type_error: message }).min(1, message).max(max, message),
  );
const optionalText = (message: string, max: number) =>
  z.preprocess(
    (v) => (typeof v === "string" ? v.trim() || null : (v ?? null)),
    z.string({ invalid_type_error: message }).max(max, message).nullable(),
  );
const license = z.preprocess(
  (v) => (typeof v === "string" ? v.replace(/[\s-]/g, "") || null : (v ?? null)),
  z.string({ invalid_type_error: TEAM_MESSAGES.license }).regex(LICENSE_NUMBER, TEAM_MESSAGES.license).nullable(),
);
/** A plain date ("2027-03-01") or empty (null): a license's expiry, a day joined or left. */
const optionalDate = (message: string) =>
  z.preprocess(
    (v) => (typeof v === "string" ? v.trim() || null : (v ?? null)),
    z
      .string({ invalid_type_error: message })
      .regex(/^\d{4}-\d{2}-\d{2}$/, message)
      .refine(
        (v) => !Number.isNaN(Date.parse(`${v}T00:00:00Z`)) && new Date(`${v}T00:00:00Z`).toISOString().startsWith(v),
        message,
      )
      .nullable(),
  );
const licenseKind = z.preprocess(
  (v) => (v === "" ? null : v),
  z.enum(DRE_LICENSE_KINDS, { message: TEAM_MESSAGES.licenseKind }).nullable(),
);
const bool = z.preprocess((v) => (v === "true" || v === "on" ? true : v === "false" ? false : v), z.boolean());

/** A new staff member (`POST /api/team`, /admin/team's form). */
export const newStaffSchema = z
  .object({
    email: z.preprocess(
      (v) => (typeof v === "string" ? v.trim().toLowerCase() : v),
      z.string({ required_error: TEAM_MESSAGES.email }).email(TEAM_MESSAGES.email).max(MAX_LENGTH.email),
    ),
    firstName: text(TEAM_MESSAGES.firstName),
    lastName: text(TEAM_MESSAGES.lastName),
    role: z.enum(STAFF_ROLES, { message: TEAM_MESSAGES.role }),
    phone: optionalText(TEAM_MESSAGES.phone, MAX_LENGTH.phone).optional(),
    licenseNumber: license.optional(),
    licenseExpiresOn: optionalDate(TEAM_MESSAGES.licenseExpiresOn).optional(),
    licenseKind: licenseKind.optional(),
    /** The day they join (by default the day they are added). */
    joinedOn: optionalDate(TEAM_MESSAGES.joinedOn).optional(),
  })
  .superRefine((v, ctx) => {
    if (v.role === "agent" && !v.licenseNumber) {
      ctx.addIssue({ code: "custom", path: ["licenseNumber"], message: TEAM_MESSAGES.licenseNeeded });
    }
    if (v.role === "agent" && !v.licenseExpiresOn) {
      ctx.addIssue({ code: "custom", path: ["licenseExpiresOn"], message: TEAM_MESSAGES.licenseExpiryNeeded });
    }
  });
export type NewStaff = z.output<typeof newStaffSchema>;

/** A change to a staff member (`PATCH /api/team/{id}`, /admin/team's row forms). */
const blank = (v: unknown) => v === undefined || v === null || (typeof v === "string" && v.trim() === "");
const money = (message: string, max: number) =>
  z.preprocess(
    (v) => (typeof v === "string" ? v.replace(/[$,\s]/g, "") : v),
    z.coerce.number({ invalid_type_error: message }).min(0, message).max(max, message),
  );

/**
 * An agent's commission plan (docs/payouts.md): their share in percent (70 or 72.5), the annual cap on the
 * brokerage's share in dollars (blank: none), the transaction fee in dollars, the anniversary that starts each plan
 * year. All four blank (the team page's row): no plan.
 */
export const planSchema = z.preprocess(
  (v) => (v && typeof v === "object" && Object.values(v as Record<string, unknown>).every(blank) ? null : v),
  z
    .object({
      agentPercent: z.coerce
        .number({ invalid_type_error: TEAM_MESSAGES.agentPercent })
        .min(0, TEAM_MESSAGES.agentPercent)
        .max(100, TEAM_MESSAGES.agentPercent)
        .refine((n) => hasAtMostDecimals(n, 2), TEAM_MESSAGES.agentPercent),
      annualCap: z.preprocess((v) => (blank(v) ? null : v), money(TEAM_MESSAGES.annualCap, 10_000_000).nullable()),
      transactionFee: z.preprocess((v) => (blank(v) ? 0 : v), money(TEAM_MESSAGES.transactionFee, 1_000_000)),
      anniversaryOn: z.preprocess(
        (v) => (typeof v === "string" ? v.trim() : v),
        z
          .string({ required_error: TEAM_MESSAGES.anniversaryOn })
          .regex(/^\d{4}-\d{2}-\d{2}$/, TEAM_MESSAGES.anniversaryOn),
      ),
    })
    .nullable(),
);

export const staffPatchSchema = z
  .object({
    role: z.enum(STAFF_ROLES, { message: TEAM_MESSAGES.role }).optional(),
    takesLeads: bool.optional(),
    active: bool.optional(),
    licenseNumber: license.optional(),
    phone: optionalText(TEAM_MESSAGES.phone, MAX_LENGTH.phone).optional(),
    firstName: text(TEAM_MESSAGES.firstName).optional(),
    lastName: text(TEAM_MESSAGES.lastName).optional(),
    licenseExpiresOn: optionalDate(TEAM_MESSAGES.licenseExpiresOn).optional(),
    licenseKind: licenseKind.optional(),
    joinedOn: optionalDate(TEAM_MESSAGES.joinedOn).optional(),
    leftOn: optionalDate(TEAM_MESSAGES.leftOn).optional(),
    /** The broker marks the DRE's notice of the hire, or of the departure, sent (today). */
    dreNoticeSent: z.enum(["hire", "leave"], { message: 'Choose "hire" or "leave"' }).optional(),
    plan: planSchema.optional(),
  })
  .strict();
export type StaffPatch = z.output<typeof staffPatchSchema>;

/** `PUT /api/team/{id}/duties` and the team page's boxes: the broker's duties this person performs for them. */
export const dutiesSchema = z
  .object({
    duties: z.array(z.enum(BROKER_DUTIES, { message: TEAM_MESSAGES.duties }), { message: TEAM_MESSAGES.duties }),
  })
  .strict();

const agentId = z.preprocess(
  (v) => (v === "" ? null : v),
  z.string({ invalid_type_error: "Choose an agent" }).max(64).nullable(),
);

/** An assignment (`PATCH /api/transactions/{id}`, `PATCH /api/leads/{id}`, the pages' forms). */
export const assignmentSchema = z.object({
  assignedAgentId: agentId,
  collaboratorIds: z
    .preprocess(
      (v) => (v === undefined ? undefined : Array.isArray(v) ? v : [v]),
      z.array(z.string().min(1).max(64)).max(20, "At most 20 collaborators"),
    )
    .optional(),
});
export type Assignment = z.output<typeof assignmentSchema>;

/**
 * An assignment form's fields as the API's body: the select's "" is no agent; the checkboxes are the
 * collaborators, all of them replaced when the form showed them (`collaboratorsShown`), none checked
 * meaning none.
 */
export function assignmentOfForm(formData: FormData) {
  return assignmentSchema.safeParse({
    assignedAgentId: formData.get("assignedAgentId") ?? undefined,
    collaboratorIds: formData.has("collaboratorsShown")
      ? formData.getAll("collaboratorIds").filter((v) => typeof v === "string" && v !== "")
      : undefined,
  });
}

/** Several records to one agent at once (the lists' bulk assignment). */
export const bulkAssignmentSchema = z.object({
  assignedAgentId: agentId,
  ids: z.preprocess(
    (v) => (Array.isArray(v) ? v : v === undefined ? [] : [v]),
    z.array(z.coerce.number().int().positive()).min(1, "Choose at least one").max(200, "At most 200 at once"),
  ),
});

/** The routing part of /admin/settings. */
export const routingSchema = z.object({
  routing: z.enum(ROUTING_MODES, { message: TEAM_MESSAGES.routing }),
  claimMinutes: z.preprocess(
    (v) => (typeof v === "string" && v.trim() !== "" ? Number(v) : v === "" ? undefined : v),
    z
      .number({ invalid_type_error: TEAM_MESSAGES.claimMinutes })
      .int(TEAM_MESSAGES.claimMinutes)
      .min(1, TEAM_MESSAGES.claimMinutes)
      .max(30, TEAM_MESSAGES.claimMinutes)
      .default(15),
  ),
});

/** The routing select's options: short, so a phone's select shows them whole (ROUTING_HINTS say what each does). */
export const ROUTING_LABELS = {
  round_robin: "Round robin",
  first_to_claim: "First to claim",
  off: "Off",
} as const;

/** What each routing does, under the select. */
export const ROUTING_HINTS = {
  round_robin: "each new lead goes to the next agent taking leads, in turn",
  first_to_claim: "every agent taking leads is alerted; the first to claim it has it",
  off: "new leads go to the admins",
} as const;
