import { defineConfig } from "vitest/config";
import tsconfigPaths from "vite-tsconfig-paths";

// The Remix plugin is left out on purpose: it does not belong in unit tests.
export default defineConfig({
  plugins: [tsconfigPaths()],
  test: {
    include: ["tests/unit/**/*.test.ts"],
    setupFiles: ["tests/unit/setup.ts"],
    // Staff told of new leads in the unit tests (the configuration is read once per process).
    env: { LEAD_ALERT_EMAILS: "agent1@agency.test, agent2@agency.test" },
    environment: "node",
    pool: "forks",
  },
});
