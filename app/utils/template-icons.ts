/**
 * What the browser and the server share about templates: their categories and icons. An
 * icon is drawn once per page as an SVG symbol (`TemplateIconSprite`) and each card refers
 * to it with `<use>` (docs/decisions/009); these are its strokes in a 24×24 box.
 */
export const TEMPLATE_CATEGORIES = ["Business", "Marketing", "Development", "Content", "General", "HR"] as const;
export type TemplateCategory = (typeof TEMPLATE_CATEGORIES)[number];

export function isTemplateCategory(value: unknown): value is TemplateCategory {
  return typeof value === "string" && (TEMPLATE_CATEGORIES as readonly string[]).includes(value);
}

export const TEMPLATE_ICONS = {
  briefcase: { label: "Briefcase", paths: ["M4 8h16v11H4z", "M9 8V5.5h6V8", "M4 13h16"] },
  megaphone: { label: "Megaphone", paths: ["M4 10v4h3l8 4V6L7 10z", "M18 9.5a3.5 3.5 0 0 1 0 5", "M7 14l1.5 5h2.5"] },
  code: { label: "Code", paths: ["M8.5 7L4 12l4.5 5", "M15.5 7L20 12l-4.5 5", "M13.5 5l-3 14"] },
  calendar: { label: "Calendar", paths: ["M4 6h16v14H4z", "M4 10h16", "M8 3.5v4", "M16 3.5v4"] },
  agenda: { label: "Agenda", paths: ["M6 4h12v16H6z", "M9 8.5h6", "M9 12h6", "M9 15.5h4"] },
  people: {
    label: "People",
    paths: [
      "M9 11a3 3 0 1 0 0-6 3 3 0 0 0 0 6z",
      "M3.5 19a5.5 5.5 0 0 1 11 0",
      "M16 5.5a3 3 0 0 1 0 5.5",
      "M17 14a5 5 0 0 1 3.5 5",
    ],
  },
  rocket: {
    label: "Rocket",
    paths: [
      "M12 3c3 2.5 4.5 6 4 10l-2 3h-4l-2-3c-.5-4 1-7.5 4-10z",
      "M12 9.5v.5",
      "M8 14l-3 3 .5 2.5",
      "M16 14l3 3-.5 2.5",
    ],
  },
  checklist: {
    label: "Checklist",
    paths: [
      "M4 6.5l1.5 1.5L8 5.5",
      "M4 12.5l1.5 1.5L8 11.5",
      "M4 18.5l1.5 1.5L8 17.5",
      "M11 7h9",
      "M11 13h9",
      "M11 19h9",
    ],
  },
  star: { label: "Star", paths: ["M12 4l2.4 5 5.4.6-4 3.7 1.1 5.4L12 16l-4.9 2.7 1.1-5.4-4-3.7 5.4-.6z"] },
  folder: { label: "Folder", paths: ["M3.5 6.5h6l2 2h9v10h-17z"] },
} as const satisfies Record<string, { label: string; paths: readonly string[] }>;
export type TemplateIcon = keyof typeof TEMPLATE_ICONS;
export const TEMPLATE_ICON_NAMES = Object.keys(TEMPLATE_ICONS) as TemplateIcon[];

export function isTemplateIcon(value: unknown): value is TemplateIcon {
  return typeof value === "string" && value in TEMPLATE_ICONS;
}

/** The icon a saved template gets when its author picks none: its category's. */
export const CATEGORY_ICONS: Record<TemplateCategory, TemplateIcon> = {
  Business: "briefcase",
  Marketing: "megaphone",
  Development: "code",
  Content: "calendar",
  General: "agenda",
  HR: "people",
};
