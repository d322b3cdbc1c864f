import { index, prefix, route, type RouteConfig } from "@react-router/dev/routes";

/** The whole route map of the product spec (section 2), plus the server's own endpoints. */
export default [
  // Public site
  index("routes/marketing/home.tsx"),
  route("pricing", "routes/marketing/pricing.tsx"),
  route("contact", "routes/marketing/contact-redirect.ts"),
  route("request-demo", "routes/marketing/request-demo.tsx"),
  ...prefix("legal", [
    route("terms", "routes/marketing/legal.tsx", { id: "legal-terms" }),
    route("privacy", "routes/marketing/legal.tsx", { id: "legal-privacy" }),
  ]),
  ...prefix("resources", [
    route("documentation", "routes/marketing/documentation.tsx"),
    route("guides", "routes/marketing/guides.tsx"),
    route("guides/:guideSlug", "routes/marketing/guide.tsx"),
    route("support", "routes/marketing/support.tsx"),
    route("blog", "routes/marketing/blog.tsx"),
    route("blog/rss.xml", "routes/marketing/blog-rss.ts"),
    route("blog/:postSlug", "routes/marketing/blog-post.tsx"),
  ]),
  ...prefix("company", [
    route("about", "routes/marketing/about.tsx"),
    route("careers", "routes/marketing/careers.tsx"),
    route("careers/:jobId", "routes/marketing/job.tsx"),
    route("contact", "routes/marketing/contact.tsx"),
  ]),
  ...prefix("newsletter", [
    index("routes/marketing/newsletter.tsx"),
    route("confirm", "routes/marketing/newsletter-confirm.ts"),
    route("unsubscribe", "routes/marketing/newsletter-unsubscribe.tsx"),
  ]),
  route("sitemap.xml", "routes/marketing/sitemap.ts"),
  route("robots.txt", "routes/marketing/robots.ts"),

  // Authentication
  ...prefix("auth", [
    route("signin", "routes/auth/signin.tsx", { id: "auth-signin" }),
    route("signup", "routes/auth/signup.tsx", { id: "auth-signup" }),
    route("forgot-password", "routes/auth/forgot-password.tsx", { id: "auth-forgot-password" }),
    route("callback", "routes/auth/callback.ts", { id: "auth-callback" }),
    route("reset-password", "routes/auth/reset-password.tsx", { id: "auth-reset-password" }),
    route("signout", "routes/auth/signout.tsx", { id: "auth-signout" }),
  ]),

  // Application
  route("app", "routes/app/layout.tsx", [
    index("routes/app/index.ts"),
    route("dashboard", "routes/app/dashboard.tsx"),
    route("my-tasks", "routes/app/my-tasks.tsx"),
    route("projects/new", "routes/app/project-new.tsx"),
    route("project/:projectId", "routes/app/project.tsx"),
    route("project/:projectId/star", "routes/app/project-star.ts"),
    route("project/:projectId/task/:taskId", "routes/app/task.tsx"),
    route("project/:projectId/task/:taskId/attachment/:attachmentId", "routes/app/task-attachment.ts"),
    route("project/:projectId/task/:taskId/parent-options", "routes/app/task-parent-options.ts"),
    route("project/:projectId/task/:taskId/relation-options", "routes/app/task-relation-options.ts"),
    route("project/:projectId/delete", "routes/app/project-delete.tsx"),
    route("project/:projectId/import", "routes/app/project-import.tsx"),
    route("project/:projectId/automations", "routes/app/project-automations.tsx"),
    route("project/:projectId/automations/:ruleId", "routes/app/project-automation.tsx"),
    route("project/:projectId/import/:importId", "routes/app/project-import-run.tsx"),
    route("project/:projectId/export.csv", "routes/app/project-export.ts"),
    route("project/:projectId/save-template", "routes/app/project-save-template.tsx"),
    route("search", "routes/app/search.tsx"),
    route("notifications", "routes/app/notifications.tsx"),
    route("workspaces/new", "routes/app/workspace-new.tsx"),
    route("workspaces/:workspaceId", "routes/app/workspace.tsx"),
    route("workspaces/:workspaceId/webhooks", "routes/app/workspace-webhooks.tsx"),
    route("workspaces/:workspaceId/chat-channels", "routes/app/workspace-chat-channels.tsx"),
    route("workspaces/:workspaceId/code-hosts", "routes/app/workspace-code-hosts.tsx"),
    route("settings", "routes/app/settings.tsx"),
    route("sidebar", "routes/app/sidebar.ts"),
    route("events", "routes/app/events.ts"),
    route("push", "routes/app/push.ts"),
    route("presence", "routes/app/presence.ts"),
    route("team", "routes/app/team.tsx"),
    route("templates", "routes/app/templates.tsx"),
    route("templates/:templateId", "routes/app/template.tsx"),
    route("templates/:templateId/use", "routes/app/template-use.tsx"),
    route("calendar", "routes/app/team-calendar.tsx"),
    route("calendar/new", "routes/app/team-calendar-new.tsx"),
    route("calendar/day/:date", "routes/app/team-calendar-day.tsx"),
    route("calendar/event/:eventId", "routes/app/team-calendar-event.tsx"),
    route("calendar/import", "routes/app/team-calendar-import.tsx"),
    route("assistant", "routes/app/assistant.tsx"),
    route("assistant/stream", "routes/app/assistant-stream.ts"),
  ]),
  route("invite/:token", "routes/invite.tsx"),
  route("avatar/:seed", "routes/api/avatar.ts"),
  route("uploads/*", "routes/api/uploads.ts"),

  // Server endpoints
  route("auth/v1/*", "routes/api/auth-v1.ts"),
  route("healthz", "routes/api/healthz.ts"),
  route("calendar/feed/:file", "routes/api/calendar-feed.ts"),
  route("theme.css", "routes/api/theme-css.ts"),
  route("action/set-theme", "routes/api/set-theme.ts"),
  route("dev/mail", "routes/api/dev-mail.tsx"),

  // Anything else
  route("*", "routes/not-found.ts"),
] satisfies RouteConfig;
