/**
 * npm run soak: durability under crashes. The real server takes a write load of contact posts
 * (POST /api/contact) and listing adds by a signed-in client (POST /api/listings), and is killed with
 * SIGKILL 10 times at random moments, restarted each time. Afterwards every write that was
 * acknowledged (a 2xx answer) must be in the database, and PRAGMA integrity_check must say ok.
 * A measurement, not a unit test: it prints the figures and exits 1 if anything was lost.
 */
import type { ChildProcess } from "node:child_process";
import { mkdirSync, rmSync } from "node:fs";
import Database from "better-sqlite3";
import { openDatabase } from "~/db/client.server";
import { createDbSessionStorage } from "~/infra/session.server";
import { upsertUserFromClaims } from "~/models/user.server";
import { spawnServer, waitForServer } from "./bench-server";

const PORT = Number(process.env.BENCH_PORT ?? 3400) + 30;
const BASE = `http://localhost:${PORT}`;
const DIR = "tests/.tmp/soak";
const DATABASE = `${DIR}/soak.db`;
const SECRET = "soak-session-secret-of-at-least-32-characters";
const KILLS = Number(process.env.SOAK_KILLS ?? 10);
const WORKERS = 8;

function startServer(): ChildProcess {
  return spawnServer(PORT, {
    DATABASE_URL: DATABASE,
    SESSION_SECRET: SECRET,
    MAIL_DIR: `${DIR}/mail`,
    RATE_LIMIT_CONTACT: "1000000/60",
  });
}

async function main() {
  rmSync(DIR, { recursive: true, force: true });
  mkdirSync(DIR, { recursive: true });
  const db = openDatabase(DATABASE);
  const client = upsertUserFromClaims(db, { email: "soak-client@example.com" });
  const storage = createDbSessionStorage({ db: () => db, secret: SECRET, secure: false });
  const session = await storage.getSession();
  session.set("userId", client.id);
  const cookie = (await storage.commitSession(session)).split(";")[0]!;
  db.$client.close();

  let server = startServer();
  await waitForServer(`${BASE}/healthz`);
  const acknowledged = { contacts: new Set<string>(), listings: new Set<string>() };
  let attempts = 0;
  let failures = 0;
  let running = true;
  let counter = 0;

  const worker = async (n: number) => {
    while (running) {
      const id = `${n}-${counter++}`;
      const contact = n % 2 === 0;
      attempts++;
      try {
        const response = contact
          ? await fetch(`${BASE}/api/contact`, {
              method: "POST",
              headers: { "content-type": "application/json" },
              body: JSON.stringify({
                firstName: "Soak",
                lastName: id,
                email: `soak-${id}@example.com`,
                phone: "6195550100",
                message: "durability",
              }),
              signal: AbortSignal.timeout(5000),
            })
          : await fetch(`${BASE}/api/listings`, {
              method: "POST",
              headers: { "content-type": "application/json", cookie },
              body: JSON.stringify({ address: `${id} Soak St, San Diego`, price: "500000" }),
              signal: AbortSignal.timeout(5000),
            });
        await response.arrayBuffer();
        if (response.ok) (contact ? acknowledged.contacts : acknowledged.listings).add(id);
        else failures++;
      } catch {
        failures++; // the server was down: nothing was acknowledged
        await new Promise((r) => setTimeout(r, 50));
      }
    }
  };
  const workers = Array.from({ length: WORKERS }, (_, n) => worker(n));

  for (let kill = 1; kill <= KILLS; kill++) {
    await new Promise((r) => setTimeout(r, 500 + Math.random() * 2000));
    server.kill("SIGKILL");
    await new Promise((r) => server.once("exit", r));
    server = startServer();
    await waitForServer(`${BASE}/healthz`);
    console.log(
      `soak: kill -9 #${kill}; ${acknowledged.contacts.size + acknowledged.listings.size} writes acknowledged so far`,
    );
  }
  await new Promise((r) => setTimeout(r, 1000));
  running = false;
  await Promise.all(workers);
  server.kill("SIGTERM");
  await new Promise((r) => server.once("exit", r));

  const check = new Database(DATABASE, { readonly: true });
  const storedContacts = new Set(
    check.prepare("select last_name from contact_submissions where first_name = 'Soak'").pluck().all() as string[],
  );
  const storedListings = new Set(
    (check.prepare("select address from saved_homes").pluck().all() as string[]).map((a) =>
      a.replace(/ Soak St, San Diego$/, ""),
    ),
  );
  const lostContacts = [...acknowledged.contacts].filter((id) => !storedContacts.has(id));
  const lostListings = [...acknowledged.listings].filter((id) => !storedListings.has(id));
  const integrity = check.pragma("integrity_check", { simple: true });
  const duplicates = check
    .prepare(
      "select count(*) from (select last_name from contact_submissions where first_name = 'Soak' group by last_name having count(*) > 1)",
    )
    .pluck()
    .get();
  check.close();
  const acked = acknowledged.contacts.size + acknowledged.listings.size;
  console.log(
    `soak: ${KILLS} kill -9 under load; ${attempts} writes tried, ${acked} acknowledged ` +
      `(${acknowledged.contacts.size} contacts, ${acknowledged.listings.size} listings), ${failures} refused or cut off while down; ` +
      `lost ${lostContacts.length + lostListings.length}, duplicated ${duplicates}, integrity_check ${String(integrity)}`,
  );
  if (lostContacts.length + lostListings.length > 0 || integrity !== "ok") process.exit(1);
}

main().catch((error) => {
  console.error(error);
  process.exit(1);
});
