import Box from "@mui/material/Box";
import Chip from "@mui/material/Chip";
import Container from "@mui/material/Container";
import Grid from "@mui/material/Grid";
import Paper from "@mui/material/Paper";
import Typography from "@mui/material/Typography";
import { Link, useNavigation } from "react-router";

import { content } from "~/.server/content";
import { handlePublicForm } from "~/.server/public-forms/actions";
import { submitContactMessageCommand } from "~/.server/public-forms/submissions";
import { ContactDetails } from "~/components/company/contact-details";
import { ContactForm, type ContactTopic } from "~/components/company/contact-form";
import { OfficeMap } from "~/components/company/office-map";
import { PageHero } from "~/components/site/page-hero";
import { SiteLayout } from "~/components/site/site-layout";
import { originFrom, pageMeta } from "~/utils/meta";
import { contactSchema } from "~/validation/public-forms";
import type { Route } from "./+types/contact";

const TOPICS: Record<
  ContactTopic,
  { label: string; eyebrow: string; title: string; subtitle: string; formTitle: string }
> = {
  general: {
    label: "General",
    eyebrow: "Contact",
    title: "Get in touch",
    subtitle:
      "A question about Plotline, feedback on a feature or an idea for working together: send us a message and a person on our team will answer.",
    formTitle: "Send us a message",
  },
  sales: {
    label: "Sales",
    eyebrow: "Sales",
    title: "Talk to sales",
    subtitle:
      "Comparing plans, rolling Plotline out to a larger team or sizing a self-hosted setup? Tell us about your team and we will help you find the right fit.",
    formTitle: "Tell us about your team",
  },
  support: {
    label: "Support",
    eyebrow: "Support",
    title: "Contact support",
    subtitle:
      "Stuck on something? Describe what happened and what you expected, and we will help you get moving again.",
    formTitle: "Describe the problem",
  },
  press: {
    label: "Press",
    eyebrow: "Press",
    title: "Press inquiries",
    subtitle: "Writing about Plotline, remote work or open-source software? Ask us for interviews, facts or images.",
    formTitle: "Send your inquiry",
  },
};

function topicFrom(request: Request): ContactTopic {
  const topic = new URL(request.url).searchParams.get("topic");
  return topic === "sales" || topic === "support" || topic === "press" ? topic : "general";
}

export const meta: Route.MetaFunction = ({ matches, loaderData }) =>
  pageMeta({
    title: loaderData?.topic === "sales" ? "Talk to Sales" : "Contact Us",
    description:
      "Send Plotline a message, or reach our support and sales teams by e-mail or phone. Headquarters in Dhaka, Bangladesh.",
    path: "/company/contact",
    origin: originFrom(matches),
  });

export function loader({ request }: Route.LoaderArgs) {
  const { email, sales, phone, address, hours, lat, lon } = content().site.company.contact;
  return { topic: topicFrom(request), contact: { email, sales, phone, address, hours, lat, lon } };
}

export function action(args: Route.ActionArgs) {
  return handlePublicForm(args, {
    form: "contact",
    schema: contactSchema,
    command: submitContactMessageCommand,
    redirectTo: "/company/contact",
    success: () => ({
      title: "Message Sent!",
      description: "Thanks for reaching out. We'll get back to you within 24-48 hours.",
      variant: "success",
    }),
  });
}

export default function ContactPage({ loaderData, actionData }: Route.ComponentProps) {
  const { topic, contact } = loaderData;
  const navigation = useNavigation();
  const copy = TOPICS[topic];
  return (
    <SiteLayout>
      <PageHero eyebrow={copy.eyebrow} title={copy.title} subtitle={copy.subtitle}>
        <Box
          component="nav"
          aria-label="Contact topics"
          sx={{ mt: 3, display: "flex", flexWrap: "wrap", gap: 1, justifyContent: "center" }}
        >
          {(Object.keys(TOPICS) as ContactTopic[]).map((key) => (
            <Chip
              key={key}
              component={Link}
              to={key === "general" ? "/company/contact" : `/company/contact?topic=${key}`}
              preventScrollReset
              clickable
              label={TOPICS[key].label}
              color={key === topic ? "primary" : "default"}
              variant={key === topic ? "filled" : "outlined"}
              aria-current={key === topic ? "page" : undefined}
            />
          ))}
        </Box>
      </PageHero>

      <Container sx={{ py: { xs: 5, md: 8 } }}>
        <Grid container spacing={{ xs: 4, md: 5 }}>
          <Grid size={{ xs: 12, md: 7 }}>
            <Paper
              component="section"
              aria-labelledby="contact-form-title"
              variant="outlined"
              sx={{ p: { xs: 2.5, sm: 4 } }}
            >
              <Typography id="contact-form-title" component="h2" variant="h4" sx={{ mb: 1 }}>
                {copy.formTitle}
              </Typography>
              <Typography color="textSecondary" sx={{ mb: 3 }}>
                Fill in the form and we will answer by e-mail.
              </Typography>
              <ContactForm
                topic={topic}
                lastResult={actionData?.lastResult}
                pending={navigation.state === "submitting"}
              />
            </Paper>
          </Grid>
          <Grid size={{ xs: 12, md: 5 }}>
            <Box component="section" aria-labelledby="contact-info-title" sx={{ mb: 5 }}>
              <Typography id="contact-info-title" component="h2" variant="h4" sx={{ mb: 3 }}>
                Contact information
              </Typography>
              <ContactDetails info={contact} />
            </Box>
            <Box component="section" aria-labelledby="contact-map-title">
              <Typography id="contact-map-title" component="h2" variant="h5" sx={{ mb: 2 }}>
                Our headquarters
              </Typography>
              <OfficeMap lat={contact.lat} lon={contact.lon} place={contact.address} />
            </Box>
          </Grid>
        </Grid>
      </Container>
    </SiteLayout>
  );
}
