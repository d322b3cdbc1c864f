import Container from "@mui/material/Container";
import Paper from "@mui/material/Paper";
import Typography from "@mui/material/Typography";
import { redirect } from "react-router";

import { handlePublicForm } from "~/.server/public-forms/actions";
import { subscribeToNewsletterCommand } from "~/.server/public-forms/newsletter";
import { NewsletterForm } from "~/components/site/newsletter-form";
import { SiteLayout } from "~/components/site/site-layout";
import { originFrom, pageMeta } from "~/utils/meta";
import { safeRedirectPath } from "~/utils/safe-redirect";
import { newsletterSchema } from "~/validation/public-forms";
import type { Route } from "./+types/newsletter";

export const meta: Route.MetaFunction = ({ matches }) =>
  pageMeta({
    title: "Newsletter",
    description: "Product news, guides and the changelog from Plotline, about once a month.",
    path: "/newsletter",
    origin: originFrom(matches),
  });

export async function action(args: Route.ActionArgs) {
  // The spec ignores an empty submission: back where it came from, no message.
  const form = await args.request.clone().formData();
  if (String(form.get("email") ?? "").trim() === "") {
    return redirect(safeRedirectPath(form.get("redirectTo"), "/newsletter"), 303);
  }
  return handlePublicForm(args, {
    form: "newsletter",
    schema: newsletterSchema,
    command: subscribeToNewsletterCommand,
    redirectTo: "/resources/blog",
    success: (value) => ({
      title: "Check your inbox",
      description: `We sent a confirmation link to ${value.email}. Open it to finish subscribing.`,
      variant: "info",
    }),
  });
}

export default function NewsletterPage({ actionData }: Route.ComponentProps) {
  return (
    <SiteLayout>
      <Container maxWidth="sm" sx={{ py: { xs: 6, md: 10 } }}>
        <Typography component="h1" variant="h2" sx={{ mb: 1 }}>
          The Plotline newsletter
        </Typography>
        <Typography color="textSecondary" sx={{ mb: 4 }}>
          Product news, guides and the changelog, about once a month. We will send a confirmation link first.
        </Typography>
        <Paper variant="outlined" sx={{ p: { xs: 2, sm: 4 } }}>
          <NewsletterForm lastResult={actionData?.lastResult} id="newsletter-page" />
        </Paper>
      </Container>
    </SiteLayout>
  );
}
