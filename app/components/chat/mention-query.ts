/**
 * The @mention being typed in the composer: the text from the `@` to the caret (up to two
 * words, so "@Ada Lo" still finds Ada Lovelace), and the members it may mean. The server
 * decides what a message mentions (app/.server/chat/mentions.ts); this only suggests.
 */
const TYPING = /(?:^|[^\p{L}\p{N}@])@((?:[\p{L}\p{N}][\p{L}\p{N}'’.-]*)?(?: [\p{L}\p{N}'’.-]*)?)$/u;

export function mentionAtCaret(text: string, caret: number): { start: number; query: string } | null {
  const match = TYPING.exec(text.slice(0, caret));
  if (!match) return null;
  const query = match[1] ?? "";
  return { start: caret - query.length - 1, query };
}

/** Members whose name, or a word of it, starts with the query (case-insensitive); at most `limit`. */
export function suggestMembers<T extends { name: string }>(members: readonly T[], query: string, limit = 6): T[] {
  const wanted = query.trim().toLowerCase();
  return members
    .filter((member) => {
      const name = member.name.toLowerCase();
      return name.startsWith(wanted) || name.split(/\s+/).some((word) => word.startsWith(wanted));
    })
    .slice(0, limit);
}
