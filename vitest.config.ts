import { availableParallelism } from "node:os";
import { defineConfig } from "vitest/config";
import tsconfigPaths from "vite-tsconfig-paths";

// The Remix plugin is left out on purpose: it does not belong in unit tests.
export default defineConfig({
  plugins: [tsconfigPaths()],
  test: {
    include: ["tests/unit/**/*.test.ts"],
    setupFiles: ["tests/unit/setup.ts"],
    // The S3-compatible server of tests/unit/offsite.test.ts: started here when Swift is installed and .ci/run
    // has not started one.
    globalSetup: ["tests/unit/s3-server.ts"],
    // Staff told of new leads in the unit tests (the configuration is read once per process).
    // The rate limits are tested with windows of their own (tests/unit/limits.test.ts), not through the actions.
    env: {
      LEAD_ALERT_EMAILS: "agent1@agency.test, agent2@agency.test",
      // The responsible broker's account (the fixtures' first admin): the broker's duties are theirs.
      AGENCY_BROKER_EMAIL: "boss@agency.test",
      // Uploaded files of the unit tests (each test uses random keys, so files never collide).
      FILES_DIR: "tests/.tmp/unit-files",
      // Replies come back to reply+TOKEN@this domain, through the webhook with this password (tests/unit/messages.test.ts).
      INBOUND_EMAIL_DOMAIN: "reply.agency.test",
      INBOUND_WEBHOOK_SECRET: "unit-webhook-secret-0123456789",
      RATE_LIMIT_CONTACT: "100000/60",
      RATE_LIMIT_SIGN_IN: "100000/60",
      RATE_LIMIT_TOKEN: "100000/60",
      RATE_LIMIT_ESTIMATE: "100000/60",
    },
    environment: "node",
    pool: "forks",
    // One worker per core (Vitest leaves one for itself): on a 2-core machine the suite takes 67 s instead of 94 s.
    maxWorkers: availableParallelism(),
  },
});
