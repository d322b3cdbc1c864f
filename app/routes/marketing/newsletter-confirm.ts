import { clientIpContext } from "~/.server/request-context";
import { confirmNewsletter } from "~/.server/public-forms/newsletter";
import { redirectWithToast } from "~/.server/toast";
import type { Route } from "./+types/newsletter-confirm";

/** The link in the confirmation mail: subscribes, then shows 'Subscribed!' on the blog. */
export async function loader({ request, context }: Route.LoaderArgs) {
  const token = new URL(request.url).searchParams.get("token") ?? "";
  const email = token ? await confirmNewsletter({ userId: null, ip: context.get(clientIpContext) }, token) : null;
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
