import type { SvgIconComponent } from "@mui/icons-material";
import SvgIcon, { type SvgIconProps } from "@mui/material/SvgIcon";
import type { CSSObject, Theme } from "@mui/material/styles";
import { capitalize } from "@mui/material/utils";
import { forwardRef, isValidElement, memo, type ReactElement, type ReactNode } from "react";

/**
 * Material icons as plain `<svg>` elements styled once by class (decision 012): MUI's
 * `SvgIcon` runs emotion for every icon on every render, on the server and again while
 * the page hydrates, and a signed-in page shows a few dozen. The same element comes out,
 * with MUI's own class names (so rules that select `.MuiSvgIcon-root` still apply) and the
 * same CSS, from `iconStyles` in the theme stylesheet. An icon given what only emotion can
 * style (`sx`, another element, an unknown size or colour) renders through `SvgIcon` as before.
 */
const SIZES = ["small", "medium", "large", "inherit"] as const;
const PALETTE = ["primary", "secondary", "error", "info", "success", "warning"] as const;
const COLORS = [...PALETTE, "action", "disabled", "inherit"] as const;

type Size = (typeof SIZES)[number];
type Color = (typeof COLORS)[number];

/** The path(s) a Material icon draws: what MUI's `createSvgIcon` renders inside `SvgIcon`. */
function pathOf(icon: SvgIconComponent): ReactNode {
  // createSvgIcon returns memo(forwardRef(render)), whose render only returns
  // <SvgIcon {...props}>{path}</SvgIcon>: calling it once hands over the path.
  const inner = (icon as unknown as { type: { render(props: object, ref: null): ReactElement } }).type;
  const element = inner.render({}, null) as ReactElement<{ children: ReactNode }>;
  if (!isValidElement(element)) throw new Error("not a Material icon");
  return element.props.children;
}

function isStatic(props: SvgIconProps): props is SvgIconProps & { fontSize?: Size; color?: Color } {
  return (
    props.sx === undefined &&
    props.component === undefined &&
    props.classes === undefined &&
    props.htmlColor === undefined &&
    props.viewBox === undefined &&
    props.inheritViewBox === undefined &&
    (props.fontSize === undefined || (SIZES as readonly string[]).includes(props.fontSize)) &&
    (props.color === undefined || (COLORS as readonly string[]).includes(props.color))
  );
}

/** A Material icon that renders as a plain `<svg>` (see above); the props are SvgIcon's. */
export function staticIcon(icon: SvgIconComponent, name: string): SvgIconComponent {
  const path = pathOf(icon);
  const Icon = forwardRef<SVGSVGElement, SvgIconProps>(function Icon(props, ref) {
    if (!isStatic(props))
      return (
        <SvgIcon ref={ref} {...props}>
          {path}
        </SvgIcon>
      );
    const { fontSize = "medium", color = "inherit", className, titleAccess, children: _children, ...rest } = props;
    const classes = [
      "MuiSvgIcon-root",
      color === "inherit" ? "" : `MuiSvgIcon-color${capitalize(color)}`,
      `MuiSvgIcon-fontSize${capitalize(fontSize)}`,
      "pl-svg-icon",
      fontSize === "medium" ? "" : `pl-svg-icon-${fontSize}`,
      color === "inherit" ? "" : `pl-svg-icon-${color}`,
      className ?? "",
    ];
    return (
      <svg
        className={classes.filter(Boolean).join(" ")}
        focusable="false"
        aria-hidden={titleAccess ? undefined : true}
        role={titleAccess ? "img" : undefined}
        viewBox="0 0 24 24"
        ref={ref}
        {...(rest as Record<string, unknown>)}
      >
        {path}
        {titleAccess ? <title>{titleAccess}</title> : null}
      </svg>
    );
  });
  Icon.displayName = `${name}Icon`;
  return Object.assign(memo(Icon), { muiName: "SvgIcon" }) as unknown as SvgIconComponent;
}

/** SvgIcon's CSS, for the theme stylesheet: the root, then each size and colour. */
export function iconStyles(theme: Theme): CSSObject {
  const palette = theme.vars?.palette ?? theme.palette;
  const rules: CSSObject = {
    ".pl-svg-icon": {
      userSelect: "none",
      width: "1em",
      height: "1em",
      display: "inline-block",
      flexShrink: 0,
      transition: theme.transitions.create("fill", { duration: theme.transitions.duration.shorter }),
      fill: "currentColor",
      fontSize: theme.typography.pxToRem(24),
    },
    ".pl-svg-icon-inherit": { fontSize: "inherit" },
    ".pl-svg-icon-small": { fontSize: theme.typography.pxToRem(20) },
    ".pl-svg-icon-large": { fontSize: theme.typography.pxToRem(35) },
    ".pl-svg-icon-action": { color: palette.action.active },
    ".pl-svg-icon-disabled": { color: palette.action.disabled },
  };
  for (const color of PALETTE) rules[`.pl-svg-icon-${color}`] = { color: palette[color].main };
  return rules;
}
