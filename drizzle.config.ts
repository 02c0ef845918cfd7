import { defineConfig } from "drizzle-kit";

export default defineConfig({
  dialect: "sqlite",
  // The tables, one file per part (app/db/schema/index.ts re-exports them for the app; drizzle-kit reads the parts).
  schema: "./app/db/schema/!(index).ts",
  out: "./drizzle",
  dbCredentials: { url: process.env.DATABASE_URL ?? "./data/app.db" },
});
