import Check from "@mui/icons-material/Check";
import DarkModeOutlined from "@mui/icons-material/DarkModeOutlined";
import LightModeOutlined from "@mui/icons-material/LightModeOutlined";
import Box from "@mui/material/Box";
import { Form, useLocation } from "react-router";
import { Theme, useTheme } from "remix-themes";

import { THEME_OPTIONS } from "~/components/theme-switcher";
import type { ThemePreference } from "~/theme/preference";
import { Dropdown, menuItemSx } from "~/components/dropdown";

/**
 * Light, Dark, System. Each is a submit button of a plain form to /action/set-theme (which
 * also saves the choice to the signed-in user's settings); with JavaScript, remix-themes
 * switches at once and posts the same choice.
 */
export function ThemeMenu() {
  const [theme, setTheme, { definedBy }] = useTheme();
  const location = useLocation();
  const current: ThemePreference = definedBy === "SYSTEM" ? "system" : theme === Theme.DARK ? "dark" : "light";
  return (
    <Dropdown label="Theme" summary={current === "dark" ? <DarkModeOutlined /> : <LightModeOutlined />} width={180}>
      <Form method="post" action="/action/set-theme" reloadDocument>
        <input type="hidden" name="redirectTo" value={location.pathname + location.search} />
        {THEME_OPTIONS.map((option) => (
          <Box
            component="button"
            key={option.value}
            type="submit"
            name="theme"
            value={option.value}
            aria-pressed={current === option.value}
            onClick={(event: React.MouseEvent) => {
              event.preventDefault();
              setTheme(option.value === "system" ? null : option.value === "dark" ? Theme.DARK : Theme.LIGHT);
              (event.currentTarget.closest("details") as HTMLDetailsElement | null)?.removeAttribute("open");
            }}
            sx={menuItemSx}
          >
            {option.icon}
            {option.label}
            {current === option.value ? <Check fontSize="small" sx={{ ml: "auto" }} /> : null}
          </Box>
        ))}
      </Form>
    </Dropdown>
  );
}
