/**
 * What the migrations of the deal's rules do to rows that existed before them (docs/decisions/
 * 031-the-deals-rules.md): 0015 turns whole dollars into cents, 0014 stops the clock of an offer awaiting
 * the seller's final signature or kept as a backup.
 */
import { describe, expect, it } from "vitest";
import { migratedFrom } from "./db";

describe("migrations 0014 and 0015", () => {
  it("keep every amount, now in cents, and an awaiting or backup offer no longer expires", () => {
    const sqlite = migratedFrom("0013_team", (old) => {
      old.prepare("insert into users (id, email, created_at, updated_at) values ('u1', 'c@example.com', 0, 0)").run();
      old
        .prepare(
          "insert into transactions (user_id, type, home_value, created_at, updated_at) values ('u1', 'selling', 850000, 0, 0), ('u1', 'buying', null, 0, 0)",
        )
        .run();
      old
        .prepare("insert into listings (user_id, address, price, created_at) values ('u1', '1 A St', 725000, 0)")
        .run();
      old
        .prepare(
          `insert into offers (transaction_id, status, expires_at, created_at, updated_at) values
             (1, 'countered', 1000, 0, 0), (1, 'awaiting_final_signature', 2000, 0, 0), (1, 'backup', 3000, 0, 0)`,
        )
        .run();
      old
        .prepare(
          `insert into offer_rounds (offer_id, number, by, price, financing, down_payment_bp, deposit, close_of_escrow_days,
             investigation_days, appraisal_days, loan_days, seller_credit, buyer_agent_pay, created_at)
           values (1, 1, 'buyer', 840000, 'cash', 10000, 25000, 30, 17, 17, 0, 5000, 21000, 0)`,
        )
        .run();
    });
    expect(sqlite.prepare("select home_value_cents from transactions order by id").pluck().all()).toEqual([
      85_000_000,
      null,
    ]);
    expect(sqlite.prepare("select price_cents from saved_homes").pluck().get()).toBe(72_500_000);
    expect(
      sqlite
        .prepare("select price_cents, deposit_cents, seller_credit_cents, buyer_agent_pay_cents from offer_rounds")
        .get(),
    ).toEqual({
      price_cents: 84_000_000,
      deposit_cents: 2_500_000,
      seller_credit_cents: 500_000,
      buyer_agent_pay_cents: 2_100_000,
    });
    expect(sqlite.prepare("select status, expires_at from offers order by id").all()).toEqual([
      { status: "countered", expires_at: 1000 },
      { status: "awaiting_final_signature", expires_at: null },
      { status: "backup", expires_at: null },
    ]);
    expect(
      sqlite.prepare("select count(*) from pragma_table_info('offers') where name = 'agent_email'").pluck().get(),
    ).toBe(1);
    sqlite.close();
  });
});
