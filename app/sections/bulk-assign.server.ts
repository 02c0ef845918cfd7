/**
 * The lists' bulk assignment (the dashboard's transactions, the leads): the chosen rows to one agent, or
 * back to the admins. Admins only; answers with a toast on the same list.
 */
import { redirectWithToast } from "~/infra/flash-toast.server";
import { refuse } from "~/infra/page-action.server";
import type { Db } from "~/db/client.server";
import type { User } from "~/db/schema";
import { InvalidInputError } from "~/lib/errors";
import { countOf } from "~/lib/plural";
import { bulkAssignmentSchema } from "~/lib/team-schema";
import { assignMany } from "~/models/team.server";

export async function bulkAssignAction(
  db: Db,
  admin: User,
  kind: "transactions" | "leads",
  formData: FormData,
  back: string,
) {
  const parsed = bulkAssignmentSchema.safeParse({
    assignedAgentId: formData.get("assignedAgentId") ?? "",
    ids: formData.getAll("ids"),
  });
  try {
    if (!parsed.success) throw new InvalidInputError(parsed.error.issues[0]?.message ?? "Choose at least one");
    const done = assignMany(db, admin, kind, parsed.data.ids, parsed.data.assignedAgentId);
    return redirectWithToast(back, {
      description: `${countOf(done, kind === "transactions" ? "transaction" : "lead")} assigned.`,
    });
  } catch (error) {
    return refuse(error, { back });
  }
}
