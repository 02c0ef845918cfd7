import type { ActionFunctionArgs, LoaderFunctionArgs } from "@remix-run/node";
import { getDb } from "~/infra/database.server";
import { getUser } from "~/infra/session-user.server";
import { requireAdmin } from "~/infra/guards.server";
import { blogPostSchema } from "~/lib/blog-schema";

import { methodNotAllowed, modelCall, readJson, validationError } from "~/infra/http.server";
import { createPost, listPosts, listPublishedPosts, toPostJson } from "~/models/blog.server";

/** GET /api/blog?published=true: published posts, newest first. Admins may omit the filter to see drafts. */
export async function loader({ request }: LoaderFunctionArgs) {
  const db = getDb();
  const publishedOnly = new URL(request.url).searchParams.get("published") === "true";
  const posts = publishedOnly ? listPublishedPosts(db) : listPosts(db, await getUser(request));
  return Response.json(posts.map(toPostJson));
}

/** POST /api/blog {title, slug?, excerpt?, imageUrl?, content, published?}: a new post (admins); 201, or 400 with field errors. */
export async function action({ request }: ActionFunctionArgs) {
  if (request.method !== "POST") return methodNotAllowed(["GET", "POST"]);
  const admin = await requireAdmin(request);
  const body = blogPostSchema.safeParse(await readJson(request));
  if (!body.success) return validationError(body.error);
  const post = modelCall(() => createPost(getDb(), admin, body.data));
  return Response.json(toPostJson(post), { status: 201 });
}
