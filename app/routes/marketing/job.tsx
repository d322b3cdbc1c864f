import Box from "@mui/material/Box";
import Button from "@mui/material/Button";
import Card from "@mui/material/Card";
import CardContent from "@mui/material/CardContent";
import Container from "@mui/material/Container";
import Grid from "@mui/material/Grid";
import Link from "@mui/material/Link";
import Typography from "@mui/material/Typography";
import { Link as RouterLink } from "react-router";

import { findJob } from "~/.server/content";
import { JobFacts } from "~/components/company/job-facts";
import {
  ArrowBack,
  CheckCircleOutlineOutlined as CheckCircleOutline,
  EmailOutlined,
} from "~/components/icons/material";
import { MarkdownContent } from "~/components/site/markdown-content";
import { HYDRATE_ON_INTERACTION } from "~/components/document/document-scripts";
import { SiteLayout } from "~/components/site/site-layout";
import { notFound } from "~/utils/http";
import { originFrom, pageMeta } from "~/utils/meta";
import type { Route } from "./+types/job";

/** Whole without JavaScript: its scripts wait for the first interaction (decision 039). */
export const handle = HYDRATE_ON_INTERACTION;

const CAREERS_EMAIL = "careers@plotline.app";

export const meta: Route.MetaFunction = ({ matches, loaderData, params }) =>
  pageMeta({
    title: loaderData?.job.title ?? "Job Not Found",
    description: loaderData?.job.summary ?? "The job listing you're looking for doesn't exist or has been filled.",
    path: `/company/careers/${params.jobId}`,
    origin: originFrom(matches),
  });

export function loader({ params }: Route.LoaderArgs) {
  const job = findJob(params.jobId);
  if (!job) {
    throw notFound({
      title: "Job Not Found",
      message: "The job listing you're looking for doesn't exist or has been filled.",
      backTo: "/company/careers",
      backLabel: "Back to Careers",
    });
  }
  return { job };
}

function applyHref(title: string) {
  return `mailto:${CAREERS_EMAIL}?subject=${encodeURIComponent(`Application: ${title}`)}`;
}

export default function JobPage({ loaderData }: Route.ComponentProps) {
  const { job } = loaderData;
  const lists = [
    { id: "responsibilities", title: "Responsibilities", items: job.responsibilities },
    { id: "requirements", title: "Requirements", items: job.requirements },
    { id: "nice-to-have", title: "Nice to Have", items: job.niceToHaves },
  ].filter((list) => list.items.length > 0);

  return (
    <SiteLayout>
      <Box sx={{ borderBottom: 1, borderColor: "divider", bgcolor: "background.paper" }}>
        <Container sx={{ py: { xs: 4, md: 6 } }}>
          <Link
            component={RouterLink}
            to="/company/careers"
            underline="hover"
            sx={{ display: "inline-flex", alignItems: "center", gap: 0.5, fontWeight: 600, mb: 3 }}
          >
            <ArrowBack fontSize="small" aria-hidden />
            Back to Careers
          </Link>
          <Typography component="h1" variant="h1" sx={{ fontSize: { xs: "2rem", md: "2.75rem" }, mb: 2 }}>
            {job.title}
          </Typography>
          <JobFacts department={job.department} location={job.location} type={job.type} />
          <Typography variant="h6" component="p" color="textSecondary" sx={{ fontWeight: 400, maxWidth: 760, mt: 2.5 }}>
            {job.summary}
          </Typography>
        </Container>
      </Box>

      <Container sx={{ py: { xs: 5, md: 8 } }}>
        <Grid container spacing={{ xs: 5, md: 6 }}>
          <Grid size={{ xs: 12, md: 4 }} sx={{ order: { md: 2 } }}>
            <Card
              component="aside"
              aria-labelledby="apply-title"
              sx={{ position: { md: "sticky" }, top: { md: 88 }, bgcolor: "background.paper" }}
            >
              <CardContent sx={{ p: 3, "&:last-child": { pb: 3 } }}>
                <Typography id="apply-title" component="h2" variant="h5" sx={{ mb: 1 }}>
                  Interested in this role?
                </Typography>
                <Typography variant="body2" color="textSecondary" sx={{ mb: 2.5 }}>
                  Send a short note about something you built and are proud of, with your resume or a link to your work.
                  We reply to every application.
                </Typography>
                <Button
                  href={applyHref(job.title)}
                  variant="contained"
                  size="large"
                  fullWidth
                  startIcon={<EmailOutlined aria-hidden />}
                >
                  Apply by e-mail
                </Button>
                <Typography variant="body2" color="textSecondary" sx={{ mt: 2, overflowWrap: "anywhere" }}>
                  Or write to <Link href={`mailto:${CAREERS_EMAIL}`}>{CAREERS_EMAIL}</Link>.
                </Typography>
              </CardContent>
            </Card>
          </Grid>
          <Grid size={{ xs: 12, md: 8 }}>
            <Box sx={{ "& .markdown > :first-child": { mt: 0 } }}>
              <MarkdownContent html={job.html} copyButtons={false} />
            </Box>
            {lists.map((list) => (
              <Box component="section" key={list.id} aria-labelledby={`${list.id}-title`} sx={{ mt: 5 }}>
                <Typography
                  id={`${list.id}-title`}
                  component="h2"
                  sx={{ fontSize: "1.625rem", fontWeight: 700, mb: 2 }}
                >
                  {list.title}
                </Typography>
                <Box component="ul" sx={{ listStyle: "none", m: 0, p: 0, display: "grid", gap: 1.25 }}>
                  {list.items.map((item) => (
                    <Box component="li" key={item} sx={{ display: "flex", gap: 1.5, alignItems: "flex-start" }}>
                      <CheckCircleOutline aria-hidden sx={{ color: "primary.main", fontSize: 20, mt: "3px" }} />
                      <Typography sx={{ fontSize: "1.0625rem", lineHeight: 1.6 }}>{item}</Typography>
                    </Box>
                  ))}
                </Box>
              </Box>
            ))}
          </Grid>
        </Grid>
      </Container>
    </SiteLayout>
  );
}
