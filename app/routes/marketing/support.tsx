import Container from "@mui/material/Container";
import Grid from "@mui/material/Grid";
import Link from "@mui/material/Link";
import Paper from "@mui/material/Paper";
import Typography from "@mui/material/Typography";
import { useNavigation } from "react-router";

import { content } from "~/.server/content";
import { handlePublicForm } from "~/.server/public-forms/actions";
import { submitSupportRequestCommand } from "~/.server/public-forms/submissions";
import { QuickLinks, type QuickLink } from "~/components/company/quick-links";
import { SupportForm } from "~/components/company/support-form";
import {
  BugReportOutlined,
  ForumOutlined,
  MapOutlined,
  MenuBookOutlined,
  NewReleasesOutlined,
} from "~/components/icons/material";
import { Faq } from "~/components/site/faq";
import { PageHero } from "~/components/site/page-hero";
import { SiteLayout } from "~/components/site/site-layout";
import { originFrom, pageMeta } from "~/utils/meta";
import { supportSchema } from "~/validation/public-forms";
import type { Route } from "./+types/support";

const SUPPORT_EMAIL = "support@plotline.app";

const QUICK_LINKS: QuickLink[] = [
  {
    title: "Documentation",
    description: "Set-up steps, features and settings, explained section by section.",
    icon: <MenuBookOutlined />,
    href: "/resources/documentation",
  },
  {
    title: "Community forum",
    description: "A place to trade tips and workflows with other Plotline teams.",
    icon: <ForumOutlined />,
  },
  {
    title: "Roadmap",
    description: "What we are working on now, and what comes next.",
    icon: <MapOutlined />,
  },
  {
    title: "Changelog",
    description: "Every release and what changed in it, on our blog.",
    icon: <NewReleasesOutlined />,
    href: "/resources/blog?tag=Changelog",
  },
  {
    title: "Report a bug",
    description: "Something broken? Tell us by e-mail with the steps to reproduce it.",
    icon: <BugReportOutlined />,
    href: `mailto:${SUPPORT_EMAIL}?subject=${encodeURIComponent("Bug report")}`,
  },
];

export const meta: Route.MetaFunction = ({ matches }) =>
  pageMeta({
    title: "Support",
    description:
      "Answers to common questions about Plotline, quick links to the documentation and changelog, and a form to reach our support team.",
    path: "/resources/support",
    origin: originFrom(matches),
  });

export function loader() {
  return { faq: content().site.faq.support };
}

export function action(args: Route.ActionArgs) {
  return handlePublicForm(args, {
    form: "support",
    schema: supportSchema,
    command: submitSupportRequestCommand,
    redirectTo: "/resources/support",
    success: () => ({
      title: "Message Sent!",
      description: "Thanks for reaching out. We'll get back to you within 24-48 hours.",
      variant: "success",
    }),
  });
}

export default function SupportPage({ loaderData, actionData }: Route.ComponentProps) {
  const navigation = useNavigation();
  return (
    <SiteLayout>
      <PageHero
        eyebrow="Support"
        title="How can we help?"
        subtitle="Find a quick answer below, browse the documentation, or send us a message. We reply within 24-48 hours."
      />

      <Container component="section" aria-labelledby="quick-links-title" sx={{ pt: { xs: 5, md: 8 } }}>
        <Typography id="quick-links-title" component="h2" variant="h4" sx={{ mb: 3 }}>
          Quick links
        </Typography>
        <QuickLinks links={QUICK_LINKS} />
      </Container>

      <Container sx={{ py: { xs: 5, md: 8 } }}>
        <Grid container spacing={{ xs: 5, md: 5 }}>
          <Grid size={{ xs: 12, md: 6 }} component="section" aria-labelledby="faq-title">
            <Typography id="faq-title" component="h2" variant="h4" sx={{ mb: 1 }}>
              Frequently asked questions
            </Typography>
            <Typography color="textSecondary" sx={{ mb: 3 }}>
              The questions we hear most often. Choose one to see the answer.
            </Typography>
            <Faq items={loaderData.faq} name="support-faq" />
          </Grid>
          <Grid size={{ xs: 12, md: 6 }}>
            <Paper
              component="section"
              aria-labelledby="support-form-title"
              variant="outlined"
              sx={{ p: { xs: 2.5, sm: 4 } }}
            >
              <Typography id="support-form-title" component="h2" variant="h4" sx={{ mb: 1 }}>
                Contact support
              </Typography>
              <Typography color="textSecondary" sx={{ mb: 3 }}>
                Still stuck? Tell us what happened and we will get back to you by e-mail. You can also write to{" "}
                <Link href={`mailto:${SUPPORT_EMAIL}`}>{SUPPORT_EMAIL}</Link>.
              </Typography>
              <SupportForm lastResult={actionData?.lastResult} pending={navigation.state === "submitting"} />
            </Paper>
          </Grid>
        </Grid>
      </Container>
    </SiteLayout>
  );
}
