import type { Theme } from "@mui/material/styles";

import { WEEKDAYS } from "~/utils/calendar-month";

/**
 * What the two month grids (a project's Calendar view and the team calendar) share: the
 * table, its Sun–Sat header, the day cells with the days of the months around shaded and
 * today outlined, and the date badge (`.pl-cal-date`) linking to the day. Each grid's own
 * styled root spreads these rules and adds its items' (decision 009: styled once, plain
 * elements inside).
 */
export function monthGridStyles(theme: Theme, size: { cellHeight: number; minWidth: number }) {
  const { palette } = theme.vars;
  return {
    "& table": { width: "100%", minWidth: size.minWidth, tableLayout: "fixed", borderCollapse: "collapse" },
    "& th": { padding: "4px 0", fontSize: 12, fontWeight: 600, color: palette.text.secondary },
    "& td": {
      height: size.cellHeight,
      padding: 4,
      verticalAlign: "top",
      border: `1px solid ${palette.divider}`,
      background: palette.background.paper,
    },
    "& td[data-outside]": { background: palette.action.hover },
    "& td[data-outside] .pl-cal-date": { color: palette.text.secondary, fontWeight: 400 },
    "& td[aria-current=date]": { boxShadow: `inset 0 0 0 2px ${palette.primary.main}` },
    "& td[aria-current=date] .pl-cal-date": { background: palette.primary.main, color: palette.primary.contrastText },
    "& .pl-cal-date": {
      display: "inline-block",
      minWidth: 24,
      padding: "0 4px",
      borderRadius: 12,
      fontSize: 12,
      fontWeight: 600,
      textAlign: "center",
      color: palette.text.primary,
      textDecoration: "none",
      "&:hover": { textDecoration: "underline" },
    },
    "& ul": { listStyle: "none", margin: 0, padding: 0, display: "grid", gap: 2 },
    // Shown by compactMonthGridStyles only.
    "& .pl-cal-dots": { display: "none" },
    "& .pl-cal-dots .pl-dot": { width: 6, height: 6, borderRadius: "50%" },
    "& .pl-cal-dots .pl-dot:not([data-color])": { background: palette.primary.main },
    // A dot is all a narrow cell shows of an item: on the dark background, the colour's light end.
    "& .pl-cal-dots .pl-dot[data-color]": theme.applyStyles("dark", { background: "var(--pl-to)" }),
  } as const;
}

/**
 * A narrow grid (a phone): seven columns still fit, each cell only its date and a dot per
 * item (`CellDots`), the whole cell its date's link. The items themselves and "+N more" are
 * left out; the grid's own page shows a chosen day's items beside or below it. Each root
 * spreads these into its own container query, since what counts is the width it is given.
 */
export function compactMonthGridStyles(theme: Theme) {
  const { palette } = theme.vars;
  return {
    "& table": { minWidth: 0 },
    "& th": { fontSize: 11 },
    "& td": { position: "relative", height: 52, padding: "4px 0", textAlign: "center" },
    "& td > :not(.pl-cal-date, .pl-cal-dots)": { display: "none" },
    "& .pl-cal-date": { minWidth: 28, lineHeight: "28px", borderRadius: 14, fontSize: 13, textDecoration: "none" },
    "& .pl-cal-date:hover": { textDecoration: "none" },
    // The date's link covers its cell: the tap target is the whole day.
    "& .pl-cal-date::after": { content: '""', position: "absolute", inset: 0 },
    "& .pl-cal-date:focus-visible": { outline: "none" },
    "& .pl-cal-date:focus-visible::after": { outline: `2px solid ${palette.primary.main}`, outlineOffset: -2 },
    "& .pl-cal-dots": {
      display: "flex",
      justifyContent: "center",
      alignItems: "center",
      gap: 3,
      height: 10,
      marginTop: 2,
      fontSize: 10,
      lineHeight: 1,
      color: palette.text.secondary,
    },
  } as const;
}

/**
 * An item's title link in a cell: one line, cut with an ellipsis (its title attribute has
 * the rest). Two lines broke keys anywhere ("WEB-⏎1 Coll…") in a narrow cell.
 */
export function cellItemTitle(theme: Theme) {
  const { palette } = theme.vars;
  return {
    display: "block",
    flex: "1 1 auto",
    minWidth: 0,
    overflow: "hidden",
    whiteSpace: "nowrap",
    textOverflow: "ellipsis",
    color: palette.text.primary,
    textDecoration: "none",
    "&:hover": { textDecoration: "underline" },
  } as const;
}

/** The grid's header row, Sun to Sat. */
export function WeekdayHeader() {
  return (
    <thead>
      <tr>
        {WEEKDAYS.map((weekday) => (
          <th key={weekday} scope="col">
            {weekday}
          </th>
        ))}
      </tr>
    </thead>
  );
}

/**
 * A narrow cell's summary of its items: a dot in each one's colour (an event without a
 * project's in the primary colour), at most three, then "+N". Hidden from assistive
 * technology, which reads the day's items where they are listed.
 */
export function CellDots({ colors, total }: { colors: (string | null)[]; total: number }) {
  if (total === 0) return null;
  const shown = colors.slice(0, 3);
  return (
    <span className="pl-cal-dots" aria-hidden="true">
      {shown.map((color, index) => (
        <span key={index} className="pl-dot" data-color={color ?? undefined} />
      ))}
      {total > shown.length ? `+${total - shown.length}` : null}
    </span>
  );
}
