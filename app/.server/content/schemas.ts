import { z } from "zod";

/** Front matter and list shapes of the files in content/ (see content/README.md). */

const isoDate = z
  .union([z.string().regex(/^\d{4}-\d{2}-\d{2}$/, "must be a date like 2025-05-30"), z.date()])
  .transform((value) => (typeof value === "string" ? value : value.toISOString().slice(0, 10)));
const sitePath = z.string().startsWith("/", "must be a path on this site, starting with /");
const text = z.string().trim().min(1);

export const blogPostSchema = z.object({
  title: text,
  summary: text,
  author: text,
  authorRole: text,
  authorAvatar: sitePath,
  publishDate: isoDate,
  tags: z.array(text).min(1),
  image: sitePath,
});

export const guideSchema = z.object({
  title: text,
  description: text,
  tags: z.array(text).min(1),
  readingMinutes: z.number().int().positive(),
  updated: isoDate,
});

export const jobSchema = z.object({
  title: text,
  department: text,
  location: text,
  type: text,
  summary: text,
  responsibilities: z.array(text).min(1),
  requirements: z.array(text).min(1),
  niceToHaves: z.array(text),
});

export const legalSchema = z.object({ title: text, lastUpdated: isoDate });

export const docsIndexSchema = z.object({
  sections: z
    .array(
      z.object({
        id: z.string().regex(/^[a-z0-9-]+$/),
        title: text,
        subsections: z.array(z.object({ id: z.string().regex(/^[a-z0-9-]+$/), title: text })).min(1),
      }),
    )
    .min(1),
});

const faqList = z.array(z.object({ question: text, answer: text })).min(1);

export const siteSchemas = {
  features: z
    .array(
      z.object({
        id: text,
        title: text,
        description: text,
        icon: z.enum(["ai", "board", "realtime", "views", "automation", "security"]),
      }),
    )
    .length(6),
  integrations: z.array(z.object({ id: z.string().regex(/^[a-z0-9-]+$/), name: text, description: text })).length(12),
  testimonials: z
    .array(z.object({ quote: text, name: text, title: text, company: text, image: sitePath }))
    .length(3),
  plans: z.object({
    pricing: z
      .array(
        z.object({
          id: z.enum(["free", "pro", "business"]),
          name: text,
          monthly: z.number().nonnegative(),
          yearly: z.number().nonnegative(),
          description: text,
          limits: text,
          features: z.array(text),
          cta: text,
          popular: z.boolean(),
        }),
      )
      .length(3),
    landing: z
      .array(
        z.object({
          id: z.enum(["starter", "pro", "enterprise"]),
          name: text,
          price: text,
          period: z.string(),
          description: text,
          features: z.array(text),
          cta: text,
          popular: z.boolean(),
        }),
      )
      .length(3),
    comparison: z.array(z.object({ feature: text, free: text, pro: text, business: text })).min(1),
  }),
  faq: z.object({ pricing: faqList.length(4), support: faqList.length(4) }),
  company: z.object({
    mission: text,
    vision: text,
    timeline: z.array(z.object({ date: text, title: text, description: text })).min(1),
    values: z.array(z.object({ title: text, description: text })).length(5),
    team: z.array(z.object({ name: text, role: text, bio: text, image: sitePath })).min(1),
    benefits: z
      .array(
        z.object({
          title: text,
          description: text,
          icon: z.enum(["remote", "health", "learning", "equipment", "timeoff", "equity"]),
        }),
      )
      .length(6),
    contact: z.object({
      email: z.email(),
      sales: z.email(),
      phone: text,
      address: text,
      hours: text,
      lat: z.number(),
      lon: z.number(),
    }),
  }),
};
