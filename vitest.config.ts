import { defineConfig } from "vitest/config";
import tsconfigPaths from "vite-tsconfig-paths";

// The Remix plugin is left out on purpose: it does not belong in unit tests.
export default defineConfig({
  plugins: [tsconfigPaths()],
  test: {
    include: ["tests/unit/**/*.test.ts"],
    setupFiles: ["tests/unit/setup.ts"],
    environment: "node",
    pool: "forks",
  },
});
