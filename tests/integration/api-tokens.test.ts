import { sql } from "drizzle-orm";
import { describe, expect, it } from "vitest";

import { TOKEN_EXPIRIES, TOKEN_NAME_MAX } from "~/.server/api-tokens/tokens";
import { queryRows } from "~/.server/db/client";
import * as settings from "~/routes/app/settings";
import { API_TOKEN_EXPIRIES, API_TOKEN_NAME_MAX } from "~/validation/api-tokens";
import { engines, useTestDatabase } from "../setup/database";
import { buildUser, type TestUser } from "../setup/factories";
import { callAction, callLoader } from "../setup/route-harness";

/**
 * Settings → Integrations → API tokens through the route's action and loader, on PGlite and
 * PostgreSQL: a token is shown once and listed without itself, revoked by its owner only,
 * made only for a workspace of the maker's, and a bad name comes back beside the field.
 */
const PATH = "/app/settings?tab=integrations";

type Listed = { id: string; name: string; scope: string; prefix: string; workspace: string; expiresAt: string | null };
type Page = { apiTokens: { tokens: Listed[]; workspaces: { id: string; name: string }[] } };
type Answer = {
  intent?: string;
  created?: { token: string; name: string; scope: string; expiresAt: string | null };
  lastResult?: { initialValue?: Record<string, unknown>; error?: Record<string, string[]> };
};

describe.each(engines)("API tokens in Settings on %s", (engine) => {
  const db = useTestDatabase(engine);

  const create = (user: TestUser, fields: Record<string, string> = {}) =>
    callAction(settings.action, {
      path: PATH,
      user,
      form: {
        intent: "create-api-token",
        name: "CI",
        workspaceId: user.workspaceId,
        scope: "write",
        expires: "30",
        ...fields,
      },
    });
  const revoke = (user: TestUser, tokenId: string) =>
    callAction(settings.action, { path: PATH, user, form: { intent: "revoke-api-token", tokenId } });
  const listed = async (user: TestUser) =>
    ((await callLoader(settings.loader, { path: PATH, user })).data as Page).apiTokens.tokens;

  it("the form's limits are the server's", () => {
    expect(API_TOKEN_NAME_MAX).toBe(TOKEN_NAME_MAX);
    expect(API_TOKEN_EXPIRIES).toEqual(TOKEN_EXPIRIES);
  });

  it("shows a new token once, in the answer only, and lists it without the token", async () => {
    const user = await buildUser();
    const page = (await callLoader(settings.loader, { path: PATH, user })).data as Page;
    expect(page.apiTokens.tokens).toEqual([]);
    expect(page.apiTokens.workspaces.map((workspace) => workspace.id)).toEqual([user.workspaceId]);

    const outcome = await create(user, { name: "  Deploy bot  " });
    expect(outcome.status).toBe(200);
    expect(outcome.location).toBeNull();
    const answer = outcome.data as Answer;
    expect(answer.intent).toBe("create-api-token");
    expect(answer.created?.token).toMatch(/^plt_[\w-]{40}$/);
    expect(answer.created).toMatchObject({ name: "Deploy bot", scope: "write" });
    const days = (Date.parse(answer.created!.expiresAt!) - Date.now()) / 86_400_000;
    expect(days).toBeGreaterThan(29.9);
    expect(days).toBeLessThanOrEqual(30);
    // The form is emptied for the next one.
    expect(answer.lastResult?.initialValue ?? null).toBeNull();

    const tokens = await listed(user);
    expect(tokens).toHaveLength(1);
    expect(tokens[0]).toMatchObject({ name: "Deploy bot", scope: "write", workspace: expect.any(String) });
    expect(answer.created!.token.startsWith(tokens[0]!.prefix)).toBe(true);
    // Neither the page nor the database holds the token itself.
    const token = answer.created!.token;
    expect(JSON.stringify(await callLoader(settings.loader, { path: PATH, user }))).not.toContain(token);
    const stored = await queryRows(db().db, sql`select * from api_tokens`);
    const activity = await queryRows(db().db, sql`select * from activity where verb like 'api_token.%'`);
    expect(activity).toHaveLength(1);
    for (const rows of [stored, activity]) expect(JSON.stringify(rows)).not.toContain(token.slice(4));

    // Never expires: no date.
    const forever = (await create(user, { name: "Forever", scope: "read", expires: "never" })).data as Answer;
    expect(forever.created).toMatchObject({ name: "Forever", scope: "read", expiresAt: null });
    expect((await listed(user)).map((row) => row.name)).toEqual(["Forever", "Deploy bot"]);
  });

  it("revokes a token: it leaves the list", async () => {
    const user = await buildUser();
    await create(user, { name: "Keep" });
    await create(user, { name: "Drop" });
    const drop = (await listed(user)).find((row) => row.name === "Drop")!;
    const outcome = await revoke(user, drop.id);
    expect(outcome).toMatchObject({ status: 302, location: PATH });
    expect((await listed(user)).map((row) => row.name)).toEqual(["Keep"]);
    // Twice is not found.
    expect((await revoke(user, drop.id)).status).toBe(404);
  });

  it("keeps what was typed beside the field's message when the input is wrong", async () => {
    const user = await buildUser();
    const long = "x".repeat(TOKEN_NAME_MAX + 1);
    for (const [name, message] of [
      ["", "Name the token, e.g. CI or Zapier."],
      ["   ", "Name the token, e.g. CI or Zapier."],
      [long, `At most ${TOKEN_NAME_MAX} characters.`],
    ] as const) {
      const outcome = await create(user, { name, scope: "read", expires: "365" });
      expect(outcome.status).toBe(400);
      const answer = outcome.data as Answer;
      expect(answer.created).toBeUndefined();
      expect(answer.lastResult?.error?.name).toEqual([message]);
      // (Conform leaves an empty field out of what it hands back.)
      expect(answer.lastResult?.initialValue).toMatchObject({
        ...(name ? { name } : {}),
        scope: "read",
        expires: "365",
      });
    }
    const odd = await create(user, { scope: "admin", expires: "7" });
    expect(odd.status).toBe(400);
    expect((odd.data as Answer).lastResult?.error).toMatchObject({
      scope: ["Choose Read only or Read & write."],
      expires: ["Choose when the token expires."],
    });
    expect(await listed(user)).toEqual([]);
  });

  it("another user cannot revoke my token: not found, and it still works", async () => {
    const me = await buildUser();
    const other = await buildUser();
    await create(me, { name: "Mine" });
    const [mine] = await listed(me);
    expect((await revoke(other, mine!.id)).status).toBe(404);
    expect((await listed(me)).map((row) => row.id)).toEqual([mine!.id]);
    // Ids that cannot be ids are refused before any lookup.
    const bad = await revoke(other, "-".repeat(36));
    expect(bad.status).toBe(400);
    expect(bad.data).toEqual({ error: "That token does not exist." });
  });

  it("refuses a token for a workspace I am not in, as not found", async () => {
    const me = await buildUser();
    const other = await buildUser();
    const outcome = await create(me, { workspaceId: other.workspaceId });
    expect(outcome.status).toBe(404);
    expect(JSON.stringify(outcome.data)).not.toContain("plt_");
    expect(await listed(me)).toEqual([]);
    expect(await listed(other)).toEqual([]);
  });
});
