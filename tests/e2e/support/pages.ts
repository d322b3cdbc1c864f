/** Every public page: the accessibility and layout sweep and the head/sitemap checks cover each. */
export const PUBLIC_PAGES = [
  "/",
  "/pricing",
  "/request-demo",
  "/newsletter",
  "/legal/terms",
  "/legal/privacy",
  "/resources/documentation",
  "/resources/guides",
  "/resources/guides/integrating-supabase",
  "/resources/support",
  "/resources/blog",
  "/resources/blog/introducing-plotline",
  "/company/about",
  "/company/careers",
  "/company/careers/frontend-engineer",
  "/company/contact",
];
