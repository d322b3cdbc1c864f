import { createReadStream } from "node:fs";

// CommonJS packages: Node's ESM loader gives them a default export only (no named ones).
import streamChain from "stream-chain";
import streamJson from "stream-json";
import Pick from "stream-json/filters/Pick.js";
import StreamArray from "stream-json/streamers/StreamArray.js";

import { MAX_IMPORT_ROWS } from "~/utils/imports";
import type { ImportRow, Problem } from "./csv";

/**
 * Reading a Trello board's JSON export (Board menu → Print, export and share → Export as
 * JSON) without holding the file in memory: each top-level array (lists, labels, checklists,
 * comments, cards) is streamed on its own pass with stream-json. Lists become statuses (by
 * name), cards tasks, checklists checklist items, labels labels (an unnamed one by its
 * colour), due and start dates dates; comments are added under the importer's name with
 * their author and date. Archived cards and cards of archived lists are skipped. Trello's
 * export carries no e-mail addresses, so cards come in unassigned.
 */
type Card = {
  id: string;
  name?: string;
  desc?: string;
  idList?: string;
  closed?: boolean;
  due?: string | null;
  start?: string | null;
  dueComplete?: boolean;
  idLabels?: string[];
};

/** Streams one top-level array of the export, an element at a time. */
async function* each<T>(file: string, key: string): AsyncGenerator<T> {
  const pipeline = streamChain.chain([
    createReadStream(file),
    streamJson.parser(),
    Pick.pick({ filter: key }),
    StreamArray.streamArray(),
  ]);
  for await (const { value } of pipeline as AsyncIterable<{ value: T }>) yield value;
}

/** Whether a file is a Trello export rather than CSV: it starts with `{` (after whitespace or a BOM). */
export async function looksLikeTrello(file: string) {
  const stream = createReadStream(file, { start: 0, end: 1023 });
  let head = "";
  for await (const chunk of stream) head += String(chunk);
  return /^\uFEFF?\s*\{/.test(head);
}

/** What the mapping page shows of a board: its open lists (they become statuses) and its cards. */
export async function trelloSummary(file: string) {
  const lists: string[] = [];
  for await (const list of each<{ name?: string; closed?: boolean }>(file, "lists"))
    if (!list.closed) lists.push(String(list.name ?? "").slice(0, 60));
  let cards = 0;
  let archived = 0;
  for await (const card of each<Card>(file, "cards")) {
    if (card.closed) archived += 1;
    else cards += 1;
  }
  return { lists, cards, archived };
}

export async function trelloRows(file: string): Promise<{ rows: ImportRow[]; problems: Problem[] }> {
  const lists = new Map<string, { name: string; closed: boolean }>();
  for await (const list of each<{ id: string; name?: string; closed?: boolean }>(file, "lists"))
    lists.set(list.id, { name: String(list.name ?? "").slice(0, 60) || "Untitled list", closed: !!list.closed });
  const labels = new Map<string, string>();
  for await (const label of each<{ id: string; name?: string; color?: string }>(file, "labels"))
    labels.set(label.id, (label.name || label.color || "label").slice(0, 40));
  const checklists = new Map<string, { title: string; done: boolean }[]>();
  for await (const checklist of each<{
    idCard: string;
    checkItems?: { name?: string; state?: string; pos?: number }[];
  }>(file, "checklists")) {
    const items = [...(checklist.checkItems ?? [])]
      .sort((a, b) => (a.pos ?? 0) - (b.pos ?? 0))
      .map((item) => ({ title: String(item.name ?? "").slice(0, 200), done: item.state === "complete" }))
      .filter((item) => item.title);
    checklists.set(checklist.idCard, [...(checklists.get(checklist.idCard) ?? []), ...items]);
  }
  const comments = new Map<string, string[]>();
  for await (const action of each<{
    type?: string;
    date?: string;
    data?: { text?: string; card?: { id?: string } };
    memberCreator?: { fullName?: string; username?: string };
  }>(file, "actions")) {
    const cardId = action.data?.card?.id;
    if (action.type !== "commentCard" || !cardId || !action.data?.text) continue;
    const author = action.memberCreator?.fullName || action.memberCreator?.username || "someone";
    const when = (action.date ?? "").slice(0, 10);
    const text = `*From Trello, by ${author}${when ? ` on ${when}` : ""}:*\n\n${action.data.text.slice(0, 20_000)}`;
    comments.set(cardId, [text, ...(comments.get(cardId) ?? [])]);
  }

  const rows: ImportRow[] = [];
  const problems: Problem[] = [];
  let skipped = 0;
  let index = 0;
  for await (const card of each<Card>(file, "cards")) {
    index += 1;
    const list = card.idList ? lists.get(card.idList) : undefined;
    if (card.closed || list?.closed) {
      skipped += 1;
      continue;
    }
    if (rows.length >= MAX_IMPORT_ROWS) {
      problems.push({ row: index, message: `The board has more than ${MAX_IMPORT_ROWS} cards.`, level: "error" });
      break;
    }
    const title =
      String(card.name ?? "")
        .trim()
        .slice(0, 200) || "Untitled card";
    rows.push({
      line: index,
      id: `trello:${card.id}`,
      title,
      description: String(card.desc ?? "").slice(0, 20_000),
      status: list?.name ?? null,
      priority: null,
      assignees: null,
      labels: (card.idLabels ?? []).map((id) => labels.get(id)).filter((name): name is string => !!name),
      startDate: dayOf(card.start),
      dueDate: dayOf(card.due),
      estimateMinutes: undefined,
      parent: null,
      checklist: checklists.get(card.id) ?? [],
      comments: comments.get(card.id) ?? [],
    });
  }
  if (skipped > 0)
    problems.push({
      row: 0,
      message: `${skipped} archived card${skipped === 1 ? " was" : "s were"} skipped.`,
      level: "warning",
    });
  return { rows, problems };
}

const dayOf = (value: string | null | undefined) =>
  value && /^\d{4}-\d{2}-\d{2}/.test(value) ? value.slice(0, 10) : null;
