import ToggleButton from "@mui/material/ToggleButton";
import ToggleButtonGroup from "@mui/material/ToggleButtonGroup";
import { Form, useLocation } from "react-router";
import { Theme, useTheme } from "remix-themes";

import { withoutTransitions } from "~/theme/switch-theme";
import { DarkModeOutlined, LightModeOutlined, SettingsBrightnessOutlined } from "~/components/icons/material";
import type { ThemePreference } from "~/theme/preference";

/** The three choices, with their icons (also the app's theme menu). */
const THEME_OPTIONS: { value: ThemePreference; label: string; icon: React.ReactNode }[] = [
  { value: "light", label: "Light", icon: <LightModeOutlined fontSize="small" /> },
  { value: "dark", label: "Dark", icon: <DarkModeOutlined fontSize="small" /> },
  { value: "system", label: "System", icon: <SettingsBrightnessOutlined fontSize="small" /> },
];

/**
 * Light / Dark / System. A plain form POST without JavaScript (the server answers with
 * the cookie and a redirect back); with it, remix-themes switches at once and saves.
 */
export function ThemeSwitcher() {
  const [theme, setTheme, { definedBy }] = useTheme();
  const location = useLocation();
  const current: ThemePreference = definedBy === "SYSTEM" ? "system" : theme === Theme.DARK ? "dark" : "light";

  return (
    <Form method="post" action="/action/set-theme" reloadDocument aria-label="Theme">
      <input type="hidden" name="redirectTo" value={location.pathname + location.search} />
      <ToggleButtonGroup size="small" value={current} exclusive aria-label="Theme">
        {THEME_OPTIONS.map((option) => (
          <ToggleButton
            key={option.value}
            value={option.value}
            type="submit"
            name="theme"
            aria-label={option.label}
            onClick={(event) => {
              event.preventDefault();
              withoutTransitions(() =>
                setTheme(option.value === "system" ? null : option.value === "dark" ? Theme.DARK : Theme.LIGHT),
              );
            }}
            sx={{ gap: 0.75, px: 1.25 }}
          >
            {option.icon}
            {option.label}
          </ToggleButton>
        ))}
      </ToggleButtonGroup>
    </Form>
  );
}
