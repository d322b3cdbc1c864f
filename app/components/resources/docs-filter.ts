/** The shape the documentation page filters: sections with titled subsections. */
export type DocsOutline<S extends { id: string; title: string } = { id: string; title: string }> = {
  id: string;
  title: string;
  subsections: S[];
};

/** The longest search the documentation and blog pages read from `?q=`. */
export const MAX_QUERY_LENGTH = 100;

/** `?q=` as the pages use it: trimmed and capped. */
export function readQuery(value: string | null) {
  return (value ?? "").trim().slice(0, MAX_QUERY_LENGTH);
}

/**
 * The documentation search, shared by the loader (the GET form) and the live filter in the
 * browser. A section whose title matches keeps all its subsections; otherwise only the
 * subsections whose titles match are kept, and a section with none is dropped.
 * Case-insensitive; an empty query keeps everything.
 */
export function filterDocs<S extends { id: string; title: string }>(
  sections: DocsOutline<S>[],
  query: string,
): DocsOutline<S>[] {
  const needle = query.trim().toLocaleLowerCase("en");
  if (!needle) return sections;
  const matches = (title: string) => title.toLocaleLowerCase("en").includes(needle);
  return sections.flatMap((section) => {
    if (matches(section.title)) return [section];
    const subsections = section.subsections.filter((subsection) => matches(subsection.title));
    return subsections.length > 0 ? [{ ...section, subsections }] : [];
  });
}

/** The anchor of a subsection on the documentation page. */
export function subsectionAnchor(sectionId: string, subsectionId: string) {
  return `${sectionId}-${subsectionId}`;
}
