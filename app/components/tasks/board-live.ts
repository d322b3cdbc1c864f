import { useMemo, useState } from "react";

import { useRealtime, useRevalidateSoon } from "~/components/realtime/realtime-provider";
import type { BoardColumn } from "~/.server/tasks/views";
import { CLIENT_ID } from "~/utils/client-id";
import type { LiveCard } from "~/utils/realtime";

/**
 * The board as it is now: the loader's columns with the cards others changed since, each
 * applied from its event alone (the card it carries, app/.server/tasks/live-card.ts), so 50
 * open tabs do not read the board again for one move. A change that cannot be placed (its
 * column or neighbour is not known here) makes the board read again instead.
 *
 * A patch is kept until a loader's columns read after it arrive (`asOf`, the last event the
 * server had delivered when it read them); applying one the columns already show changes
 * nothing, so keeping it a little longer is harmless.
 */
export function useLiveCards(projectId: string, loaded: BoardColumn[], asOf: number): BoardColumn[] {
  const [patches, setPatches] = useState<Array<{ version: number; live: LiveCard }>>([]);
  const revalidateSoon = useRevalidateSoon();
  const shown = useMemo(
    () =>
      patches
        .filter((patch) => patch.version > asOf)
        .reduce((columns, patch) => applyLiveCard(columns, patch.live) ?? columns, loaded),
    [patches, loaded, asOf],
  );
  // useRealtime's listener sees this render's values (an effect event).
  useRealtime((message) => {
    if (message.event !== "change") return;
    const { data } = message;
    if (data.project !== projectId || data.clientId === CLIENT_ID || !data.card || data.version <= asOf) return;
    if (!applyLiveCard(shown, data.card)) return revalidateSoon();
    const live = data.card;
    setPatches((kept) => [...kept.filter((patch) => patch.version > asOf), { version: data.version, live }]);
  });
  return shown;
}

/**
 * The columns with `live`'s card where it now is: out of the column it was in, into its
 * column after `live.after` (at the top when null; past the shown cards when that card is
 * not shown and the column has more), with the counts it brings. Null when it cannot be
 * placed here: its column is unknown, or its neighbour should be shown and is not.
 */
export function applyLiveCard(columns: BoardColumn[], live: LiveCard): BoardColumn[] | null {
  const { counts, card } = live;
  if (counts && columns.some((column) => counts[column.id] === undefined)) return null;
  if (card && !columns.some((column) => column.id === live.status)) return null;
  const next: BoardColumn[] = [];
  for (const column of columns) {
    const total = counts ? counts[column.id]! : column.total;
    const others = column.cards.filter((item) => item.id !== live.task);
    if (!card || column.id !== live.status) {
      const same = others.length === column.cards.length && total === column.total;
      next.push(same ? column : { ...column, cards: others, total });
      continue;
    }
    const at = live.after === null ? 0 : others.findIndex((item) => item.id === live.after) + 1;
    if (at === 0 && live.after !== null) {
      // Its neighbour is not shown: the card is past the shown ones, unless every card is shown (this board is behind).
      if (others.length >= total - 1) return null;
      next.push({ ...column, cards: others, total });
    } else {
      next.push({ ...column, cards: [...others.slice(0, at), card, ...others.slice(at)], total });
    }
  }
  return next;
}
