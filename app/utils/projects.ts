/**
 * What the browser and the server share about projects: the colour palette of generated
 * covers, key rules, and how a cover and its initials are drawn.
 */
export const PROJECT_COLORS = {
  indigo: { label: "Indigo", from: "#4f46e5", to: "#818cf8" },
  blue: { label: "Blue", from: "#2563eb", to: "#60a5fa" },
  teal: { label: "Teal", from: "#0d9488", to: "#5eead4" },
  green: { label: "Green", from: "#16a34a", to: "#86efac" },
  amber: { label: "Amber", from: "#b45309", to: "#fbbf24" },
  rose: { label: "Rose", from: "#e11d48", to: "#fda4af" },
  purple: { label: "Purple", from: "#7c3aed", to: "#c4b5fd" },
  slate: { label: "Slate", from: "#334155", to: "#94a3b8" },
} as const;
export type ProjectColor = keyof typeof PROJECT_COLORS;
export const PROJECT_COLOR_NAMES = Object.keys(PROJECT_COLORS) as ProjectColor[];

export function isProjectColor(value: unknown): value is ProjectColor {
  return typeof value === "string" && value in PROJECT_COLORS;
}

/** A colour for a new project that the user did not pick: stable for the same name. */
export function colorForName(name: string): ProjectColor {
  let hash = 0;
  for (const char of name) hash = (hash * 31 + char.charCodeAt(0)) >>> 0;
  return PROJECT_COLOR_NAMES[hash % PROJECT_COLOR_NAMES.length]!;
}

/** Two letters for a generated cover: the first letters of the first two words. */
export function initialsOf(name: string) {
  const words = name.trim().split(/\s+/).filter(Boolean);
  const letters = words.length > 1 ? `${words[0]![0]}${words[1]![0]}` : (words[0] ?? "?").slice(0, 2);
  return letters.toUpperCase();
}

export const PROJECT_KEY_PATTERN = /^[A-Z][A-Z0-9]{1,9}$/;

/**
 * A key from a name: the initials of several words ("Website Redesign" → WR), or the
 * first letters of one ("Marketing" → MAR); letters and digits only, 2–10 long, starting
 * with a letter.
 */
export function keyFromName(name: string) {
  const words = name
    .normalize("NFKD")
    .toUpperCase()
    .replace(/[^A-Z0-9\s]/g, "")
    .split(/\s+/)
    .filter(Boolean);
  let key =
    words.length > 1
      ? words
          .map((word) => word[0])
          .join("")
          .slice(0, 4)
      : (words[0] ?? "").slice(0, 3);
  key = key.replace(/^[0-9]+/, "");
  if (key.length < 2) key = (key + "PRJ").slice(0, 3);
  return key;
}
