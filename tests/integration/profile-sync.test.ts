import type { User } from "@supabase/supabase-js";
import { eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";

import { profiles } from "~/.server/db/schema";
import { syncProfile } from "~/.server/profiles/sync-profile";
import { engines, useTestDatabase } from "../setup/database";
import { buildUser } from "../setup/factories";

/**
 * Sign-ins copy the user's metadata into the profile other members see. The metadata is the
 * user's own to write (and unchecked on a hosted Supabase project), so the copy is bounded.
 */
describe.each(engines)("the profile sync on %s", (engine) => {
  const db = useTestDatabase(engine);

  const signInWith = async (user_metadata: Record<string, unknown>) => {
    const user = await buildUser();
    await syncProfile({ id: user.id, email: user.email, user_metadata } as unknown as User, null);
    const [row] = await db().db.select().from(profiles).where(eq(profiles.id, user.id));
    return row;
  };

  it("cuts a name to the profile form's 80 characters and keeps only our own avatars", async () => {
    const long = await signInWith({ full_name: "x".repeat(5000), avatar_url: "https://tracker.example/p.gif" });
    expect(long?.fullName).toBe("x".repeat(80));
    expect(long?.avatarUrl).toBeNull();

    const own = await signInWith({ full_name: "  Ada  ", avatar_url: "/uploads/avatars/abc_DEF-1.webp" });
    expect(own).toMatchObject({ fullName: "Ada", avatarUrl: "/uploads/avatars/abc_DEF-1.webp" });

    for (const avatar_url of ["/uploads/../secrets.json", "//evil.example/a.webp", "/uploads/avatars/a.svg", 42]) {
      expect((await signInWith({ full_name: "Ada", avatar_url }))?.avatarUrl).toBeNull();
    }
  });

  it("falls back to the address's local part when the name is missing or not text", async () => {
    const user = await buildUser({ email: "grace.hopper@example.com" });
    await syncProfile(
      { id: user.id, email: user.email, user_metadata: { full_name: { x: 1 } } } as unknown as User,
      null,
    );
    const [row] = await db().db.select().from(profiles).where(eq(profiles.id, user.id));
    expect(row?.fullName).toBe("grace.hopper");
  });
});
