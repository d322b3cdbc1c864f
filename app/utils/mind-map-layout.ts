import { hierarchy, tree } from "d3-hierarchy";

/**
 * The Mind Map's layout, shared by the server (which sends the positions, so the map is
 * drawn without JavaScript) and the browser (which draws the same nodes): the project at
 * the root, its tasks to the right, their subtasks to the right of them, as d3's tidy tree.
 * Every node has the same size, so the tree's node spacing alone keeps them apart.
 */
export const NODE_WIDTH = 240;
export const NODE_HEIGHT = 56;
/** Space between siblings (vertical) and between levels (horizontal): compact, so a tree of 15 tasks is read whole. */
const SIBLING_GAP = 10;
const LEVEL_GAP = 48;

/** A task as the map needs it; `parentId` is another task's id or null for a top-level task. */
export type MindMapTask = {
  id: string;
  key: string;
  title: string;
  parentId: string | null;
  status: { name: string; color: string };
  done: boolean;
};

export type MindMapNode = {
  id: string;
  /** The node it hangs from; null for the project. */
  parentId: string | null;
  kind: "project" | "task";
  key: string;
  title: string;
  status: { name: string; color: string } | null;
  done: boolean;
  depth: number;
  /** Top-left corner, in map coordinates (never negative). */
  x: number;
  y: number;
  width: number;
  height: number;
  /** Its children in the data, shown or not. */
  childCount: number;
  collapsed: boolean;
};

export type MindMapLayout = {
  nodes: MindMapNode[];
  edges: { id: string; source: string; target: string }[];
  width: number;
  height: number;
};

type Branch = { item: MindMapTask | null; children: Branch[] };

/**
 * Lays out the project and its tasks. Children keep the order of `tasks`; a task whose
 * parent is not among them is left out, and so is everything under a collapsed node.
 * Nodes come in outline order (a parent, then its branch).
 */
export function layoutMindMap(
  project: { id: string; key: string; name: string },
  tasks: MindMapTask[],
  collapsed: ReadonlySet<string> = new Set(),
): MindMapLayout {
  const root: Branch = { item: null, children: [] };
  const branches = new Map<string, Branch>(tasks.map((task) => [task.id, { item: task, children: [] }]));
  for (const task of tasks) {
    const parent = task.parentId === null ? root : branches.get(task.parentId);
    parent?.children.push(branches.get(task.id)!);
  }
  const idOf = (branch: Branch) => branch.item?.id ?? project.id;
  const shown = hierarchy(root, (branch) => (collapsed.has(idOf(branch)) ? null : branch.children));
  // Vertical spacing first (d3's x), then the distance between levels (d3's y).
  const laidOut = tree<Branch>()
    .nodeSize([NODE_HEIGHT + SIBLING_GAP, NODE_WIDTH + LEVEL_GAP])
    .separation(() => 1)(shown);
  let top = Infinity;
  let bottom = -Infinity;
  let right = 0;
  laidOut.each((node) => {
    top = Math.min(top, node.x);
    bottom = Math.max(bottom, node.x);
    right = Math.max(right, node.y);
  });

  const nodes: MindMapNode[] = [];
  const edges: MindMapLayout["edges"] = [];
  laidOut.eachBefore((node) => {
    const { item, children } = node.data;
    const id = idOf(node.data);
    const parentId = node.parent ? idOf(node.parent.data) : null;
    nodes.push({
      id,
      parentId,
      kind: item ? "task" : "project",
      key: item?.key ?? project.key,
      title: item?.title ?? project.name,
      status: item?.status ?? null,
      done: item?.done ?? false,
      depth: node.depth,
      x: node.y,
      y: node.x - top,
      width: NODE_WIDTH,
      height: NODE_HEIGHT,
      childCount: children.length,
      collapsed: children.length > 0 && collapsed.has(id),
    });
    if (parentId) edges.push({ id: `${parentId}-${id}`, source: parentId, target: id });
  });
  return { nodes, edges, width: right + NODE_WIDTH, height: bottom - top + NODE_HEIGHT };
}

/**
 * The smallest zoom the map opens at: its smallest text (13 px) still reads at 12 px. A
 * tree that does not fit at this zoom opens cut (its middle, where the project is, in view,
 * the rest a drag away; the outline below lists everything).
 */
export const READABLE_ZOOM = 0.93;
const MAP_PADDING = 24;

/** The canvas's height for a tree: the whole tree at the readable zoom, between 360 and 960 px. */
export function canvasHeightFor(layout: Pick<MindMapLayout, "height">) {
  return Math.round(Math.min(960, Math.max(360, layout.height * READABLE_ZOOM + 2 * MAP_PADDING)));
}

/**
 * Where the map opens in a canvas of `width` × `height`: the whole tree, centred, at up to
 * 100 % and never under `READABLE_ZOOM`. A tree wider than that starts at its left (the
 * project); a taller one stays centred on the project.
 */
export function viewportFor(layout: Pick<MindMapLayout, "width" | "height">, width: number, height: number) {
  const fit = Math.min((width - 2 * MAP_PADDING) / layout.width, (height - 2 * MAP_PADDING) / layout.height);
  const zoom = Math.min(1, Math.max(READABLE_ZOOM, fit));
  const shownWidth = layout.width * zoom;
  const shownHeight = layout.height * zoom;
  const x = shownWidth + 2 * MAP_PADDING <= width ? (width - shownWidth) / 2 : MAP_PADDING;
  const y = (height - shownHeight) / 2;
  return { x: Math.round(x), y: Math.round(y), zoom };
}

/** Public ids as they appear in `?collapsed=`: letters and digits. */
const ID_PATTERN = /^[A-Za-z0-9]{6,20}$/;
const MAX_COLLAPSED = 300;

/** `?collapsed=a,b,c` as a list of well-formed, distinct ids (bounded). */
export function parseCollapsed(value: string | null): string[] {
  if (!value) return [];
  const ids = value.split(",").filter((id) => ID_PATTERN.test(id));
  return [...new Set(ids)].slice(0, MAX_COLLAPSED);
}

/** The Mind Map's URL with `id` collapsed or expanded (the other collapsed branches kept). */
export function toggleHref(collapsed: readonly string[], id: string) {
  const next = collapsed.includes(id) ? collapsed.filter((other) => other !== id) : [...collapsed, id];
  return mindMapHref(next);
}

/** The Mind Map's URL with these branches collapsed and, optionally, the add-child form open under `add`. */
export function mindMapHref(collapsed: readonly string[], add?: string) {
  const params = new URLSearchParams({ view: "mindmap" });
  if (collapsed.length > 0) params.set("collapsed", collapsed.join(","));
  if (add) params.set("add", add);
  return `?${params.toString().replaceAll("%2C", ",")}`;
}
