import { sql } from "drizzle-orm";
import { getDb } from "~/infra/database.server";

/** GET /healthz: 200 when the database answers, 503 otherwise. */
export async function loader() {
  try {
    getDb().get(sql`select 1`);
    return new Response("ok", { headers: { "content-type": "text/plain", "cache-control": "no-store" } });
  } catch (error) {
    console.error("[healthz]", error);
    return new Response("database unavailable", { status: 503 });
  }
}
