import { defineConfig } from "drizzle-kit";

// Only `drizzle-kit generate` uses this: it diffs the schema against the committed
// migrations. Migrations are applied by the app at start and by `npm run db:migrate`.
export default defineConfig({
  dialect: "postgresql",
  schema: ["./app/.server/db/schema.ts", "./app/.server/auth-service/schema.ts"],
  out: "./drizzle",
});
