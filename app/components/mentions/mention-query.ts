/**
 * The @mention being typed in a text box (the chat's message box, a task comment): the text
 * from the `@` to the caret (up to two words, so "@Ada Lo" still finds Ada Lovelace), the
 * members it may mean, and the text once one is chosen. The server decides what a text
 * mentions (app/.server/chat/mentions.ts); this only suggests, so typing `@Ada Lovelace` by
 * hand (or without JavaScript) mentions her just the same.
 */
const TYPING = /(?:^|[^\p{L}\p{N}@])@((?:[\p{L}\p{N}][\p{L}\p{N}'’.-]*)?(?: [\p{L}\p{N}'’.-]*)?)$/u;

export type MentionTyping = { start: number; query: string };

export function mentionAtCaret(text: string, caret: number): MentionTyping | null {
  const match = TYPING.exec(text.slice(0, caret));
  if (!match) return null;
  const query = match[1] ?? "";
  return { start: caret - query.length - 1, query };
}

/**
 * Members whose name, or a word of it, starts with the query (case-insensitive), those whose
 * name starts with it first; at most `limit`.
 */
export function suggestMembers<T extends { name: string }>(members: readonly T[], query: string, limit = 6): T[] {
  const wanted = query.trim().toLowerCase();
  const first: T[] = [];
  const then: T[] = [];
  for (const member of members) {
    const name = member.name.toLowerCase();
    if (name.startsWith(wanted)) first.push(member);
    else if (name.split(/\s+/).some((word) => word.startsWith(wanted))) then.push(member);
  }
  return [...first, ...then].slice(0, limit);
}

/**
 * The text with the mention being typed (from its `@` to the caret) replaced by
 * `@<name>` and a space, and where the caret goes: after that space. A space already
 * following the caret is reused rather than doubled.
 */
export function insertMention(text: string, caret: number, typing: MentionTyping, name: string) {
  const after = text.slice(caret);
  const mention = `@${name}`;
  const spaced = /^\s/.test(after) ? mention : `${mention} `;
  return {
    text: text.slice(0, typing.start) + spaced + after,
    caret: typing.start + mention.length + 1,
  };
}
