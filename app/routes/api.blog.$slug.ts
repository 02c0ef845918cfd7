import type { LoaderFunctionArgs } from "@remix-run/node";
import { getDb } from "~/db/client.server";
import { getUser } from "~/lib/auth.server";
import { jsonError } from "~/lib/http.server";
import { getPostBySlug, toPostJson } from "~/models/blog.server";

/** GET /api/blog/{slug}: one post; 404 when missing; drafts for admins only. */
export async function loader({ request, params }: LoaderFunctionArgs) {
  const post = getPostBySlug(getDb(), params.slug ?? "", await getUser(request));
  if (!post) return jsonError(404, "Article not found");
  return Response.json(toPostJson(post));
}
