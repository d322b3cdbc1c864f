import { eq, inArray } from "drizzle-orm";

import { db } from "../db";
import { profiles, userSettings, workspaces } from "../db/schema";
import { env } from "../env";
import { onEvent, type DomainEvent } from "../events/bus";
import { sendMail } from "../mail/mailer";
import { notify, type NewNotification } from "../notifications/notifications";

/**
 * What team changes set off: the invitation mail, and for each change the affected person's
 * in-app notification, plus an e-mail when their settings ask for e-mail notifications.
 */
const ROLE_NAMES: Record<string, string> = { owner: "Owner", admin: "Admin", editor: "Editor", viewer: "Viewer" };
const roleName = (role: unknown) => ROLE_NAMES[String(role)] ?? String(role);

export function registerTeamSubscribers() {
  const unsubscribers = [
    onEvent("invitation.sent", "mail.invitation", sendInvitationMail),
    onEvent("member.role_changed", "notify.role_changed", (event) =>
      tell(event, [String(event.subjectId)], {
        title: `Your role in ${String(event.data.workspaceName)} is now ${roleName(event.data.to)}`,
        body: `It was ${roleName(event.data.from)}.`,
        link: teamLink(event),
      }),
    ),
    onEvent("member.removed", "notify.member_removed", (event) =>
      tell(event, [String(event.subjectId)], {
        title: `You were removed from ${String(event.data.workspaceName)}`,
        body: "Its projects are no longer available to you.",
        link: null,
      }),
    ),
    onEvent("workspace.ownership_transferred", "notify.ownership_transferred", (event) =>
      tell(event, [String(event.subjectId)], {
        title: `You are now an owner of ${String(event.data.workspaceName)}`,
        body: "You can manage its members, projects and settings.",
        link: teamLink(event),
      }),
    ),
    onEvent("member.joined", "notify.member_joined", async (event) => {
      const inviter = typeof event.data.invitedBy === "string" ? [event.data.invitedBy] : [];
      await tell(event, inviter, {
        title: `${String(event.data.name)} joined ${String(event.data.workspaceName)}`,
        body: `As ${roleName(event.data.role)}.`,
        link: teamLink(event),
      });
    }),
  ];
  return () => unsubscribers.forEach((unsubscribe) => unsubscribe());
}

async function teamLink(event: DomainEvent) {
  if (!event.workspaceId) return null;
  const [row] = await db()
    .select({ publicId: workspaces.publicId })
    .from(workspaces)
    .where(eq(workspaces.id, event.workspaceId));
  return row ? `/app/team?workspace=${row.publicId}` : null;
}

async function sendInvitationMail(event: DomainEvent) {
  const token = event.transient.token;
  if (typeof token !== "string") return;
  const link = `${env().appUrl}/invite/${token}`;
  const workspaceName = String(event.data.workspaceName);
  await sendMail({
    to: String(event.data.email),
    content: {
      subject: `${String(event.data.inviterName)} invited you to ${workspaceName} on Plotline`,
      blocks: [
        {
          kind: "paragraph",
          text: `${String(event.data.inviterName)} invited you to join the workspace ${workspaceName} as ${roleName(event.data.role)}.`,
        },
        { kind: "button", label: "Accept invitation", url: link },
        {
          kind: "paragraph",
          text: "The invitation is valid for 7 days. New to Plotline? Create an account with this e-mail address first; the link brings you back here.",
        },
      ],
    },
  });
}

/** In-app notifications for each recipient (not the actor), and mail for those who want it. */
async function tell(
  event: DomainEvent,
  recipients: string[],
  message: { title: string; body: string; link: Promise<string | null> | null },
) {
  const userIds = recipients.filter((userId) => userId && userId !== event.actorId);
  if (userIds.length === 0) return;
  const link = await message.link;
  const items: NewNotification[] = userIds.map((userId) => ({
    userId,
    kind: event.verb,
    title: message.title,
    body: message.body,
    link,
    workspaceId: event.workspaceId,
    actorId: event.actorId,
    data: { sequence: event.sequence },
  }));
  await db().transaction((tx) => notify(tx, items));
  const wantMail = await db()
    .select({ email: profiles.email, emailNotifications: userSettings.emailNotifications })
    .from(profiles)
    .leftJoin(userSettings, eq(userSettings.userId, profiles.id))
    .where(inArray(profiles.id, userIds));
  for (const person of wantMail) {
    if (person.emailNotifications === false || !person.email) continue;
    await sendMail({
      to: person.email,
      content: {
        subject: message.title,
        blocks: [
          { kind: "paragraph", text: `${message.title}. ${message.body}` },
          ...(link ? [{ kind: "button" as const, label: "Open Plotline", url: `${env().appUrl}${link}` }] : []),
        ],
        footer: [{ kind: "paragraph", text: "You can turn these e-mails off in Settings → Notifications." }],
      },
    });
  }
}
