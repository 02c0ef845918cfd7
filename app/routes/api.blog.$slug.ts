import type { ActionFunctionArgs, LoaderFunctionArgs } from "@remix-run/node";
import { getDb } from "~/infra/database.server";
import { getUser } from "~/infra/session-user.server";
import { requireAdmin } from "~/infra/guards.server";
import { blogPostPatchSchema } from "~/lib/blog-schema";
import { idParam, jsonError, methodNotAllowed, modelCall, readJson, validationError } from "~/infra/http.server";
import { deletePost, getPostBySlug, toPostJson, updatePost } from "~/models/blog.server";

/** GET /api/blog/{slug}: one post; 404 when missing; drafts for admins only. */
export async function loader({ request, params }: LoaderFunctionArgs) {
  const post = getPostBySlug(getDb(), params.slug ?? "", await getUser(request));
  if (!post) return jsonError(404, "Article not found");
  return Response.json(toPostJson(post));
}

/**
 * PATCH /api/blog/{id} (the fields to change, any of POST /api/blog's; unknown fields are a 400) and
 * DELETE /api/blog/{id}: admins only; the segment is the post's id here.
 */
export async function action({ request, params }: ActionFunctionArgs) {
  if (request.method !== "PATCH" && request.method !== "DELETE") return methodNotAllowed(["GET", "PATCH", "DELETE"]);
  const admin = await requireAdmin(request);
  const id = idParam(params.slug);
  const db = getDb();
  if (request.method === "DELETE") {
    modelCall(() => deletePost(db, admin, id));
    return new Response(null, { status: 204 });
  }
  const body = blogPostPatchSchema.safeParse(await readJson(request));
  if (!body.success) return validationError(body.error);
  return Response.json(toPostJson(modelCall(() => updatePost(db, admin, id, body.data))));
}
