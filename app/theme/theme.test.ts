import { createTheme } from "@mui/material/styles";
import { describe, expect, it } from "vitest";

import { theme } from "./theme";

describe("the theme", () => {
  it("merges its colour variables once, and they are the ones MUI would merge on each render", () => {
    const vars = theme.generateThemeVars();
    expect(theme.generateThemeVars()).toBe(vars);
    // A theme made from the same options without the memo merges them afresh: same values.
    const fresh = createTheme({ cssVariables: { colorSchemeSelector: "class" }, colorSchemes: theme.colorSchemes });
    expect(vars).toEqual(fresh.generateThemeVars());
    expect(vars.palette.primary.main).toBe("var(--mui-palette-primary-main)");
  });
});
