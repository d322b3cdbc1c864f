import { z } from "zod";

/**
 * The public site's forms, shared by the browser (Conform validates before sending) and
 * the server (the action validates again). Messages appear beside the fields.
 */

const required = (label: string, max: number) =>
  z
    .string({ error: `${label} is required` })
    .trim()
    .min(1, { error: `${label} is required` })
    .max(max, { error: `${label} must be at most ${max} characters` });

const email = (label = "Email") =>
  z
    .string({ error: `${label} is required` })
    .trim()
    .min(1, { error: `${label} is required` })
    .pipe(z.email({ error: "Enter a valid email address" }).max(254, { error: "Enter a valid email address" }));

export const contactSchema = z.object({
  fullName: required("Full name", 200),
  email: email(),
  subject: required("Subject", 200),
  message: required("Message", 5000),
  topic: z.enum(["general", "sales", "support", "press"]).default("general"),
});

export const SUPPORT_CATEGORIES = [
  { value: "account", label: "Account & sign-in" },
  { value: "billing", label: "Billing & plans" },
  { value: "technical", label: "Technical issue" },
  { value: "self-hosting", label: "Self-hosting" },
  { value: "feature", label: "Feature request" },
  { value: "other", label: "Something else" },
] as const;

export const supportSchema = z.object({
  name: required("Name", 200),
  email: email(),
  category: z.enum(SUPPORT_CATEGORIES.map((c) => c.value) as [string, ...string[]], {
    error: "Choose a category",
  }),
  message: required("Message", 5000),
});

export const TEAM_SIZES = ["1-10", "11-50", "51-200", "201-1000", "1000+"] as const;

export const demoRequestSchema = z.object({
  name: required("Name", 200),
  workEmail: email("Work email"),
  company: required("Company", 200),
  teamSize: z.enum(TEAM_SIZES, { error: "Choose your team size" }),
});

export const newsletterSchema = z.object({
  email: email(),
});
