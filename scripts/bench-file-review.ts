/**
 * Part of `npm run bench` (`--only=reviews`, issue 46, docs/file-review.md): the broker's review with 10,000 files
 * of 20 checklist items each (200,000 items; one in ten waiting and about a third approved with its review, each of
 * those with a document): `/admin/reviews` (its first page and its 150th), a file's File tab, its workspace and
 * the dashboard with the count, each rendered 500 times in a row after 200 (goal p95 <= 20 ms). Prints; asserts
 * nothing.
 */
import { createTransaction } from "~/models/transaction.server";
import { upsertUserFromClaims } from "~/models/user.server";
import {
  BENCH_SECRET,
  describeCold,
  describeTimes,
  freshBenchDatabase,
  sequentialTimes,
  sessionCookie,
  startBenchServer,
} from "./bench-server";

const FILES = 10_000;
const ITEMS = 20;
const GOAL_P95 = 20;

export async function benchFileReview(options: { port: number; dir: string }) {
  const { database, db, admin } = freshBenchDatabase(options.dir, "file-review", "Alex");
  const client = upsertUserFromClaims(db, { email: "seller@example.com", firstName: "Bench", lastName: "Seller" });
  const started = performance.now();
  const sql = db.$client;
  const day = 86_400_000;
  const now = Date.now();
  sql.transaction(() => {
    const transaction = sql.prepare(
      "INSERT INTO transactions (user_id, type, property_address, home_value_cents, tier, status) VALUES (?, ?, ?, 90000000, 2, 'active') RETURNING id",
    );
    const item = sql.prepare(
      "INSERT INTO checklist_items (transaction_id, position, name, required, due_by, state, waiting_since) VALUES (?, ?, ?, ?, ?, ?, ?) RETURNING id",
    );
    const document = sql.prepare(
      "INSERT INTO documents (transaction_id, name, content_type, size, sha256, storage_key, uploaded_by_role) VALUES (?, ?, 'application/pdf', 1000, ?, ?, 'admin') RETURNING id",
    );
    const attach = sql.prepare("INSERT INTO checklist_item_documents (item_id, document_id) VALUES (?, ?)");
    const review = sql.prepare(
      "INSERT INTO checklist_reviews (item_id, transaction_id, decision, reviewer_id, reviewer_name, documents, created_at) VALUES (?, ?, 'approve', ?, 'Alex Admin', ?, ?)",
    );
    let n = 0;
    for (let f = 0; f < FILES; f++) {
      const { id } = transaction.get(client.id, f % 2 ? "buying" : "selling", `${f} Bench St, San Diego`) as {
        id: number;
      };
      for (let p = 0; p < ITEMS; p++) {
        n += 1;
        const state = n % 10 === 0 ? "waiting" : n % 3 === 0 ? "approved" : "missing";
        const waitingSince = state === "waiting" ? now - (n % 30) * day - n : null;
        const { id: itemId } = item.get(id, p, `Item ${p + 1}`, p % 4 ? 1 : 0, (p % 12) + 1, state, waitingSince) as {
          id: number;
        };
        if (state !== "missing") {
          const sha = n.toString(16).padStart(64, "0");
          const { id: docId } = document.get(id, `Item ${p + 1}.pdf`, sha, `documents/bench-${n}`) as { id: number };
          attach.run(itemId, docId);
          if (state === "approved") {
            review.run(
              itemId,
              id,
              admin.id,
              JSON.stringify([{ id: docId, name: `Item ${p + 1}.pdf`, sha256: sha }]),
              now,
            );
          }
        }
      }
    }
  })();
  // A file made the way the app makes it, read last (its items made on first read).
  const file = createTransaction(
    db,
    admin,
    { email: client.email, type: "selling", propertyAddress: "1 Review St", homeValue: "900000" },
    { notify: false },
  );
  console.log(
    `reviews: ${FILES.toLocaleString("en-US")} files, ${(FILES * ITEMS).toLocaleString("en-US")} items written in ${((performance.now() - started) / 1000).toFixed(1)} s`,
  );
  sql.prepare("DELETE FROM email_outbox").run();
  // The 150th page of the queue starts after its 7,450th item.
  const far = sql
    .prepare(
      "SELECT waiting_since AS since, id FROM checklist_items WHERE waiting_since IS NOT NULL ORDER BY waiting_since, id LIMIT 1 OFFSET 7449",
    )
    .get() as { since: number; id: number };
  const adminCookie = await sessionCookie(db, admin.id);
  db.$client.close();
  const { base, server } = await startBenchServer(options.port, {
    DATABASE_URL: database,
    SESSION_SECRET: BENCH_SECRET,
    MAIL_DIR: `${options.dir}/mail`,
    MAIL_TICK_SECONDS: "3600",
  });
  try {
    for (const [label, path] of [
      ["/admin/reviews", "/admin/reviews"],
      ["/admin/reviews, its 150th page", `/admin/reviews?after=${far.since}-${far.id}`],
      ["/admin/transactions/{id}/file, 20 items", `/admin/transactions/5000/file`],
      ["/admin/transactions/{id} (the workspace, with its file's state)", `/admin/transactions/5000`],
      ["/admin/transactions/{id}, a file made on its first read", `/admin/transactions/${file.id}`],
      ["/admin (the dashboard, with the count waiting)", "/admin"],
    ] as const) {
      const { cold, status, ...timed } = await sequentialTimes(`${base}${path}`, { cookie: adminCookie });
      console.log(
        `reviews: GET ${label}${status === 200 ? "" : ` (${status})`}: ${describeTimes(timed, GOAL_P95)}` +
          describeCold(cold),
      );
    }
  } finally {
    server.kill();
  }
}
