import Button from "@mui/material/Button";
import Container from "@mui/material/Container";
import Typography from "@mui/material/Typography";
import { data, Form } from "react-router";

import { execute } from "~/.server/commands/command";
import { visitorPrincipal } from "~/.server/commands/principal";
import { unsubscribeFromNewsletterCommand } from "~/.server/public-forms/newsletter";
import { clientIpContext } from "~/.server/request-context";
import { redirectWithToast } from "~/.server/toast";
import { SiteLayout } from "~/components/site/site-layout";
import type { Route } from "./+types/newsletter-unsubscribe";

export const meta: Route.MetaFunction = () => [
  { title: "Unsubscribe · Plotline" },
  { name: "robots", content: "noindex" },
];

/**
 * The link in every newsletter shows a button rather than unsubscribing on GET, so mail
 * scanners that open links cannot unsubscribe anyone.
 */
export function loader({ request }: Route.LoaderArgs) {
  const url = new URL(request.url);
  return { id: url.searchParams.get("id") ?? "", signature: url.searchParams.get("signature") ?? "" };
}

export async function action({ request, context }: Route.ActionArgs) {
  const form = await request.formData();
  const done = await execute(unsubscribeFromNewsletterCommand, visitorPrincipal(context.get(clientIpContext)), {
    subscriberId: String(form.get("id") ?? "").slice(0, 100),
    signature: String(form.get("signature") ?? "").slice(0, 200),
  });
  if (!done) return data({ error: "This unsubscribe link is not valid." }, { status: 400 });
  return redirectWithToast(
    "/resources/blog",
    { title: "Unsubscribed", description: "You will not receive the newsletter any more.", variant: "info" },
    request,
  );
}

export default function Unsubscribe({ loaderData, actionData }: Route.ComponentProps) {
  return (
    <SiteLayout>
      <Container maxWidth="sm" sx={{ py: { xs: 6, md: 10 } }}>
        <Typography component="h1" variant="h2" sx={{ mb: 2 }}>
          Unsubscribe
        </Typography>
        <Typography color="textSecondary" sx={{ mb: 3 }}>
          Stop receiving the Plotline newsletter at this address.
        </Typography>
        {actionData?.error ? (
          <Typography role="alert" color="error" sx={{ mb: 2 }}>
            {actionData.error}
          </Typography>
        ) : null}
        <Form method="post">
          <input type="hidden" name="id" value={loaderData.id} />
          <input type="hidden" name="signature" value={loaderData.signature} />
          <Button type="submit" variant="contained">
            Unsubscribe
          </Button>
        </Form>
      </Container>
    </SiteLayout>
  );
}
