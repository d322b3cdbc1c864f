import { Form, useLocation } from "react-router";
import { Theme, useTheme } from "remix-themes";

import { withoutTransitions } from "~/theme/switch-theme";
import { Dropdown } from "~/components/dropdown";
import { Glyph } from "~/components/lists/icons";
import type { ThemePreference } from "~/theme/preference";

const OPTIONS: { value: ThemePreference; label: string }[] = [
  { value: "light", label: "Light" },
  { value: "dark", label: "Dark" },
  { value: "system", label: "System" },
];

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
    <Dropdown label="Theme" summary={<Glyph name={current === "dark" ? "dark" : "light"} />} width={180}>
      <Form method="post" action="/action/set-theme" reloadDocument>
        <input type="hidden" name="redirectTo" value={location.pathname + location.search} />
        {OPTIONS.map((option) => (
          <button
            key={option.value}
            type="submit"
            name="theme"
            value={option.value}
            aria-pressed={current === option.value}
            className="pl-menu-item"
            onClick={(event) => {
              event.preventDefault();
              withoutTransitions(() =>
                setTheme(option.value === "system" ? null : option.value === "dark" ? Theme.DARK : Theme.LIGHT),
              );
              event.currentTarget.closest("details")?.removeAttribute("open");
            }}
          >
            <Glyph name={option.value} />
            {option.label}
            {current === option.value ? <Glyph name="check" className="pl-icon pl-trailing" /> : null}
          </button>
        ))}
      </Form>
    </Dropdown>
  );
}
