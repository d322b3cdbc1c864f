import Box from "@mui/material/Box";
import Card from "@mui/material/Card";
import CardContent from "@mui/material/CardContent";
import Container from "@mui/material/Container";
import Typography from "@mui/material/Typography";
import type { ComponentType, ReactNode } from "react";

/**
 * A titled band of a company page: an h2 (with an optional eyebrow and intro) that names
 * the <section> for assistive technology, then the content.
 */
export function Section({
  id,
  eyebrow,
  title,
  intro,
  tinted = false,
  split = false,
  children,
}: {
  id: string;
  eyebrow?: string;
  title: string;
  intro?: string;
  tinted?: boolean;
  /** Heading beside the content on wide screens, instead of above it. */
  split?: boolean;
  children: ReactNode;
}) {
  const headingId = `${id}-title`;
  const header = (
    <Box sx={{ maxWidth: 720, mb: split ? { xs: 4, md: 0 } : { xs: 4, md: 5 } }}>
      {eyebrow ? (
        <Typography
          variant="overline"
          component="p"
          color="primary"
          sx={{ fontWeight: 700, letterSpacing: "0.08em", lineHeight: 2 }}
        >
          {eyebrow}
        </Typography>
      ) : null}
      <Typography id={headingId} component="h2" variant="h2" sx={{ fontSize: { xs: "1.75rem", md: "2.125rem" } }}>
        {title}
      </Typography>
      {intro ? (
        <Typography color="textSecondary" sx={{ mt: 1.5, fontSize: "1.0625rem" }}>
          {intro}
        </Typography>
      ) : null}
    </Box>
  );
  return (
    <Box
      component="section"
      id={id}
      aria-labelledby={headingId}
      sx={{
        py: { xs: 6, md: 9 },
        ...(tinted ? { bgcolor: "background.paper", borderBlock: 1, borderColor: "divider" } : {}),
      }}
    >
      <Container>
        {split ? (
          <Box
            sx={{
              display: "grid",
              gridTemplateColumns: { xs: "minmax(0, 1fr)", md: "minmax(0, 5fr) minmax(0, 7fr)" },
              gap: { md: 8 },
            }}
          >
            <Box>
              <Box sx={{ position: { md: "sticky" }, top: { md: 96 } }}>{header}</Box>
            </Box>
            <Box sx={{ minWidth: 0 }}>{children}</Box>
          </Box>
        ) : (
          <>
            {header}
            {children}
          </>
        )}
      </Container>
    </Box>
  );
}

/** A rounded square holding an icon, in the primary colour on a faint tint of it. */
export function IconBadge({ children, size = 44 }: { children: ReactNode; size?: number }) {
  return (
    <Box
      component="span"
      aria-hidden
      sx={{
        width: size,
        height: size,
        flexShrink: 0,
        borderRadius: 2.5,
        display: "grid",
        placeItems: "center",
        color: "primary.main",
        bgcolor: "rgba(var(--mui-palette-primary-mainChannel) / 0.12)",
        "& svg": { fontSize: size * 0.55 },
      }}
    >
      {children}
    </Box>
  );
}

/** A list-item card: an icon badge, a title (h3) and a short description. */
export function IconCard({
  icon: Icon,
  title,
  description,
}: {
  icon: ComponentType;
  title: string;
  description: string;
}) {
  return (
    <Card component="li" sx={{ height: "100%" }}>
      <CardContent sx={{ p: 3 }}>
        <IconBadge>
          <Icon />
        </IconBadge>
        <Typography component="h3" variant="h5" sx={{ mt: 2, mb: 1 }}>
          {title}
        </Typography>
        <Typography variant="body2" color="textSecondary">
          {description}
        </Typography>
      </CardContent>
    </Card>
  );
}
