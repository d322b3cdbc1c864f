import { index, prefix, route, type RouteConfig } from "@react-router/dev/routes";

/** The whole route map of the product spec (section 2), plus the server's own endpoints. */
export default [
  // Public site
  index("routes/marketing/home.tsx"),
  route("pricing", "routes/coming-soon.tsx", { id: "pricing" }),
  route("contact", "routes/marketing/contact-redirect.ts"),
  ...prefix("legal", [
    route("terms", "routes/coming-soon.tsx", { id: "legal-terms" }),
    route("privacy", "routes/coming-soon.tsx", { id: "legal-privacy" }),
  ]),
  ...prefix("resources", [
    route("documentation", "routes/coming-soon.tsx", { id: "documentation" }),
    route("guides", "routes/coming-soon.tsx", { id: "guides" }),
    route("guides/:guideSlug", "routes/coming-soon.tsx", { id: "guide" }),
    route("support", "routes/coming-soon.tsx", { id: "support" }),
    route("blog", "routes/coming-soon.tsx", { id: "blog" }),
    route("blog/:postSlug", "routes/coming-soon.tsx", { id: "blog-post" }),
  ]),
  ...prefix("company", [
    route("about", "routes/coming-soon.tsx", { id: "about" }),
    route("careers", "routes/coming-soon.tsx", { id: "careers" }),
    route("careers/:jobId", "routes/coming-soon.tsx", { id: "job" }),
    route("contact", "routes/coming-soon.tsx", { id: "company-contact" }),
  ]),

  // Authentication
  ...prefix("auth", [
    route("signin", "routes/coming-soon.tsx", { id: "auth-signin" }),
    route("signup", "routes/coming-soon.tsx", { id: "auth-signup" }),
    route("forgot-password", "routes/coming-soon.tsx", { id: "auth-forgot-password" }),
    route("callback", "routes/coming-soon.tsx", { id: "auth-callback" }),
  ]),

  // Application
  ...prefix("app", [
    index("routes/app/index.ts"),
    route("dashboard", "routes/coming-soon.tsx", { id: "app-dashboard" }),
    route("project/:projectId", "routes/coming-soon.tsx", { id: "app-project" }),
    route("team", "routes/coming-soon.tsx", { id: "app-team" }),
    route("templates", "routes/coming-soon.tsx", { id: "app-templates" }),
    route("calendar", "routes/coming-soon.tsx", { id: "app-calendar" }),
    route("settings", "routes/coming-soon.tsx", { id: "app-settings" }),
  ]),

  // Server endpoints
  route("healthz", "routes/api/healthz.ts"),
  route("action/set-theme", "routes/api/set-theme.ts"),

  // Anything else
  route("*", "routes/not-found.ts"),
] satisfies RouteConfig;
