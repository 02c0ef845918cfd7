/**
 * A transaction's workspace (docs/workspace.md): the overview and one tab per part of the deal, each its own route
 * under `routes/admin.transactions.$id/`. Every tab opens it the same way (staff who may read the transaction; anyone
 * else 404) and hands its forms to its own sections, whose answers come back to the tab.
 */
import type { Params } from "@remix-run/react";
import type { Transaction, User } from "~/db/schema";
import { getDb } from "~/infra/database.server";
import { requireStaff } from "~/infra/guards.server";
import { idParam, modelCall } from "~/infra/http.server";
import { tabPath, type TabKey } from "~/lib/workspace-tabs";
import { sectionAction, type SectionContext } from "~/sections/page-sections.server";
import { getTransaction } from "~/models/permissions.server";

export type Workspace = { db: ReturnType<typeof getDb>; staff: User; id: number; transaction: Transaction };

/** The staff member and the transaction a tab shows: 404 for a transaction they may not read. */
export async function openWorkspace(request: Request, params: Params): Promise<Workspace> {
  const staff = await requireStaff(request);
  const db = getDb();
  const id = idParam(params.id);
  const transaction = modelCall(() => getTransaction(db, staff, id));
  return { db, staff, id, transaction };
}

/** A tab's forms: each to the section whose intent it carries, the answer back to the tab. */
export async function workspaceAction(
  request: Request,
  params: Params,
  tab: TabKey,
  sections: Parameters<typeof sectionAction>[2],
) {
  const staff = await requireStaff(request);
  const id = idParam(params.id);
  const ctx: SectionContext = { db: getDb(), actor: staff, transactionId: id, back: tabPath(id, tab) };
  return sectionAction(request, ctx, sections);
}
