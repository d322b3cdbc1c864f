import { expect, type Page } from "@playwright/test";

import { signUpByRequest } from "./account";
import { mailTo } from "./mailbox";

/**
 * A second person in the signed-in owner's workspace: a new account for `member`'s browser
 * context, invited by `owner` as an editor (the Team page's form, posted by request) and
 * joined from the mailed link. The invitation's own notification is read, so the member
 * starts with nothing unread.
 */
export async function addTeammate(owner: Page, member: Page, fullName: string) {
  const { email } = await signUpByRequest(member.request, { prefix: "teammate", fullName });
  const team = await (await owner.request.get("/app/team")).text();
  const workspaceId = /name="workspaceId"[^>]*value="([^"]+)"/.exec(team)?.[1];
  expect(workspaceId, "the Team page names the owner's workspace").toBeTruthy();
  const invited = await owner.request.post("/app/team", {
    form: { intent: "invite", workspaceId: workspaceId!, email, role: "editor" },
    maxRedirects: 0,
  });
  expect(invited.status(), "the invitation is sent").toBe(302);
  const invitation = (await mailTo(email, 2)).find((mail) => /\/invite\/\S+/.test(mail.text));
  const link = invitation?.text.match(/https?:\/\/\S+\/invite\/\S+/)?.[0];
  expect(link, "the invitation mail has its link").toBeTruthy();
  const accepted = await member.request.post(link!, { form: { intent: "accept" }, maxRedirects: 0 });
  expect(accepted.status(), "the invitation is accepted").toBe(302);
  await member.request.post("/app/notifications", { form: { intent: "mark-all-read" }, maxRedirects: 0 });
  return { email };
}
