/**
 * The admin benchmark's database, at a scale: `today` (100,000 transactions, 100,000 leads, half of them
 * nurtured) or `10y` (ten years of an agency: 100,000 transactions, 200,000 leads each with its
 * engagement, 1,000,000 e-mails in the outbox). Written with plain INSERTs into a migrated database, so
 * every trigger runs as it does in production. A `10y` database is kept between runs (tests/.tmp/bench),
 * reused while the migrations and this file are unchanged.
 */
import { createHash } from "node:crypto";
import { existsSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { openDatabase, type Db } from "~/db/client.server";
import { upsertUserFromClaims } from "~/models/user.server";

export type Scale = {
  name: string;
  transactions: number;
  leads: number;
  nurtured: number;
  emails: number;
  /** Leads that arrived in the last day on top of the rest (a flood of sign-ups, an import), given to nobody. */
  flood?: number;
};

export const SCALES: Record<string, Scale> = {
  today: { name: "today", transactions: 100_000, leads: 100_000, nurtured: 0.5, emails: 0 },
  "10y": { name: "10y", transactions: 100_000, leads: 200_000, nurtured: 1, emails: 1_000_000 },
  // Today's shape with five agents answering their leads, and 100,000 leads arrived in the last day.
  flood: { name: "flood", transactions: 100_000, leads: 100_000, nurtured: 0.5, emails: 0, flood: 100_000 },
};

/** The flood's agents: each has every 50th lead of the last 30 days, half of them answered within the hour. */
const FLOOD_AGENTS = 5;

export const BENCH_ADMIN_EMAIL = "bench-admin@example.com";

const ENGAGEMENT_STATUSES = ["active", "paused", "completed", "unsubscribed", "converted"] as const;
const DAY = 86_400_000;

/** A drip e-mail's bodies, about the size of the seeded campaign's (plain text 1.3 KB, HTML 3.5 KB). */
const TEXT = `Hello {name},\n\n${"Thank you for asking about selling your home with a flat fee. ".repeat(16)}\n\nCoastline Flat Fee Realty`;
const HTML = `<!doctype html><html><body><table width="100%"><tr><td style="font-family:sans-serif;font-size:16px;color:#0f172a">${"<p>Thank you for asking about selling your home with a flat fee.</p>".repeat(36)}</td></tr></table></body></html>`;

/** The database of this scale at `file`: reused when it was written by this code and these migrations. */
export function benchDatabase(
  file: string,
  scale: Scale,
): { db: Db; adminId: string; written: boolean; seconds: number } {
  const key = createHash("sha256")
    .update(readFileSync("drizzle/meta/_journal.json"))
    .update(readFileSync(new URL(import.meta.url)))
    .update(JSON.stringify(scale))
    .digest("hex");
  const keyFile = `${file}.key`;
  const start = performance.now();
  const reuse = existsSync(file) && existsSync(keyFile) && readFileSync(keyFile, "utf8") === key;
  if (!reuse) {
    for (const suffix of ["", "-wal", "-shm", ".key"]) rmSync(`${file}${suffix}`, { force: true });
  }
  const db = openDatabase(file);
  const admin = upsertUserFromClaims(db, { email: BENCH_ADMIN_EMAIL, firstName: "Bench" }, [BENCH_ADMIN_EMAIL]);
  if (!reuse) {
    fill(db, scale);
    db.$client.pragma("wal_checkpoint(TRUNCATE)");
    writeFileSync(keyFile, key);
  }
  return { db, adminId: admin.id, written: !reuse, seconds: (performance.now() - start) / 1000 };
}

function fill(db: Db, scale: Scale) {
  const sqlite = db.$client;
  const now = Date.now();
  const start = now - 10 * 365 * DAY;
  const span = now - start;
  const campaign = sqlite
    .prepare("insert into lead_nurturing_campaigns (name, type, is_active, for_new_leads) values (?, ?, 1, 1)")
    .run("Bench follow-up", "general").lastInsertRowid;
  const campaignEmail = sqlite.prepare(
    "insert into lead_nurturing_emails (campaign_id, sequence, subject, content, delay_days) values (?, ?, ?, ?, ?)",
  );
  const campaignEmails = [0, 2, 5, 14].map(
    (delay, i) => campaignEmail.run(campaign, i + 1, `Step ${i + 1} for {{firstName}}`, TEXT, delay).lastInsertRowid,
  );
  const submission = sqlite.prepare(
    "insert into contact_submissions (first_name, last_name, email, phone, message, created_at) values (?, ?, ?, ?, ?, ?)",
  );
  const engagement = sqlite.prepare(
    "insert into lead_engagement (contact_submission_id, campaign_id, email, status, current_sequence, last_email_sent, next_email_due, score, created_at, updated_at) values (?, ?, ?, ?, ?, ?, ?, ?, ?, ?)",
  );
  const link = sqlite.prepare("update contact_submissions set engagement_id = ? where id = ?");
  const user = sqlite.prepare(
    "insert into users (id, email, first_name, last_name, created_at, updated_at) values (?, ?, ?, ?, ?, ?)",
  );
  const transaction = sqlite.prepare(
    "insert into transactions (user_id, type, property_address, home_value_cents, tier, current_step, status, created_at, updated_at) values (?, ?, ?, ?, 2, ?, ?, ?, ?)",
  );
  const email = sqlite.prepare(
    `insert into email_outbox (kind, to_address, to_name, subject, message_id, status, attempts, next_attempt_at,
       last_error, contact_submission_id, engagement_id, campaign_email_id, created_at, updated_at, sent_at)
     values (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)`,
  );
  const content = sqlite.prepare("insert into email_contents (email_id, text_body, html_body) values (?, ?, ?)");
  const event = sqlite.prepare(
    "insert into lead_events (contact_submission_id, engagement_id, type, detail, created_at) values (?, ?, 'clicked', '/blog', ?)",
  );

  const emailsPerLead = scale.emails / scale.leads;
  let emailsWritten = 0;
  let failed = 0;
  const batch = 5_000;
  for (let from = 0; from < Math.max(scale.leads, scale.transactions); from += batch) {
    // One database transaction per batch: a 4.7 GB file in one would hold its whole WAL.
    sqlite.transaction(() => {
      for (let i = from; i < Math.min(from + batch, Math.max(scale.leads, scale.transactions)); i++) {
        if (i < scale.leads) {
          const at = start + Math.floor((span * i) / scale.leads);
          const address = `lead${i}@bench.test`;
          const { lastInsertRowid: submissionId } = submission.run(
            `First${i}`,
            `Last${i}`,
            address,
            `619555${String(i % 10000).padStart(4, "0")}`,
            i % 3 ? "Looking to sell." : null,
            at,
          );
          let engagementId: number | bigint | null = null;
          if (i % Math.round(1 / scale.nurtured) === 0) {
            const status = ENGAGEMENT_STATUSES[i % 5]!;
            // An agency's active leads wait for their next e-mail in the coming days (a backlog of due drips
            // would make the mail sender, not the page, what is measured).
            engagementId = engagement.run(
              submissionId,
              campaign,
              address,
              status,
              2,
              at,
              status === "active" ? now + (1 + (i % 14)) * DAY : null,
              i % 100,
              at,
              at,
            ).lastInsertRowid;
            link.run(engagementId, submissionId);
            if (i % 2 === 0) event.run(submissionId, engagementId, at + DAY);
          }
          // Its e-mails: the staff alert, then drips, until the scale's total is reached.
          const target = Math.round((i + 1) * emailsPerLead);
          for (let n = 0; emailsWritten < target; n++, emailsWritten++) {
            const alert = n === 0;
            const sentAt = at + n * 2 * DAY;
            const fails = !alert && emailsWritten % 40 === 7 && failed < 25_000;
            const queued = !fails && sentAt > now;
            if (fails) failed++;
            const { lastInsertRowid: emailId } = email.run(
              alert ? "lead_alert" : "drip",
              alert ? "agent@bench.test" : address,
              alert ? null : `First${i} Last${i}`,
              alert ? `New lead: First${i} Last${i}` : `Step ${n} for First${i}`,
              `<bench-${emailsWritten}@bench.test>`,
              fails ? "failed" : queued ? "queued" : "sent",
              fails ? 8 : queued ? 0 : 1,
              queued ? sentAt : sentAt + 60_000,
              fails ? "550 5.1.1 mailbox unavailable" : null,
              submissionId,
              alert ? null : engagementId,
              alert || engagementId === null ? null : campaignEmails[(n - 1) % campaignEmails.length]!,
              sentAt,
              sentAt,
              fails || queued ? null : sentAt + 60_000,
            );
            content.run(emailId, TEXT.replace("{name}", `First${i}`), HTML);
          }
        }
        if (i < scale.transactions) {
          const at = start + Math.floor((span * i) / scale.transactions);
          const userId = `bench-user-${i}`;
          user.run(userId, `client${i}@bench.test`, `Client${i}`, `Family${i}`, at, at);
          transaction.run(
            userId,
            i % 2 ? "buying" : "selling",
            `${i} Bench St, San Diego, CA 92101`,
            (500000 + (i % 1000) * 1000) * 100,
            1 + (i % 13),
            i % 7 ? "active" : "completed",
            at,
            at,
          );
        }
      }
    })();
  }
  if (scale.flood) flood(sqlite, scale.flood, now);
}

/**
 * The flood: FLOOD_AGENTS licensed agents with every 50th lead of the last 30 days (half of them answered
 * within the hour), then `count` leads in the last day that nobody was given.
 */
function flood(sqlite: Db["$client"], count: number, now: number) {
  const agent = sqlite.prepare(
    "insert into users (id, email, first_name, last_name, is_agent, license_number, team_position, created_at, updated_at) values (?, ?, ?, 'Agent', 1, ?, ?, ?, ?)",
  );
  for (let a = 0; a < FLOOD_AGENTS; a++) {
    agent.run(`bench-agent-${a}`, `agent${a}@bench.test`, `Bench${a}`, `0100000${a}`, a + 1, now, now);
  }
  const recent = sqlite
    .prepare("select id, created_at from contact_submissions where created_at >= ? order by id")
    .all(now - 30 * DAY) as Array<{ id: number; created_at: number }>;
  const assign = sqlite.prepare(
    "update contact_submissions set assigned_agent_id = ?, assigned_at = ?, first_action_at = ? where id = ?",
  );
  sqlite.transaction(() => {
    recent.forEach((lead, i) => {
      if (i % 50) return;
      const answered = i % 100 === 0 ? lead.created_at + 20 * 60_000 : null;
      assign.run(`bench-agent-${(i / 50) % FLOOD_AGENTS}`, lead.created_at, answered, lead.id);
    });
  })();
  const submission = sqlite.prepare(
    "insert into contact_submissions (first_name, last_name, email, phone, message, created_at) values (?, ?, ?, ?, ?, ?)",
  );
  const batch = 5_000;
  for (let from = 0; from < count; from += batch) {
    sqlite.transaction(() => {
      for (let i = from; i < Math.min(from + batch, count); i++) {
        const at = now - DAY + Math.floor((DAY * i) / count);
        submission.run(`Flood${i}`, `Signup${i}`, `flood${i}@bench.test`, "6195550100", null, at);
      }
    })();
  }
}
