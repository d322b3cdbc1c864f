import { eq, sql } from "drizzle-orm";

import { db } from "../db";
import { profiles, workspaces } from "../db/schema";
import { env } from "../env";
import { onEvent, type DomainEvent } from "../events/bus";
import { sendMail } from "../mail/mailer";
import { deliverNotifications } from "../notifications/deliver";
import { NOTIFICATION_KINDS } from "~/utils/notification-kinds";

/**
 * What team changes set off: the invitation mail (and, for an address that has an account,
 * an in-app notification), and for each change the affected person's notification, which
 * the notifications pipeline also mails when their settings ask for e-mail.
 */
const ROLE_NAMES: Record<string, string> = { owner: "Owner", admin: "Admin", editor: "Editor", viewer: "Viewer" };
const roleName = (role: unknown) => ROLE_NAMES[String(role)] ?? String(role);

export function registerTeamSubscribers() {
  const unsubscribers = [
    onEvent("invitation.sent", "mail.invitation", sendInvitationMail),
    onEvent("invitation.sent", "notify.invited", tellInvitee),
    onEvent("member.role_changed", "notify.role_changed", (event) =>
      tell(event, [String(event.subjectId)], {
        title: `Your role in ${event.data.workspaceName} is now ${roleName(event.data.to)}`,
        body: `It was ${roleName(event.data.from)}.`,
        link: teamLink(event),
      }),
    ),
    onEvent("member.removed", "notify.member_removed", (event) =>
      tell(event, [String(event.subjectId)], {
        title: `You were removed from ${event.data.workspaceName}`,
        body: "Its projects are no longer available to you.",
        link: null,
      }),
    ),
    onEvent("workspace.ownership_transferred", "notify.ownership_transferred", (event) =>
      tell(event, [String(event.subjectId)], {
        title: `You are now an owner of ${event.data.workspaceName}`,
        body: "You can manage its members, projects and settings.",
        link: teamLink(event),
      }),
    ),
    onEvent("member.joined", "notify.member_joined", async (event) => {
      const inviter = event.data.invitedBy ? [event.data.invitedBy] : [];
      await tell(event, inviter, {
        title: `${event.data.name} joined ${event.data.workspaceName}`,
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

async function sendInvitationMail(event: DomainEvent<"invitation.sent">) {
  const token = event.transient.token;
  if (typeof token !== "string") return;
  const link = `${env().appUrl}/invite/${token}`;
  const workspaceName = event.data.workspaceName;
  await sendMail({
    to: event.data.email,
    content: {
      subject: `${event.data.inviterName} invited you to ${workspaceName} on Plotline`,
      blocks: [
        {
          kind: "paragraph",
          text: `${event.data.inviterName} invited you to join the workspace ${workspaceName} as ${roleName(event.data.role)}.`,
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

/**
 * In-app notifications for each recipient (not the actor) through the notifications
 * pipeline, which also mails those who want e-mail (batched with their other notifications).
 */
async function tell(
  event: DomainEvent,
  recipients: string[],
  message: {
    title: string;
    body: string;
    link: Promise<string | null> | string | null;
    kind?: string;
    mailedAlready?: boolean;
  },
) {
  const userIds = recipients.filter((userId) => userId && userId !== event.actorId);
  if (userIds.length === 0) return;
  const link = await message.link;
  const kind = message.kind ?? event.verb;
  await deliverNotifications(
    userIds.map((userId) => ({
      userId,
      kind,
      title: message.title,
      body: message.body,
      link,
      workspaceId: event.workspaceId,
      actorId: event.actorId,
      data: { sequence: event.sequence },
      // A retried job writes nothing twice.
      dedupeKey: `${kind}:${event.sequence}`,
      mailedAlready: message.mailedAlready,
    })),
  );
}

/**
 * An invitation to an address that already has an account: the person also finds it in
 * the app. The link is the invitation's own (its token only works for that account).
 */
async function tellInvitee(event: DomainEvent<"invitation.sent">) {
  const token = event.transient.token;
  if (typeof token !== "string") return;
  const [invitee] = await db()
    .select({ id: profiles.id })
    .from(profiles)
    .where(eq(sql`lower(${profiles.email})`, event.data.email.toLowerCase()));
  if (!invitee) return;
  const workspaceName = event.data.workspaceName;
  await tell(event, [invitee.id], {
    kind: NOTIFICATION_KINDS.invited,
    title: `${event.data.inviterName} invited you to ${workspaceName}`,
    body: `As ${roleName(event.data.role)}. Open the invitation to join.`,
    link: `/invite/${token}`,
    // The invitation mail itself says it: no second e-mail.
    mailedAlready: true,
  });
}
