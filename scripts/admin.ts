/**
 * Grants or revokes the admin role of an existing user:
 *   npm run admin -- grant someone@example.com
 *   npm run admin -- revoke someone@example.com
 * The user must have signed in once (or been created by an admin).
 */
import { openDatabase } from "~/db/client.server";
import { env } from "~/config/env.server";
import { setAdmin } from "~/models/user.server";

const [command, email] = process.argv.slice(2);
if (!email || (command !== "grant" && command !== "revoke")) {
  console.error("Usage: npm run admin -- grant|revoke <email>");
  process.exit(2);
}
const db = openDatabase(env().DATABASE_URL);
const user = setAdmin(db, email, command === "grant");
if (!user) {
  console.error(`No user with the e-mail ${email}. They must sign in once first.`);
  process.exit(1);
}
console.log(`${user.email} is ${user.isAdmin ? "now an admin" : "no longer an admin"}.`);
db.$client.close();
