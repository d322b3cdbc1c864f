import Box from "@mui/material/Box";
import Card from "@mui/material/Card";
import CardContent from "@mui/material/CardContent";
import Link from "@mui/material/Link";
import Typography from "@mui/material/Typography";
import { Link as RouterLink } from "react-router";

import { stretchedLink } from "./stretched-link";
import { TagList } from "./tag-list";

import { MenuBookOutlined as MenuBookOutlinedIcon, Schedule as ScheduleIcon } from "~/components/icons/material";

export type GuideSummary = {
  slug: string;
  title: string;
  description: string;
  tags: string[];
  readingMinutes: number;
};

/** A guide in the list: title (the link), description, tags and reading time. */
export function GuideCard({ guide }: { guide: GuideSummary }) {
  return (
    <Card
      component="article"
      sx={{
        position: "relative",
        height: "100%",
        transition: "border-color 150ms",
        "&:hover, &:focus-within": { borderColor: "primary.main" },
      }}
    >
      <CardContent sx={{ p: 3, height: "100%", display: "flex", flexDirection: "column", gap: 1.5 }}>
        <Box
          aria-hidden
          sx={{
            width: 40,
            height: 40,
            borderRadius: 2,
            display: "grid",
            placeItems: "center",
            bgcolor: "action.hover",
            color: "primary.main",
          }}
        >
          <MenuBookOutlinedIcon fontSize="small" />
        </Box>
        <Typography component="h2" variant="h5" sx={{ lineHeight: 1.35 }}>
          <Link
            component={RouterLink}
            to={`/resources/guides/${guide.slug}`}
            color="textPrimary"
            underline="hover"
            sx={stretchedLink}
          >
            {guide.title}
          </Link>
        </Typography>
        <Typography color="textSecondary">{guide.description}</Typography>
        <Box
          sx={{
            mt: "auto",
            pt: 1,
            display: "flex",
            flexWrap: "wrap",
            alignItems: "center",
            justifyContent: "space-between",
            gap: 1.5,
          }}
        >
          <TagList tags={guide.tags} />
          <ReadingTime minutes={guide.readingMinutes} />
        </Box>
      </CardContent>
    </Card>
  );
}

export function ReadingTime({ minutes }: { minutes: number }) {
  return (
    <Typography variant="body2" color="textSecondary" sx={{ display: "inline-flex", alignItems: "center", gap: 0.5 }}>
      <ScheduleIcon aria-hidden sx={{ fontSize: 16 }} />
      {minutes} min read
    </Typography>
  );
}
