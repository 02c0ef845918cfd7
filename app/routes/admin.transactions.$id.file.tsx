/**
 * /admin/transactions/{id}/file, the File tab before the workspace's tabs (links in e-mails and the broker's review
 * sent before the tabs): the file review is on the Documents tab now.
 */
import { redirect, type LoaderFunctionArgs } from "@remix-run/node";
import { tabPath } from "~/lib/workspace-tabs";
import { openWorkspace } from "~/sections/workspace.server";

export async function loader({ request, params }: LoaderFunctionArgs) {
  const { id } = await openWorkspace(request, params);
  // No anchor of its own: the browser keeps the link's (#item-12), which a redirect's anchor would replace.
  return redirect(tabPath(id, "documents"));
}
