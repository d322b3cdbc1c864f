import { randomUUID } from "node:crypto";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";

import type { User } from "@supabase/supabase-js";
import { and, eq, sql } from "drizzle-orm";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";

import { users } from "~/.server/auth-service/schema";
import { setDatabase } from "~/.server/db";
import { queryRows } from "~/.server/db/client";
import { activity, invitations, notifications, workspaceMembers, workspaces } from "~/.server/db/schema";
import { FieldError, ForbiddenError, NotFoundError } from "~/.server/errors";
import { subscribe, type DomainEvent } from "~/.server/events/bus";
import { createProject } from "~/.server/projects/projects";
import { projectForMember } from "~/.server/projects/access";
import { syncProfile } from "~/.server/profiles/sync-profile";
import { initSecrets } from "~/.server/secrets";
import { consume, LIMITS } from "~/.server/security/rate-limit";
import {
  acceptInvitation,
  invitationByToken,
  inviteMember,
  resendInvitation,
  revokeInvitation,
} from "~/.server/team/invitations";
import { changeMemberRole, leaveWorkspace, removeMember, transferOwnership } from "~/.server/team/members";
import { runDueJobs } from "~/.server/jobs/worker";
import { listWorkspaces } from "~/.server/workspaces/workspaces";
import { registerTeamSubscribers } from "~/.server/team/subscribers";
import { createTestDatabase, engines, type TestDatabase } from "../setup/database";
import { addMember, buildUser, type TestUser } from "../setup/factories";

