import type { LoaderFunctionArgs } from "@remix-run/node";
import { getDb } from "~/db/client.server";
import { getUser } from "~/lib/auth.server";
import { listPosts, listPublishedPosts, toPostJson } from "~/models/blog.server";

/** GET /api/blog?published=true: published posts, newest first. Admins may omit the filter to see drafts. */
export async function loader({ request }: LoaderFunctionArgs) {
  const db = getDb();
  const publishedOnly = new URL(request.url).searchParams.get("published") === "true";
  const posts = publishedOnly ? listPublishedPosts(db) : listPosts(db, await getUser(request));
  return Response.json(posts.map(toPostJson));
}
