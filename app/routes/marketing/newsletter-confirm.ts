import { clientIpContext } from "~/.server/request-context";
import { execute } from "~/.server/commands/command";
import { visitorPrincipal } from "~/.server/commands/principal";
import { confirmNewsletterCommand } from "~/.server/public-forms/newsletter";
import { redirectWithToast } from "~/.server/toast";
import type { Route } from "./+types/newsletter-confirm";

/** The link in the confirmation mail: subscribes, then shows 'Subscribed!' on the blog. */
export async function loader({ request, context }: Route.LoaderArgs) {
  const token = new URL(request.url).searchParams.get("token") ?? "";
  const visitor = visitorPrincipal(context.get(clientIpContext));
  // The link in the mail is a GET by design (one click from the inbox): it runs its command.
  const email = token ? await execute(confirmNewsletterCommand, visitor, { token: token.slice(0, 200) }) : null;
  if (!email) {
    return redirectWithToast(
      "/newsletter",
      {
        title: "This link has expired",
        description: "Confirmation links work once, for 48 hours. Subscribe again to get a new one.",
        variant: "error",
      },
      request,
    );
  }
  return redirectWithToast(
    "/resources/blog",
    {
      title: "Subscribed!",
      description: `Thank you for subscribing, ${email}. Watch your inbox for our next issue.`,
      variant: "success",
    },
    request,
  );
}
