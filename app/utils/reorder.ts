/**
 * `list` with the entry at `from` taken out and put back so that it ends at index `to`
 * (clamped to the list), the others keeping their order: what a drag in a sortable list
 * asks for. The same in the browser (the order shown while the move is in flight) and on
 * the server (the neighbours whose keys the moved entry's new key goes between).
 */
export function reordered<T>(list: readonly T[], from: number, to: number): T[] {
  const next = [...list];
  if (from < 0 || from >= list.length) return next;
  const [entry] = next.splice(from, 1) as [T];
  next.splice(Math.min(Math.max(to, 0), next.length), 0, entry);
  return next;
}
