import Box from "@mui/material/Box";
import Typography from "@mui/material/Typography";

export type TimelineItem = { date: string; title: string; description: string };

/** Milestones, oldest first, as an ordered list along a vertical line. */
export function Timeline({ items }: { items: TimelineItem[] }) {
  return (
    <Box component="ol" sx={{ listStyle: "none", m: 0, p: 0, maxWidth: 760 }}>
      {items.map((item, index) => (
        <Box
          component="li"
          key={`${item.date}-${item.title}`}
          sx={{
            position: "relative",
            pl: { xs: 4, sm: 5 },
            pb: index === items.length - 1 ? 0 : 4,
            // The line joining the dots, stopping at the last one.
            "&::before":
              index === items.length - 1
                ? undefined
                : { content: '""', position: "absolute", left: 7, top: 20, bottom: -4, width: 2, bgcolor: "divider" },
          }}
        >
          <Box
            aria-hidden
            sx={{
              position: "absolute",
              left: 0,
              top: 4,
              width: 16,
              height: 16,
              borderRadius: "50%",
              border: 3,
              borderColor: "primary.main",
              bgcolor: "background.paper",
            }}
          />
          <Typography variant="body2" color="primary" sx={{ fontWeight: 700 }}>
            {item.date}
          </Typography>
          <Typography component="h3" variant="h5" sx={{ mt: 0.25, mb: 0.75 }}>
            {item.title}
          </Typography>
          <Typography color="textSecondary">{item.description}</Typography>
        </Box>
      ))}
    </Box>
  );
}
