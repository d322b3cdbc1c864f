import MuiAdd from "@mui/icons-material/Add";
import { renderToStaticMarkup } from "react-dom/server";
import { describe, expect, it } from "vitest";

import { theme } from "~/theme/theme";

import { iconStyles, staticIcon } from "./static-icon";

const Add = staticIcon(MuiAdd, "Add");
const ADD_PATH = '<path d="M19 13h-6v6h-2v-6H5v-2h6V5h2v6h6z"></path>';

describe("staticIcon", () => {
  it("renders MUI's svg with its class names and path, and no emotion class", () => {
    expect(renderToStaticMarkup(<Add />)).toBe(
      `<svg class="MuiSvgIcon-root MuiSvgIcon-fontSizeMedium pl-svg-icon" focusable="false" aria-hidden="true" viewBox="0 0 24 24">${ADD_PATH}</svg>`,
    );
    expect(renderToStaticMarkup(<Add fontSize="small" color="primary" className="extra" />)).toBe(
      `<svg class="MuiSvgIcon-root MuiSvgIcon-colorPrimary MuiSvgIcon-fontSizeSmall pl-svg-icon pl-svg-icon-small pl-svg-icon-primary extra" focusable="false" aria-hidden="true" viewBox="0 0 24 24">${ADD_PATH}</svg>`,
    );
  });

  it("names itself to assistive technology when given a title, and passes other attributes on", () => {
    const markup = renderToStaticMarkup(<Add titleAccess="Add a task" data-kind="add" />);
    expect(markup).toContain('role="img"');
    expect(markup).not.toContain("aria-hidden");
    expect(markup).toContain("<title>Add a task</title>");
    expect(markup).toContain('data-kind="add"');
  });

  it("falls back to MUI's SvgIcon for what only emotion styles", () => {
    const markup = renderToStaticMarkup(<Add sx={{ mr: 1 }} />);
    expect(markup).toContain("MuiSvgIcon-root");
    expect(markup).not.toContain("pl-svg-icon");
    expect(markup).toContain(ADD_PATH);
  });

  it("styles every size and colour it renders by class", () => {
    const rules = iconStyles(theme);
    for (const name of ["small", "large", "inherit", "primary", "error", "action", "disabled"])
      expect(rules, name).toHaveProperty(`.pl-svg-icon-${name}`);
    expect(rules[".pl-svg-icon"]).toMatchObject({ width: "1em", height: "1em", fill: "currentColor" });
  });
});
