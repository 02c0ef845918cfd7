/**
 * Part of `npm run bench`: showings (docs/showings.md). A listing with 500 past showings (half with their
 * agent's feedback) and 20 to come, next to a listing with none (the reference): the seller's portal and the workspace (goal p95 <= 20 ms; 500
 * sequential views after 200, bench-server.ts); the free slots of its showing page, worked out in the process
 * (goal p95 <= 10 ms); and the showing page under load as the page cache serves it, next to a bare server
 * answering the same bytes (goal >= 0.9 of its requests/s). Prints; asserts nothing.
 */
import { showingFeedbackSchema, showingRulesSchema } from "~/lib/showing-schema";
import { DEFAULT_RULES, freeSlots } from "~/lib/showing-slots";
import { initializeMilestones } from "~/models/milestone.server";
import {
  getShowingRules,
  giveShowingFeedback,
  recordPhoneShowing,
  saveShowingRules,
  showingPage,
} from "~/models/showing.server";
import { createTransaction } from "~/models/transaction.server";
import { upsertUserFromClaims } from "~/models/user.server";
import { describeLoad, load } from "./load";
import {
  BENCH_SECRET,
  describeCold,
  describeTimes,
  freshBenchDatabase,
  percentile,
  sequentialTimes,
  sessionCookie,
  startBareServer,
  startBenchServer,
} from "./bench-server";

const PAST = 500;
const UPCOMING = Number(process.env.BENCH_UPCOMING ?? 20);
const GOAL_P95 = 20;
const GOAL_SLOTS_P95 = 10;
const GOAL_CACHED_RATIO = 0.9;

export async function benchShowings(options: { port: number; dir: string }) {
  const { database, db, admin } = freshBenchDatabase(options.dir, "showings", "Alex");
  const seller = upsertUserFromClaims(db, { email: "seller@example.com", firstName: "Sam" });
  const sale = createTransaction(
    db,
    admin,
    { email: seller.email, type: "selling", propertyAddress: "12 Palm St, San Diego", homeValue: "850000" },
    { notify: false },
  );
  initializeMilestones(db, admin, sale.id);
  saveShowingRules(
    db,
    seller,
    sale.id,
    showingRulesSchema.parse({ ...DEFAULT_RULES, slotMinutes: 30, noticeHours: 0 }),
  );
  const agent = {
    agentName: "Pat Agent",
    brokerage: "Harbor Homes",
    licenseNumber: "01234567",
    phone: "619-555-0199",
    email: "pat@harbor.example",
    people: 2,
  };
  const now = Date.now();
  db.transaction(() => {
    for (let i = 0; i < PAST; i++) {
      const start = new Date(now - (i + 1) * 6 * 3600_000);
      const s = recordPhoneShowing(
        db,
        admin,
        sale.id,
        { ...agent, agentName: `Agent ${i}`, start },
        new Date(start.getTime() - 86400_000),
      );
      if (i % 2 === 0) {
        giveShowingFeedback(
          db,
          s.agentToken,
          showingFeedbackSchema.parse({ interest: (i % 5) + 1, price: "about_right", comments: `Comment ${i}` }),
          new Date(s.end.getTime() + 3600_000),
        );
      }
    }
  });
  const slots = freeSlots(getShowingRules(db, seller, sale.id), [], new Date(), 14);
  for (let i = 0; i < UPCOMING; i++) {
    recordPhoneShowing(db, admin, sale.id, { ...agent, agentName: `Soon ${i}`, start: slots[i * 3]! });
  }
  const { token } = getShowingRules(db, seller, sale.id);
  const quiet = upsertUserFromClaims(db, { email: "quiet@example.com", firstName: "Quinn" });
  const reference = createTransaction(
    db,
    admin,
    { email: quiet.email, type: "selling", propertyAddress: "14 Palm St, San Diego", homeValue: "850000" },
    { notify: false },
  );
  initializeMilestones(db, admin, reference.id);

  // The free slots of the showing page, in the process: the rules over 14 days against 40 approved showings.
  const times: number[] = [];
  for (let i = 0; i < 700; i++) {
    const start = performance.now();
    showingPage(db, token);
    if (i >= 200) times.push(performance.now() - start);
  }
  times.sort((a, b) => a - b);
  const p95 = percentile(times, 0.95);
  console.log(
    `showings: the showing page's data with its free slots (14 days, ${UPCOMING} approved): median ${percentile(times, 0.5).toFixed(2)} ms, p95 ${p95.toFixed(2)} ms ` +
      `(goal <= ${GOAL_SLOTS_P95} ms: ${p95 <= GOAL_SLOTS_P95 ? "goal met" : "goal NOT met"})`,
  );

  db.$client.prepare("DELETE FROM email_outbox").run();
  const adminCookie = await sessionCookie(db, admin.id);
  const sellerCookie = await sessionCookie(db, seller.id);
  const quietCookie = await sessionCookie(db, quiet.id);
  db.$client.close();

  const { base, server } = await startBenchServer(options.port, {
    DATABASE_URL: database,
    SESSION_SECRET: BENCH_SECRET,
    MAIL_DIR: `${options.dir}/mail`,
    MAIL_TICK_SECONDS: "3600",
  });
  try {
    for (const [label, path, cookie] of [
      [`/client-portal, a sale with ${PAST} past showings`, "/client-portal", sellerCookie],
      [`/client-portal, a sale with no showings (reference)`, "/client-portal", quietCookie],
      [`/admin/transactions/{id}, the same sale`, `/admin/transactions/${sale.id}`, adminCookie],
      [`/admin/transactions/{id}, the sale with none (reference)`, `/admin/transactions/${reference.id}`, adminCookie],
    ] as const) {
      const { cold, status, ...timed } = await sequentialTimes(`${base}${path}`, { cookie });
      console.log(
        `showings: GET ${label}${status === 200 ? "" : ` (${status})`}: ${describeTimes(timed, GOAL_P95)}` +
          describeCold(cold),
      );
    }
    const headers = { "accept-encoding": "gzip, deflate, br", accept: "text/html" };
    const page = `${base}/showings/${token}`;
    const bytes = Buffer.from(await (await fetch(page, { headers })).arrayBuffer());
    const bare = await startBareServer(options.port + 5, bytes);
    try {
      const baseline = await load(`http://localhost:${options.port + 5}/`, { headers });
      const cached = await load(page, { headers });
      const ratio = cached.rps / baseline.rps;
      console.log(`showings: load, bare node:http with the showing page's bytes: ${describeLoad(baseline)}`);
      console.log(
        `showings: load, GET /showings/{token} (cached): ${describeLoad(cached)}; ${(ratio * 100).toFixed(0)} % of bare ` +
          `(goal >= ${GOAL_CACHED_RATIO * 100} %: ${ratio >= GOAL_CACHED_RATIO ? "goal met" : "goal NOT met"})`,
      );
    } finally {
      bare.kill();
    }
  } finally {
    server.kill();
  }
}
