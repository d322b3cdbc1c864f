import js from "@eslint/js";
import prettier from "eslint-config-prettier";
import reactHooks from "eslint-plugin-react-hooks";
import globals from "globals";
import tseslint from "typescript-eslint";

const materialIcons = {
  group: ["@mui/icons-material/*"],
  message: "Import icons from ~/components/icons/material (decision 012).",
};

export default tseslint.config(
  { ignores: ["build/", "data/", ".react-router/", "drizzle/", "test-results/", "playwright-report/", ".tmp/"] },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  reactHooks.configs.flat["recommended-latest"],
  {
    languageOptions: { globals: { ...globals.node, ...globals.browser } },
    rules: {
      "@typescript-eslint/no-unused-vars": ["error", { argsIgnorePattern: "^_", varsIgnorePattern: "^_" }],
      "@typescript-eslint/consistent-type-imports": ["error", { fixStyle: "inline-type-imports" }],
    },
  },
  {
    // Icons come from ~/components/icons/material: plain SVG styled once, not emotion per icon.
    files: ["app/**"],
    ignores: ["app/components/icons/**"],
    rules: { "no-restricted-imports": ["error", { patterns: [materialIcons] }] },
  },
  {
    // Server-only code must never be imported by browser code; route modules may, because
    // React Router strips loaders and actions from the client bundle. Types may: an
    // `import type` is erased, which is how the UI gets the read models the server
    // produces (app/.server/*/views.ts). A `{ type X }`-only import would be kept as a
    // bare import of the module, so it is refused too.
    files: ["app/components/**", "app/theme/**", "app/utils/**"],
    ignores: ["app/components/icons/**"],
    rules: {
      "@typescript-eslint/no-restricted-imports": [
        "error",
        {
          patterns: [
            {
              group: ["~/.server/*", "**/.server/*"],
              message: "Browser code must not import server-only code (types only, with `import type`).",
              allowTypeImports: true,
            },
          ],
        },
      ],
      "@typescript-eslint/no-import-type-side-effects": "error",
    },
  },
  prettier,
);
