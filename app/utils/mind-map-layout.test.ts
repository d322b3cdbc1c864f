import { describe, expect, it } from "vitest";

import {
  canvasHeightFor,
  layoutMindMap,
  mindMapHref,
  NODE_HEIGHT,
  NODE_WIDTH,
  parseCollapsed,
  READABLE_ZOOM,
  toggleHref,
  viewportFor,
  type MindMapNode,
  type MindMapTask,
} from "./mind-map-layout";

const project = { id: "PROJECT001", key: "WEB", name: "Website" };
const todo = { name: "To Do", color: "slate" };

function task(id: string, parentId: string | null = null, done = false): MindMapTask {
  return { id, key: `WEB-${id}`, title: `Task ${id}`, parentId, status: todo, done };
}

/** Three top-level tasks, the first two with subtasks of varied counts. */
const tasks = [
  task("AAAAAA"),
  task("AAAAA1", "AAAAAA"),
  task("AAAAA2", "AAAAAA", true),
  task("AAAAA3", "AAAAAA"),
  task("BBBBBB"),
  task("BBBBB1", "BBBBBB"),
  task("CCCCCC"),
];

function overlaps(a: MindMapNode, b: MindMapNode) {
  return a.x < b.x + b.width && b.x < a.x + a.width && a.y < b.y + b.height && b.y < a.y + a.height;
}

describe("layoutMindMap", () => {
  it("puts the project at the root, tasks below it and subtasks below them, in outline order", () => {
    const { nodes, edges } = layoutMindMap(project, tasks);
    expect(nodes.map((node) => [node.id, node.depth])).toEqual([
      ["PROJECT001", 0],
      ["AAAAAA", 1],
      ["AAAAA1", 2],
      ["AAAAA2", 2],
      ["AAAAA3", 2],
      ["BBBBBB", 1],
      ["BBBBB1", 2],
      ["CCCCCC", 1],
    ]);
    expect(nodes[0]).toMatchObject({ kind: "project", key: "WEB", title: "Website", status: null, childCount: 3 });
    expect(nodes.find((node) => node.id === "AAAAA2")).toMatchObject({ done: true, parentId: "AAAAAA" });
    expect(edges).toHaveLength(nodes.length - 1);
    expect(edges).toContainEqual({ id: "AAAAAA-AAAAA1", source: "AAAAAA", target: "AAAAA1" });
  });

  it("places every child to the right of its parent, never overlapping another node, all in positive space", () => {
    const many = [...tasks, ...Array.from({ length: 40 }, (_, i) => task(`D${String(i).padStart(5, "0")}`, "CCCCCC"))];
    const layout = layoutMindMap(project, many);
    const byId = new Map(layout.nodes.map((node) => [node.id, node]));
    for (const node of layout.nodes) {
      expect(node.x).toBeGreaterThanOrEqual(0);
      expect(node.y).toBeGreaterThanOrEqual(0);
      expect(node.x + node.width).toBeLessThanOrEqual(layout.width);
      expect(node.y + node.height).toBeLessThanOrEqual(layout.height);
      expect([node.width, node.height]).toEqual([NODE_WIDTH, NODE_HEIGHT]);
      if (node.parentId) expect(node.x).toBeGreaterThanOrEqual(byId.get(node.parentId)!.x + NODE_WIDTH);
    }
    for (const [index, a] of layout.nodes.entries()) {
      for (const b of layout.nodes.slice(index + 1)) expect(overlaps(a, b), `${a.id} and ${b.id}`).toBe(false);
    }
  });

  it("leaves out what is under a collapsed node, and says the node is collapsed", () => {
    const { nodes, edges } = layoutMindMap(project, tasks, new Set(["AAAAAA", "CCCCCC"]));
    expect(nodes.map((node) => node.id)).toEqual(["PROJECT001", "AAAAAA", "BBBBBB", "BBBBB1", "CCCCCC"]);
    expect(nodes.find((node) => node.id === "AAAAAA")).toMatchObject({ collapsed: true, childCount: 3 });
    // A node without children is never shown as collapsed.
    expect(nodes.find((node) => node.id === "CCCCCC")).toMatchObject({ collapsed: false, childCount: 0 });
    expect(edges.map((edge) => edge.target)).not.toContain("AAAAA1");

    const rootOnly = layoutMindMap(project, tasks, new Set(["PROJECT001"]));
    expect(rootOnly.nodes.map((node) => node.id)).toEqual(["PROJECT001"]);
    expect(rootOnly).toMatchObject({ width: NODE_WIDTH, height: NODE_HEIGHT, edges: [] });
  });

  it("leaves out a task whose parent is not in the list", () => {
    const { nodes } = layoutMindMap(project, [task("AAAAAA"), task("ORPHAN", "MISSING")]);
    expect(nodes.map((node) => node.id)).toEqual(["PROJECT001", "AAAAAA"]);
  });
});

