import { createTheme } from "@mui/material/styles";

declare module "@mui/material/styles" {
  interface CssThemeVariables {
    enabled: true;
  }
}

const fontFamily = [
  "Inter",
  "system-ui",
  "-apple-system",
  '"Segoe UI"',
  "Roboto",
  '"Helvetica Neue"',
  "Arial",
  "sans-serif",
].join(",");

/**
 * Plotline's one theme. Colours are CSS variables switched by the class on <html>
 * (`light` / `dark`), which remix-themes owns; MUI only reads it.
 */
export const theme = createTheme({
  cssVariables: { colorSchemeSelector: "class" },
  colorSchemes: {
    light: {
      palette: {
        primary: { main: "#4F46E5", dark: "#4338CA", light: "#818CF8", contrastText: "#FFFFFF" },
        secondary: { main: "#0F766E", contrastText: "#FFFFFF" },
        error: { main: "#DC2626" },
        warning: { main: "#B45309" },
        success: { main: "#15803D" },
        background: { default: "#F8FAFC", paper: "#FFFFFF" },
        text: { primary: "#0F172A", secondary: "#475569" },
        divider: "#E2E8F0",
      },
    },
    dark: {
      palette: {
        primary: { main: "#818CF8", dark: "#6366F1", light: "#A5B4FC", contrastText: "#0B1020" },
        secondary: { main: "#2DD4BF", contrastText: "#042F2E" },
        error: { main: "#F87171" },
        warning: { main: "#FBBF24" },
        success: { main: "#4ADE80" },
        background: { default: "#0B1020", paper: "#121829" },
        text: { primary: "#E2E8F0", secondary: "#94A3B8" },
        divider: "#1E293B",
      },
    },
  },
  spacing: 8,
  shape: { borderRadius: 10 },
  typography: {
    fontFamily,
    h1: { fontSize: "2.75rem", fontWeight: 700, letterSpacing: "-0.02em", lineHeight: 1.15 },
    h2: { fontSize: "2.125rem", fontWeight: 700, letterSpacing: "-0.015em", lineHeight: 1.2 },
    h3: { fontSize: "1.625rem", fontWeight: 650, lineHeight: 1.25 },
    h4: { fontSize: "1.375rem", fontWeight: 650, lineHeight: 1.3 },
    h5: { fontSize: "1.125rem", fontWeight: 600 },
    h6: { fontSize: "1rem", fontWeight: 600 },
    button: { textTransform: "none", fontWeight: 600 },
  },
  components: {
    MuiButton: { defaultProps: { disableElevation: true } },
    MuiCard: { defaultProps: { variant: "outlined" } },
    MuiPaper: { styleOverrides: { rounded: { borderRadius: 12 } } },
    MuiTextField: { defaultProps: { fullWidth: true } },
  },
});

// MUI's theme provider calls `generateThemeVars` on every render, which on the server is every
// request: a deep merge of the same static colour variables each time (about 1.5 % of a
// signed-in page's CPU in the profile). They never change, so they are merged once.
const generateThemeVars = theme.generateThemeVars;
let themeVars: ReturnType<typeof generateThemeVars> | undefined;
theme.generateThemeVars = () => (themeVars ??= generateThemeVars());