/** The team rules on both engines: invitations, roles, the last owner, leaving, transfer. */
describe.each(engines)("team management on %s", (engine) => {
  let database: TestDatabase;
  const sent: DomainEvent<"invitation.sent">[] = [];
  const stop: (() => void)[] = [];

  beforeAll(async () => {
    initSecrets(fs.mkdtempSync(path.join(os.tmpdir(), "plotline-secrets-")));
    database = await createTestDatabase(engine);
    setDatabase(database);
    stop.push(subscribe("invitation.sent", (event) => void sent.push(event)));
    stop.push(registerTeamSubscribers());
  });
  afterAll(async () => {
    stop.forEach((undo) => undo());
    setDatabase(undefined);
    await database?.drop();
  });

  /** The raw token of the newest invitation mail to `email` (it reaches subscribers only). */
  const tokenFor = (email: string) =>
    String(sent.filter((event) => event.data.email === email).at(-1)?.transient.token);

  async function roleOf(workspacePublicId: string, userId: string) {
    const [row] = await database.db
      .select({ role: workspaceMembers.role })
      .from(workspaceMembers)
      .innerJoin(workspaces, eq(workspaces.id, workspaceMembers.workspaceId))
      .where(and(eq(workspaces.publicId, workspacePublicId), eq(workspaceMembers.userId, userId)));
    return row?.role ?? null;
  }

  describe("invitations", () => {
    let owner: TestUser;
    beforeEach(async () => {
      owner = await buildUser();
    });

    it("gives an invitee who signs up through the invitation no empty workspace of their own", async () => {
      /** A new account's first sign-in, as finishSignIn runs it on its way to `to`'s invitation. */
      const firstSignIn = async (email: string, joining: string) => {
        const id = randomUUID();
        await database.db.insert(users).values({ id, email, rawUserMetaData: { full_name: "Nell Newcomer" } });
        const user = { id, email, user_metadata: { full_name: "Nell Newcomer" } } as unknown as User;
        await syncProfile(user, null, { joining });
        return id;
      };
      const email = `newcomer-${randomUUID().slice(0, 8)}@example.com`;
      await inviteMember(owner.actor, { workspaceId: owner.workspaceId, email, role: "editor" });
      const token = tokenFor(email);
      const invitee = await firstSignIn(email, token);
      expect(await listWorkspaces(invitee)).toEqual([]);
      await acceptInvitation({ userId: invitee, ip: null }, token);
      expect((await listWorkspaces(invitee)).map((workspace) => [workspace.id, workspace.role])).toEqual([
        [owner.workspaceId, "editor"],
      ]);
      // Someone else's invitation, or one already used, is no reason: they get their own.
      const stranger = await firstSignIn(`stranger-${randomUUID().slice(0, 8)}@example.com`, token);
      expect((await listWorkspaces(stranger)).map((workspace) => workspace.name)).toEqual([
        "Nell Newcomer's Workspace",
      ]);
    });

    it("invites by e-mail, stores only the token's hash, and the invitee joins once with the role", async () => {
      const invitee = await buildUser({ email: `new-${Date.now()}@example.com` });
      await inviteMember(owner.actor, {
        workspaceId: owner.workspaceId,
        email: invitee.email.toUpperCase(),
        role: "viewer",
      });
      const token = tokenFor(invitee.email);
      const [stored] = await database.db.select().from(invitations).where(eq(invitations.email, invitee.email));
      expect(stored?.tokenHash).not.toBe(token);
      expect(JSON.stringify(await database.db.select().from(activity))).not.toContain(token);
      expect(await invitationByToken(token)).toMatchObject({ status: "open", role: "viewer", email: invitee.email });

      const joined = await acceptInvitation(invitee.actor, token);
      expect(joined.workspaceId).toBe(owner.workspaceId);
      expect(await roleOf(owner.workspaceId, invitee.id)).toBe("viewer");
      // Single use.
      await expect(acceptInvitation(invitee.actor, token)).rejects.toThrow("This invitation has already been used.");
      expect((await invitationByToken(token))?.status).toBe("accepted");
      // The inviter hears about it.
      await runDueJobs();
      const [note] = await database.db.select().from(notifications).where(eq(notifications.userId, owner.id));
      expect(note?.title).toMatch(/joined/);
    });

    it("refuses duplicates: a member, or an address already invited", async () => {
      const member = await buildUser();
      await addMember(owner.workspaceId, member.id, "editor");
      await expect(
        inviteMember(owner.actor, { workspaceId: owner.workspaceId, email: member.email, role: "editor" }),
      ).rejects.toThrow(/already a member/);
      await inviteMember(owner.actor, { workspaceId: owner.workspaceId, email: "twice@example.com", role: "editor" });
      await expect(
        inviteMember(owner.actor, { workspaceId: owner.workspaceId, email: "Twice@Example.com", role: "admin" }),
      ).rejects.toThrow(FieldError);
      const rows = await database.db.select().from(invitations).where(eq(invitations.email, "twice@example.com"));
      expect(rows).toHaveLength(1);
    });

    it("expires after 7 days; inviting again renews the same invitation", async () => {
      const invitee = await buildUser();
      await inviteMember(owner.actor, { workspaceId: owner.workspaceId, email: invitee.email, role: "editor" });
      const old = tokenFor(invitee.email);
      await database.db
        .update(invitations)
        .set({ expiresAt: new Date(Date.now() - 1000) })
        .where(eq(invitations.email, invitee.email));
      await expect(acceptInvitation(invitee.actor, old)).rejects.toThrow(/expired/);
      await inviteMember(owner.actor, { workspaceId: owner.workspaceId, email: invitee.email, role: "admin" });
      expect(await database.db.select().from(invitations).where(eq(invitations.email, invitee.email))).toHaveLength(1);
      await expect(acceptInvitation(invitee.actor, old)).rejects.toThrow(NotFoundError);
      await acceptInvitation(invitee.actor, tokenFor(invitee.email));
      expect(await roleOf(owner.workspaceId, invitee.id)).toBe("admin");
    });

    it("resend replaces the link; revoke ends it; forged tokens are unknown", async () => {
      const invitee = await buildUser();
      const { id } = await inviteMember(owner.actor, {
        workspaceId: owner.workspaceId,
        email: invitee.email,
        role: "editor",
      });
      const first = tokenFor(invitee.email);
      await resendInvitation(owner.actor, { workspaceId: owner.workspaceId, invitationId: id });
      const second = tokenFor(invitee.email);
      expect(second).not.toBe(first);
      expect(await invitationByToken(first)).toBeNull();
      await revokeInvitation(owner.actor, { workspaceId: owner.workspaceId, invitationId: id });
      expect((await invitationByToken(second))?.status).toBe("revoked");
      await expect(acceptInvitation(invitee.actor, second)).rejects.toThrow(/withdrawn/);
      const [random] = second.split(".");
      expect(await invitationByToken(`${random}.forged`)).toBeNull();
    });

    it("refuses the wrong account with a clear message", async () => {
      const invitee = await buildUser();
      const someoneElse = await buildUser();
      await inviteMember(owner.actor, { workspaceId: owner.workspaceId, email: invitee.email, role: "editor" });
      await expect(acceptInvitation(someoneElse.actor, tokenFor(invitee.email))).rejects.toThrow(
        `This invitation was sent to ${invitee.email}, but you are signed in as ${someoneElse.email}`,
      );
      expect(await roleOf(owner.workspaceId, someoneElse.id)).toBeNull();
    });

    it("sends an inviter at most 50 invitation mails an hour, new or resent", async () => {
      // The first 49 of the hour, taken as the invitations would take them.
      for (let n = 0; n < LIMITS.invitationMail.points - 1; n++) {
        await consume("invitation-mail", LIMITS.invitationMail, owner.id);
      }
      const { id } = await inviteMember(owner.actor, {
        workspaceId: owner.workspaceId,
        email: "fiftieth@example.com",
        role: "editor",
      });
      const refusal = /You have sent 50 invitations in the last hour\. Try again in \d+ minutes\./;
      await expect(
        inviteMember(owner.actor, { workspaceId: owner.workspaceId, email: "one-more@example.com", role: "editor" }),
      ).rejects.toThrow(refusal);
      await expect(resendInvitation(owner.actor, { workspaceId: owner.workspaceId, invitationId: id })).rejects.toThrow(
        refusal,
      );
      expect(await database.db.select().from(invitations).where(eq(invitations.email, "one-more@example.com"))).toEqual(
        [],
      );
      // Another inviter is not held back.
      const other = await buildUser();
      await inviteMember(other.actor, {
        workspaceId: other.workspaceId,
        email: "one-more@example.com",
        role: "editor",
      });
    });
  });

  describe("members and owners", () => {
    it("never loses the last owner: no demotion, removal or leaving", async () => {
      const owner = await buildUser();
      const admin = await buildUser();
      await addMember(owner.workspaceId, admin.id, "admin");
      const target = { workspaceId: owner.workspaceId, userId: owner.id };
      await expect(changeMemberRole(owner.actor, { ...target, role: "admin" })).rejects.toThrow(/needs an owner/);
      await expect(leaveWorkspace(owner.actor, { workspaceId: owner.workspaceId })).rejects.toThrow(/last owner/);
      // An admin may not touch an owner at all.
      await expect(removeMember(admin.actor, target)).rejects.toThrow(ForbiddenError);
      await expect(changeMemberRole(admin.actor, { ...target, role: "viewer" })).rejects.toThrow(ForbiddenError);
      expect(await roleOf(owner.workspaceId, owner.id)).toBe("owner");
    });

    it("transfers ownership; the old owner becomes an admin and may then leave", async () => {
      const owner = await buildUser();
      const editor = await buildUser();
      await addMember(owner.workspaceId, editor.id, "editor");
      await transferOwnership(owner.actor, { workspaceId: owner.workspaceId, userId: editor.id });
      expect(await roleOf(owner.workspaceId, editor.id)).toBe("owner");
      expect(await roleOf(owner.workspaceId, owner.id)).toBe("admin");
      await leaveWorkspace(owner.actor, { workspaceId: owner.workspaceId });
      expect(await roleOf(owner.workspaceId, owner.id)).toBeNull();
      await runDueJobs();
      const [note] = await database.db.select().from(notifications).where(eq(notifications.userId, editor.id));
      expect(note?.title).toMatch(/now an owner/);
    });

    it("a removed member loses access at once, keeps their other workspaces, and is told", async () => {
      const owner = await buildUser();
      const member = await buildUser();
      await addMember(owner.workspaceId, member.id, "editor");
      const { id: projectId } = await createProject(owner.actor, { workspaceId: owner.workspaceId, name: "Roadmap" });
      await expect(projectForMember(member.id, projectId)).resolves.toBeTruthy();
      await removeMember(owner.actor, { workspaceId: owner.workspaceId, userId: member.id });
      await expect(projectForMember(member.id, projectId)).rejects.toThrow(NotFoundError);
      expect(await roleOf(member.workspaceId, member.id)).toBe("owner");
      await runDueJobs();
      const [note] = await database.db.select().from(notifications).where(eq(notifications.userId, member.id));
      expect(note?.title).toMatch(/removed from/);
      const [logged] = await queryRows<{ verb: string }>(
        database.db,
        sql`select verb from activity where subject_id = ${member.id} order by sequence desc limit 1`,
      );
      expect(logged?.verb).toBe("member.removed");
    });
  });

  describe("the permission matrix", () => {
    type Who = "owner" | "admin" | "editor" | "viewer" | "outsider";
    type TeamAction = "invite" | "change-role" | "remove" | "revoke" | "transfer" | "leave";
    /** What each role may do to an editor of the workspace (or, for leave, to themselves). */
    const ALLOWED: Record<Who, TeamAction[]> = {
      owner: ["invite", "change-role", "remove", "revoke", "transfer"],
      admin: ["invite", "change-role", "remove", "revoke", "leave"],
      editor: ["leave"],
      viewer: ["leave"],
      outsider: [],
    };
    const ACTIONS: TeamAction[] = ["invite", "change-role", "remove", "revoke", "transfer", "leave"];

    for (const who of Object.keys(ALLOWED) as Who[]) {
      for (const action of ACTIONS) {
        const allowed = ALLOWED[who].includes(action);
        it(`${who} ${allowed ? "may" : "may not"} ${action}`, async () => {
          const owner = await buildUser();
          const actor = who === "owner" ? owner : await buildUser();
          if (who !== "owner" && who !== "outsider") await addMember(owner.workspaceId, actor.id, who);
          const editor = await buildUser();
          await addMember(owner.workspaceId, editor.id, "editor");
          const { id: invitationId } = await inviteMember(owner.actor, {
            workspaceId: owner.workspaceId,
            email: `pending-${Date.now()}-${Math.random()}@example.com`,
            role: "viewer",
          });
          const workspaceId = owner.workspaceId;
          const attempt = {
            invite: () =>
              inviteMember(actor.actor, { workspaceId, email: `x-${Date.now()}@example.com`, role: "editor" }),
            "change-role": () => changeMemberRole(actor.actor, { workspaceId, userId: editor.id, role: "viewer" }),
            remove: () => removeMember(actor.actor, { workspaceId, userId: editor.id }),
            revoke: () => revokeInvitation(actor.actor, { workspaceId, invitationId }),
            transfer: () => transferOwnership(actor.actor, { workspaceId, userId: editor.id }),
            // The owner is the last owner: leaving is refused by the rule, not the role.
            leave: () => leaveWorkspace(actor.actor, { workspaceId }),
          }[action];
          const before = await database.db.select({ n: sql<number>`count(*)` }).from(activity);
          if (allowed) {
            await expect(attempt()).resolves.toBeTruthy();
          } else {
            const expected = who === "outsider" ? NotFoundError : who === "owner" ? FieldError : ForbiddenError;
            await expect(attempt()).rejects.toThrow(expected);
            const after = await database.db.select({ n: sql<number>`count(*)` }).from(activity);
            expect(Number(after[0]?.n)).toBe(Number(before[0]?.n));
          }
        });
      }
    }
  });
});
