import Avatar from "@mui/material/Avatar";
import Box from "@mui/material/Box";
import Card from "@mui/material/Card";
import CardContent from "@mui/material/CardContent";
import Link from "@mui/material/Link";
import Typography from "@mui/material/Typography";
import { Link as RouterLink } from "react-router";

import { formatDate } from "./format";
import { stretchedLink } from "./stretched-link";
import { TagList } from "./tag-list";

export type PostSummary = {
  slug: string;
  title: string;
  summary: string;
  author: string;
  authorAvatar: string;
  publishDate: string;
  tags: string[];
  image: string;
};

/**
 * A blog post in the list: hero image, tags, title (the link), summary clamped to 3 lines,
 * author and date. The list's first card is its largest paint (LCP): `first` fetches its
 * image at once and ahead of the others, which wait until they are scrolled near.
 */
export function PostCard({ post, first = false }: { post: PostSummary; first?: boolean }) {
  return (
    <Card
      component="article"
      sx={{
        position: "relative",
        height: "100%",
        display: "flex",
        flexDirection: "column",
        transition: "border-color 150ms",
        "&:hover, &:focus-within": { borderColor: "primary.main" },
      }}
    >
      <Box
        component="img"
        src={post.image}
        alt=""
        width={1200}
        height={630}
        loading={first ? "eager" : "lazy"}
        fetchPriority={first ? "high" : undefined}
        sx={{
          display: "block",
          width: "100%",
          height: "auto",
          aspectRatio: "1200 / 630",
          objectFit: "cover",
          borderBottom: 1,
          borderColor: "divider",
        }}
      />
      <CardContent sx={{ flexGrow: 1, display: "flex", flexDirection: "column", gap: 1.5, p: 3 }}>
        <Typography component="h2" variant="h5" sx={{ lineHeight: 1.35 }}>
          <Link
            component={RouterLink}
            to={`/resources/blog/${post.slug}`}
            color="textPrimary"
            underline="hover"
            sx={stretchedLink}
          >
            {post.title}
          </Link>
        </Typography>
        <Typography
          color="textSecondary"
          sx={{
            display: "-webkit-box",
            WebkitBoxOrient: "vertical",
            WebkitLineClamp: 3,
            lineClamp: 3,
            overflow: "hidden",
          }}
        >
          {post.summary}
        </Typography>
        <TagList tags={post.tags} />
        <Box sx={{ mt: "auto", pt: 1, display: "flex", alignItems: "center", gap: 1.5 }}>
          <Avatar src={post.authorAvatar} alt="" sx={{ width: 36, height: 36 }} />
          <Box sx={{ minWidth: 0 }}>
            <Typography variant="body2" sx={{ fontWeight: 600 }}>
              {post.author}
            </Typography>
            <Typography variant="body2" color="textSecondary">
              <time dateTime={post.publishDate}>{formatDate(post.publishDate)}</time>
            </Typography>
          </Box>
        </Box>
      </CardContent>
    </Card>
  );
}
