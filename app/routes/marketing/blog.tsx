import Box from "@mui/material/Box";
import Button from "@mui/material/Button";
import Chip from "@mui/material/Chip";
import Container from "@mui/material/Container";
import Grid from "@mui/material/Grid";
import Link from "@mui/material/Link";
import TextField from "@mui/material/TextField";
import Typography from "@mui/material/Typography";
import { useState } from "react";
import { Form, Link as RouterLink } from "react-router";

import { content } from "~/.server/content";
import { RssFeed as RssFeedIcon, Search as SearchIcon } from "~/components/icons/material";
import { readQuery } from "~/components/resources/docs-filter";
import { PostCard } from "~/components/resources/post-card";
import { NewsletterForm } from "~/components/site/newsletter-form";
import { PageHero } from "~/components/site/page-hero";
import { HYDRATE_ON_INTERACTION } from "~/components/document/document-scripts";
import { SiteLayout } from "~/components/site/site-layout";
import { originFrom, pageMeta } from "~/utils/meta";
import type { Route } from "./+types/blog";

/** Whole without JavaScript: its scripts wait for the first interaction (decision 039). */
export const handle = HYDRATE_ON_INTERACTION;

const BLOG_PATH = "/resources/blog";
const RSS_PATH = "/resources/blog/rss.xml";

export const meta: Route.MetaFunction = ({ matches }) =>
  pageMeta({
    title: "Blog",
    description: "Product news, the changelog and what the Plotline team learns about planning work together.",
    path: BLOG_PATH,
    origin: originFrom(matches),
  });

export const links: Route.LinksFunction = () => [
  { rel: "alternate", type: "application/rss+xml", title: "Plotline Blog", href: RSS_PATH },
];

export function loader({ request }: Route.LoaderArgs) {
  const params = new URL(request.url).searchParams;
  const q = readQuery(params.get("q"));
  const tagParam = readQuery(params.get("tag"));
  const all = content().posts.map((post) => ({
    slug: post.slug,
    title: post.title,
    summary: post.summary,
    author: post.author,
    authorAvatar: post.authorAvatar,
    publishDate: post.publishDate,
    tags: post.tags,
    image: post.image,
  }));
  const tags = [...new Set(all.flatMap((post) => post.tags))].sort((a, b) => a.localeCompare(b, "en"));
  const sameTag = (a: string, b: string) => a.toLocaleLowerCase("en") === b.toLocaleLowerCase("en");
  // A tag the posts do not use stays as asked, and simply matches nothing.
  const tag = tagParam ? (tags.find((known) => sameTag(known, tagParam)) ?? tagParam) : null;
  const needle = q.toLocaleLowerCase("en");
  const posts = all.filter(
    (post) =>
      (!tag || post.tags.some((postTag) => sameTag(postTag, tag))) &&
      (!needle ||
        [post.title, post.summary, ...post.tags].some((text) => text.toLocaleLowerCase("en").includes(needle))),
  );
  return { q, tag, tags, posts };
}

/** The list's URL with this search and tag (null: All Posts). */
function listTarget(q: string, tag: string | null) {
  const params = new URLSearchParams();
  if (q) params.set("q", q);
  if (tag) params.set("tag", tag);
  const search = params.toString();
  return { pathname: BLOG_PATH, search: search ? `?${search}` : "" };
}

export default function BlogPage({ loaderData }: Route.ComponentProps) {
  const { q, tag, tags, posts } = loaderData;
  const [query, setQuery] = useState(q);
  const [urlQuery, setUrlQuery] = useState(q);
  if (q !== urlQuery) {
    setUrlQuery(q);
    setQuery(q);
  }

  return (
    <SiteLayout>
      <PageHero
        eyebrow="Resources"
        title="Blog"
        subtitle="Product news, the changelog and what we learn while building Plotline."
      >
        <Button href={RSS_PATH} startIcon={<RssFeedIcon aria-hidden />} sx={{ mt: 2 }}>
          RSS
        </Button>
      </PageHero>

      <Container sx={{ py: { xs: 4, md: 6 } }}>
        <Box
          sx={{
            display: "flex",
            flexDirection: { xs: "column", md: "row" },
            alignItems: { md: "center" },
            justifyContent: "space-between",
            gap: 2,
            mb: 4,
          }}
        >
          <Box component="nav" aria-label="Filter posts by tag" sx={{ order: { xs: 2, md: 1 }, minWidth: 0 }}>
            <Box component="ul" sx={{ listStyle: "none", m: 0, p: 0, display: "flex", flexWrap: "wrap", gap: 1 }}>
              {[null, ...tags].map((name) => {
                const active = name === tag;
                return (
                  <li key={name ?? "all"}>
                    <Chip
                      component={RouterLink}
                      to={listTarget(q, name)}
                      preventScrollReset
                      clickable
                      label={name ?? "All Posts"}
                      color={active ? "primary" : "default"}
                      variant={active ? "filled" : "outlined"}
                      aria-current={active ? "page" : undefined}
                      sx={active ? undefined : { color: "text.primary" }}
                    />
                  </li>
                );
              })}
            </Box>
          </Box>
          <Box
            component={Form}
            method="get"
            role="search"
            preventScrollReset
            sx={{ order: { xs: 1, md: 2 }, width: { xs: "100%", md: 340 }, flexShrink: 0, display: "flex", gap: 1 }}
          >
            {tag ? <input type="hidden" name="tag" value={tag} /> : null}
            <TextField
              id="blog-search"
              name="q"
              type="search"
              size="small"
              label="Search posts"
              value={query}
              onChange={(event) => setQuery(event.target.value)}
              slotProps={{ htmlInput: { maxLength: 100 } }}
            />
            <Button type="submit" variant="outlined" startIcon={<SearchIcon aria-hidden />} sx={{ flexShrink: 0 }}>
              Search
            </Button>
          </Box>
        </Box>

        {posts.length === 0 ? (
          <Box
            role="status"
            sx={{
              border: 1,
              borderColor: "divider",
              borderRadius: 3,
              bgcolor: "background.paper",
              p: { xs: 4, md: 6 },
              textAlign: "center",
            }}
          >
            <Typography sx={{ fontWeight: 600, mb: 1 }}>No posts found matching your criteria</Typography>
            <Typography color="textSecondary">
              Try another word or tag, or{" "}
              <Link component={RouterLink} to={BLOG_PATH}>
                see all posts
              </Link>
              .
            </Typography>
          </Box>
        ) : (
          <Grid container spacing={3}>
            {posts.map((post, index) => (
              <Grid key={post.slug} size={{ xs: 12, md: 6 }}>
                <PostCard post={post} first={index === 0} />
              </Grid>
            ))}
          </Grid>
        )}

        <Box
          component="section"
          aria-labelledby="newsletter-heading"
          sx={{
            mt: { xs: 6, md: 8 },
            p: { xs: 3, md: 5 },
            border: 1,
            borderColor: "divider",
            borderRadius: 3,
            bgcolor: "background.paper",
            display: "grid",
            gridTemplateColumns: { xs: "minmax(0, 1fr)", md: "minmax(0, 1fr) minmax(0, 1fr)" },
            gap: 3,
            alignItems: "center",
          }}
        >
          <Box>
            <Typography id="newsletter-heading" component="h2" variant="h4" sx={{ mb: 1 }}>
              Subscribe to our newsletter
            </Typography>
            <Typography color="textSecondary">
              New posts, guides and the changelog in your inbox, about once a month. We send a confirmation link first,
              and you can unsubscribe at any time.
            </Typography>
          </Box>
          <NewsletterForm />
        </Box>
      </Container>
    </SiteLayout>
  );
}