describe("the collapsed branches in the URL", () => {
  it("reads well-formed, distinct ids only, and a bounded number of them", () => {
    expect(parseCollapsed(null)).toEqual([]);
    expect(parseCollapsed("AAAAAA,bad!,AAAAAA,,BBBBBB")).toEqual(["AAAAAA", "BBBBBB"]);
    expect(
      parseCollapsed(Array.from({ length: 500 }, (_, i) => `ID${String(i).padStart(6, "0")}`).join(",")),
    ).toHaveLength(300);
  });

  it("toggles one branch and keeps the others", () => {
    expect(toggleHref([], "AAAAAA")).toBe("?view=mindmap&collapsed=AAAAAA");
    expect(toggleHref(["AAAAAA", "BBBBBB"], "AAAAAA")).toBe("?view=mindmap&collapsed=BBBBBB");
    expect(toggleHref(["AAAAAA"], "AAAAAA")).toBe("?view=mindmap");
    expect(mindMapHref(["AAAAAA", "BBBBBB"], "CCCCCC")).toBe("?view=mindmap&collapsed=AAAAAA,BBBBBB&add=CCCCCC");
  });
});

describe("the map's opening view", () => {
  const tasks = (count: number): MindMapTask[] =>
    Array.from({ length: count }, (_, index) => ({
      id: `TASK${String(index).padStart(4, "0")}`,
      key: `WEB-${index + 1}`,
      title: `Task ${index + 1}`,
      parentId: null,
      status: { name: "To Do", color: "slate" },
      done: false,
    }));
  const project = { id: "PROJECT001", key: "WEB", name: "Website" };

  it("shows fifteen tasks whole with text of 12 px or more on a laptop", () => {
    const layout = layoutMindMap(project, tasks(15));
    const height = canvasHeightFor(layout);
    const view = viewportFor(layout, 1100, height);
    expect(view.zoom).toBeGreaterThanOrEqual(READABLE_ZOOM);
    expect(13 * view.zoom).toBeGreaterThanOrEqual(12);
    // Every node inside the canvas.
    for (const node of layout.nodes) {
      expect(view.x + node.x * view.zoom).toBeGreaterThanOrEqual(0);
      expect(view.y + node.y * view.zoom).toBeGreaterThanOrEqual(0);
      expect(view.x + (node.x + node.width) * view.zoom).toBeLessThanOrEqual(1100);
      expect(view.y + (node.y + node.height) * view.zoom).toBeLessThanOrEqual(height);
    }
  });

  it("never zooms a big tree out of reading size, nor a small one past 100 %", () => {
    const big = layoutMindMap(project, tasks(80));
    expect(canvasHeightFor(big)).toBe(960);
    expect(viewportFor(big, 1100, 960).zoom).toBe(READABLE_ZOOM);
    const small = layoutMindMap(project, tasks(2));
    expect(canvasHeightFor(small)).toBe(360);
    expect(viewportFor(small, 1100, 360).zoom).toBe(1);
    // On a phone the project stays at the left edge.
    const phone = viewportFor(small, 350, 360);
    expect(phone).toMatchObject({ x: 24, zoom: READABLE_ZOOM });
  });
});
