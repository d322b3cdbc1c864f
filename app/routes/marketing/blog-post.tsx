import Avatar from "@mui/material/Avatar";
import Box from "@mui/material/Box";
import Divider from "@mui/material/Divider";
import Typography from "@mui/material/Typography";

import { findPost } from "~/.server/content";
import { ArticleColumn, BackLink } from "~/components/resources/article-layout";
import { formatDate } from "~/components/resources/format";
import { TagList } from "~/components/resources/tag-list";
import { MarkdownContent } from "~/components/site/markdown-content";
import { HYDRATE_ON_INTERACTION } from "~/components/document/document-scripts";
import { SiteLayout } from "~/components/site/site-layout";
import { notFound } from "~/utils/http";
import { originFrom, pageMeta } from "~/utils/meta";
import type { Route } from "./+types/blog-post";

/** Whole without JavaScript: its scripts wait for the first interaction (decision 039). */
export const handle = HYDRATE_ON_INTERACTION;

export const meta: Route.MetaFunction = ({ loaderData, matches }) => {
  // A 404 renders the root error boundary, which does not use this route's meta.
  if (!loaderData) return [];
  const { post } = loaderData;
  return [
    ...pageMeta({
      title: post.title,
      description: post.summary,
      path: `/resources/blog/${post.slug}`,
      type: "article",
      image: post.image,
      origin: originFrom(matches),
    }),
    { property: "article:published_time", content: post.publishDate },
    { property: "article:author", content: post.author },
    ...post.tags.map((tag) => ({ property: "article:tag", content: tag })),
  ];
};

export const links: Route.LinksFunction = () => [
  { rel: "alternate", type: "application/rss+xml", title: "Plotline Blog", href: "/resources/blog/rss.xml" },
];

export function loader({ params }: Route.LoaderArgs) {
  const post = findPost(params.postSlug);
  if (!post) {
    throw notFound({
      title: "Post Not Found",
      message: "The blog post you're looking for doesn't exist or has been moved.",
      backTo: "/resources/blog",
      backLabel: "Back to Blog",
    });
  }
  return { post };
}

export default function BlogPostPage({ loaderData }: Route.ComponentProps) {
  const { post } = loaderData;
  return (
    <SiteLayout>
      <ArticleColumn>
        <BackLink to="/resources/blog">Back to Blog</BackLink>
        <Box sx={{ mt: 4, mb: 2 }}>
          <TagList tags={post.tags} linkTo={(tag) => `/resources/blog?tag=${encodeURIComponent(tag)}`} />
        </Box>
        <Typography component="h1" variant="h1" sx={{ fontSize: { xs: "2rem", md: "2.625rem" }, mb: 2 }}>
          {post.title}
        </Typography>
        <Typography component="p" variant="h6" color="textSecondary" sx={{ fontWeight: 400, mb: 3 }}>
          {post.summary}
        </Typography>
        <Box sx={{ display: "flex", alignItems: "center", gap: 1.5, mb: 4 }}>
          <Avatar src={post.authorAvatar} alt="" sx={{ width: 48, height: 48 }} />
          <Box sx={{ minWidth: 0 }}>
            <Typography sx={{ fontWeight: 600 }}>{post.author}</Typography>
            <Typography variant="body2" color="textSecondary">
              {post.authorRole} · <time dateTime={post.publishDate}>{formatDate(post.publishDate)}</time>
            </Typography>
          </Box>
        </Box>
        <Box
          component="img"
          src={post.image}
          alt=""
          width={1200}
          height={630}
          sx={{
            display: "block",
            width: "100%",
            height: "auto",
            aspectRatio: "1200 / 630",
            borderRadius: 3,
            border: 1,
            borderColor: "divider",
            mb: { xs: 4, md: 5 },
          }}
        />
        <MarkdownContent html={post.html} />
        <Divider sx={{ my: 5 }} />
        <BackLink to="/resources/blog">Back to Blog</BackLink>
      </ArticleColumn>
    </SiteLayout>
  );
}
