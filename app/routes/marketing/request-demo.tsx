import Container from "@mui/material/Container";
import Paper from "@mui/material/Paper";
import Typography from "@mui/material/Typography";
import { useNavigation } from "react-router";

import { requestDemoCommand } from "~/.server/public-forms/submissions";
import { handlePublicForm } from "~/.server/public-forms/actions";
import { DemoRequestForm } from "~/components/site/demo-request-form";
import { SiteLayout } from "~/components/site/site-layout";
import { originFrom, pageMeta } from "~/utils/meta";
import { demoRequestSchema } from "~/validation/public-forms";
import type { Route } from "./+types/request-demo";

export const meta: Route.MetaFunction = ({ matches }) =>
  pageMeta({
    title: "Request a Demo",
    description: "Book a personal walkthrough of Plotline for your team.",
    path: "/request-demo",
    origin: originFrom(matches),
  });

export function action(args: Route.ActionArgs) {
  return handlePublicForm(args, {
    form: "demo",
    schema: demoRequestSchema,
    command: requestDemoCommand,
    redirectTo: "/",
    success: () => ({
      title: "Demo request received!",
      description: "Our team will contact you shortly to schedule your personalized demo.",
      variant: "success",
      duration: 5000,
    }),
  });
}

export default function RequestDemoPage({ actionData }: Route.ComponentProps) {
  const navigation = useNavigation();
  return (
    <SiteLayout>
      <Container maxWidth="sm" sx={{ py: { xs: 6, md: 10 } }}>
        <Typography component="h1" variant="h2" sx={{ mb: 1 }}>
          Request a demo
        </Typography>
        <Typography color="textSecondary" sx={{ mb: 4 }}>
          Tell us about your team and we will set up a personal walkthrough of Plotline.
        </Typography>
        <Paper variant="outlined" sx={{ p: { xs: 2, sm: 4 } }}>
          <DemoRequestForm lastResult={actionData?.lastResult} pending={navigation.state === "submitting"} />
        </Paper>
      </Container>
    </SiteLayout>
  );
}
