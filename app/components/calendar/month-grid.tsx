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
