import { styled } from "@mui/material/styles";
import {
  Controls,
  Handle,
  Position,
  ReactFlow,
  type Edge,
  type Node,
  type NodeHandle,
  type NodeProps,
} from "@xyflow/react";
import { useRef } from "react";
import { Form, Link } from "react-router";

import { useHydrated } from "~/utils/use-hydrated";
import {
  canvasHeightFor,
  mindMapHref,
  toggleHref,
  viewportFor,
  type MindMapLayout,
  type MindMapNode,
} from "~/utils/mind-map-layout";

/**
 * The Mind Map view: the project, its tasks and their subtasks as a tidy tree drawn by
 * React Flow. The server sends the positions (app/utils/mind-map-layout.ts) and renders the
 * map, so without JavaScript it is a static picture; with it, it pans and zooms. Collapsing
 * a branch and opening a node's "add a child" form are links that keep their state in the
 * URL, and the form is a plain POST. Beside the map, an outline of the same tree (nested
 * lists of links) serves the keyboard and screen readers. One styled parent holds every
 * node's CSS; nodes are plain elements (docs/decisions/009).
 */
export type MindMapData = {
  layout: MindMapLayout;
  /** Tasks the tree holds, and how many of them the server sent. */
  total: number;
  shown: number;
  collapsed: string[];
  /** The node whose add-child form is open. */
  adding: MindMapNode | null;
};

/** The canvas's width as the server assumes it (a laptop's content column); the browser measures it. */
const MAP_WIDTH = 960;

const View = styled("div")(({ theme }) => {
  const { palette } = theme.vars;
  return {
    display: "grid",
    gap: 16,
    "& .pl-mm-note": { margin: 0, color: palette.text.secondary, fontSize: 14 },
    "& .pl-mm-canvas": {
      // Its height follows the tree (canvasHeightFor), set on the element.
      borderRadius: 12,
      border: `1px solid ${palette.divider}`,
      background: palette.action.hover,
      overflow: "hidden",
      // React Flow's own pieces in the theme's colours, in both colour schemes.
      "--xy-edge-stroke": palette.text.disabled,
      "--xy-controls-button-background-color": palette.background.paper,
      "--xy-controls-button-background-color-hover": palette.action.hover,
      "--xy-controls-button-color": palette.text.primary,
      "--xy-controls-button-border-color": palette.divider,
      "--xy-attribution-background-color": "transparent",
    },
    "& .react-flow__handle": { opacity: 0, pointerEvents: "none" },
    "& .react-flow__attribution a": { color: palette.text.secondary },
    "& .pl-mm-node": {
      display: "flex",
      alignItems: "stretch",
      width: "100%",
      height: "100%",
      boxSizing: "border-box",
      borderRadius: 10,
      border: `1px solid ${palette.divider}`,
      borderLeft: "5px solid var(--pl-from)",
      background: palette.background.paper,
      color: palette.text.primary,
      fontSize: 14,
      // React Flow turns pointer events off on nodes that are neither selectable nor draggable.
      pointerEvents: "all",
    },
    "& .pl-mm-node[data-kind=project]": { borderWidth: 2, borderLeftWidth: 5, fontWeight: 700 },
    "& .pl-mm-open": {
      display: "grid",
      alignContent: "center",
      gap: 2,
      minWidth: 0,
      flexGrow: 1,
      padding: "0 10px",
      color: "inherit",
      textDecoration: "none",
      borderRadius: 8,
      "&:focus-visible": { outline: `2px solid ${palette.primary.main}`, outlineOffset: -2 },
    },
    "& a.pl-mm-open:hover .pl-mm-title": { textDecoration: "underline" },
    "& .pl-mm-key": {
      fontSize: 13,
      color: palette.text.secondary,
      whiteSpace: "nowrap",
      overflow: "hidden",
      textOverflow: "ellipsis",
    },
    "& .pl-mm-title": { fontWeight: 600, overflow: "hidden", textOverflow: "ellipsis", whiteSpace: "nowrap" },
    "& [data-done] .pl-mm-title": { textDecoration: "line-through", color: palette.text.secondary },
    "& .pl-mm-node[data-done]": { background: palette.action.hover },
    "& .pl-mm-actions": { display: "flex", flexDirection: "column", justifyContent: "center", gap: 2, padding: 4 },
    "& .pl-mm-actions a": {
      minWidth: 24,
      padding: "0 4px",
      borderRadius: 6,
      border: `1px solid ${palette.divider}`,
      color: palette.text.primary,
      fontSize: 13,
      lineHeight: "20px",
      whiteSpace: "nowrap",
      textAlign: "center",
      textDecoration: "none",
      "&:hover": { background: palette.action.hover },
      "&:focus-visible": { outline: `2px solid ${palette.primary.main}` },
    },
    "& .pl-mm-add": {
      display: "flex",
      flexWrap: "wrap",
      alignItems: "center",
      gap: 8,
      padding: 12,
      borderRadius: 12,
      border: `1px solid ${palette.divider}`,
      "& label": { fontWeight: 600, fontSize: 14 },
      "& input": {
        flexGrow: 1,
        minWidth: 200,
        padding: "6px 8px",
        borderRadius: 6,
        border: `1px solid ${palette.divider}`,
        background: palette.background.paper,
        color: palette.text.primary,
        font: "inherit",
      },
      "& button": {
        padding: "6px 14px",
        borderRadius: 6,
        border: 0,
        background: palette.primary.main,
        color: palette.primary.contrastText,
        font: "inherit",
        fontWeight: 600,
        cursor: "pointer",
      },
    },
    "& .pl-field-error": { flexBasis: "100%", margin: 0, fontSize: 13, color: palette.error.main },
    "& .pl-mm-outline h3": { margin: "0 0 8px", fontSize: 16 },
    "& .pl-mm-outline ul": { margin: 0, paddingLeft: 20 },
    "& .pl-mm-outline li": { margin: "4px 0" },
    "& .pl-mm-outline .pl-mm-row": { display: "flex", flexWrap: "wrap", alignItems: "center", gap: 8 },
    "& .pl-mm-outline .pl-dot": { alignSelf: "center" },
    "& .pl-mm-outline [data-done] > .pl-mm-row > a:first-of-type": { textDecoration: "line-through" },
    "& .pl-mm-outline .pl-mm-row a + a": { fontSize: 13 },
  };
});

export function MindMap({
  projectId,
  projectColor,
  data,
  canEdit,
  refused,
}: {
  projectId: string;
  /** The project node's colour (a task's is its status's). */
  projectColor: string;
  data: MindMapData;
  canEdit: boolean;
  /** A refused add-child form: under which node, what was typed, and why. */
  refused?: { parentId: string; title: string; error: string };
}) {
  const links = linksFor(projectId, data, canEdit);
  return (
    <View>
      {data.shown < data.total ? (
        <p className="pl-mm-note">
          Showing {data.shown} of {data.total} tasks. The <Link to="?view=list">List view</Link> has them all.
        </p>
      ) : null}
      {canEdit && data.adding ? (
        <AddChild parent={data.adding} collapsed={data.collapsed} root={data.layout.nodes[0]!} refused={refused} />
      ) : null}
      <MindMapCanvas
        layout={data.layout}
        links={links}
        projectColor={projectColor}
        label={`Mind map of ${data.layout.nodes[0]!.title}`}
      />
      <Outline layout={data.layout} links={links} />
    </View>
  );
}

type NodeLinks = { open?: string; toggle?: string; add?: string };

/** Where each node's links go: its task page, its branch collapsed or expanded, its add-child form. */
function linksFor(projectId: string, data: MindMapData, canEdit: boolean) {
  const links = new Map<string, NodeLinks>();
  for (const node of data.layout.nodes) {
    links.set(node.id, {
      open: node.kind === "task" ? `/app/project/${projectId}/task/${node.id}` : undefined,
      toggle: node.childCount > 0 ? toggleHref(data.collapsed, node.id) : undefined,
      // The project takes top-level tasks, a task subtasks; a subtask takes nothing.
      add: canEdit && node.depth < 2 ? `${mindMapHref(data.collapsed, node.id)}#add-child` : undefined,
    });
  }
  return links;
}

type FlowNode = Node<{ node: MindMapNode; links: NodeLinks; color: string }, "mindmap">;

/** Where the edges attach, given up front so the server can draw them (no DOM to measure). */
function handlesOf(node: MindMapNode): NodeHandle[] {
  const middle = node.height / 2;
  return [
    { type: "target", position: Position.Left, x: 0, y: middle, width: 1, height: 1 },
    { type: "source", position: Position.Right, x: node.width - 1, y: middle, width: 1, height: 1 },
  ];
}

const nodeTypes = { mindmap: MindMapNodeView };

function MindMapCanvas({
  layout,
  links,
  projectColor,
  label,
}: {
  layout: MindMapLayout;
  links: Map<string, NodeLinks>;
  projectColor: string;
  label: string;
}) {
  const hydrated = useHydrated();
  const canvas = useRef<HTMLDivElement>(null);
  const height = canvasHeightFor(layout);
  const nodes: FlowNode[] = layout.nodes.map((node) => ({
    id: node.id,
    type: "mindmap",
    position: { x: node.x, y: node.y },
    width: node.width,
    height: node.height,
    handles: handlesOf(node),
    data: { node, links: links.get(node.id) ?? {}, color: node.status?.color ?? projectColor },
    ariaRole: "group",
    ariaLabel: `${node.key} ${node.title}`,
    // On the node itself as well as on the map: the server renders before the map's settings apply.
    focusable: false,
    selectable: false,
    draggable: false,
    connectable: false,
  }));
  // Lines only (what they say is in the outline): hidden, no wide invisible path to click.
  const edges = layout.edges.map((edge): Edge => ({
    ...edge,
    type: "smoothstep",
    focusable: false,
    selectable: false,
    interactionWidth: 0,
    domAttributes: { "aria-hidden": true },
  }));
  return (
    <div className="pl-mm-canvas" ref={canvas} style={{ height }}>
      <ReactFlow
        // A new tree (a task added, a branch collapsed) is a new map, fitted to the view again.
        key={layout.nodes.map((node) => node.id).join()}
        aria-label={label}
        nodes={nodes}
        edges={edges}
        nodeTypes={nodeTypes}
        width={MAP_WIDTH}
        height={height}
        // Opens with the tree in view at a readable size: computed, not fitted, so the server
        // draws it there too; the browser places it again for the canvas's real width.
        defaultViewport={viewportFor(layout, MAP_WIDTH, height)}
        onInit={(flow) => {
          const box = canvas.current;
          if (box) void flow.setViewport(viewportFor(layout, box.clientWidth, box.clientHeight));
        }}
        minZoom={0.1}
        maxZoom={2}
        nodesDraggable={false}
        nodesConnectable={false}
        nodesFocusable={false}
        edgesFocusable={false}
        elementsSelectable={false}
        disableKeyboardA11y
        // The wheel scrolls the page past the map; the buttons, a pinch or a double click zoom.
        zoomOnScroll={false}
        preventScrolling={false}
      >
        {/* Zooming needs the script: without it the buttons would do nothing. */}
        {hydrated ? <Controls showInteractive={false} /> : null}
      </ReactFlow>
    </div>
  );
}

function MindMapNodeView({ data }: NodeProps<FlowNode>) {
  const { node, links, color } = data;
  const label = (
    <>
      <span className="pl-mm-key">
        {node.key}
        {node.status ? ` · ${node.status.name}` : ""}
        {node.done ? " · done" : ""}
      </span>
      <span className="pl-mm-title" title={node.title}>
        {node.title}
      </span>
    </>
  );
  return (
    <div className="pl-mm-node" data-kind={node.kind} data-color={color} data-done={node.done || undefined}>
      <Handle type="target" position={Position.Left} isConnectable={false} />
      {links.open ? (
        <Link className="pl-mm-open nodrag nopan" to={links.open} discover="none">
          {label}
        </Link>
      ) : (
        <div className="pl-mm-open">{label}</div>
      )}
      {links.toggle || links.add ? (
        <span className="pl-mm-actions nodrag nopan">
          {links.toggle ? <ToggleLink node={node} href={links.toggle} /> : null}
          {links.add ? <AddLink node={node} href={links.add} /> : null}
        </span>
      ) : null}
      <Handle type="source" position={Position.Right} isConnectable={false} />
    </div>
  );
}

function ToggleLink({ node, href, text }: { node: MindMapNode; href: string; text?: string }) {
  const name = `${node.collapsed ? "Expand" : "Collapse"} ${node.key}`;
  return (
    <Link to={href} aria-label={text ? undefined : name} title={name} preventScrollReset>
      {text ?? (node.collapsed ? `+${node.childCount}` : "−")}
    </Link>
  );
}

function AddLink({ node, href, text }: { node: MindMapNode; href: string; text?: string }) {
  const name = `Add a ${node.kind === "project" ? "task" : "subtask"} to ${node.key}`;
  return (
    <Link to={href} aria-label={name} title={name} preventScrollReset>
      {text ?? "+ Add"}
    </Link>
  );
}

/** The add-child form of one node: a top-level task under the project, a subtask under a task. */
function AddChild({
  parent,
  root,
  collapsed,
  refused,
}: {
  parent: MindMapNode;
  root: MindMapNode;
  collapsed: string[];
  refused?: { parentId: string; title: string; error: string };
}) {
  const what = parent.kind === "project" ? "task" : "subtask";
  const error = refused?.parentId === (parent.kind === "project" ? "" : parent.id) ? refused : undefined;
  return (
    <Form method="post" className="pl-mm-add" id="add-child" aria-label={`Add a ${what}`}>
      <input type="hidden" name="intent" value="add-child" />
      {parent.kind === "task" ? <input type="hidden" name="parentId" value={parent.id} /> : null}
      <input type="hidden" name="collapsed" value={collapsed.filter((id) => id !== parent.id).join(",")} />
      <label htmlFor="add-child-title">
        New {what} {parent.kind === "project" ? `in ${root.title}` : `under ${parent.key}`}
      </label>
      <input
        id="add-child-title"
        name="title"
        type="text"
        maxLength={200}
        required
        autoFocus
        defaultValue={error?.title}
        aria-invalid={error ? true : undefined}
        aria-describedby={error ? "add-child-error" : undefined}
      />
      <button type="submit">Add</button>
      <Link to={mindMapHref(collapsed)} preventScrollReset>
        Cancel
      </Link>
      {error ? (
        <p id="add-child-error" className="pl-field-error" role="alert">
          {error.error}
        </p>
      ) : null}
    </Form>
  );
}

/** The same tree as nested lists: each node's page, its collapse link and its add-child link. */
function Outline({ layout, links }: { layout: MindMapLayout; links: Map<string, NodeLinks> }) {
  const children = new Map<string, MindMapNode[]>();
  for (const node of layout.nodes) {
    if (!node.parentId) continue;
    children.set(node.parentId, [...(children.get(node.parentId) ?? []), node]);
  }
  const item = (node: MindMapNode) => {
    const own = links.get(node.id) ?? {};
    const below = children.get(node.id) ?? [];
    return (
      <li key={node.id} data-done={node.done || undefined}>
        <span className="pl-mm-row">
          {node.status ? <span className="pl-dot" data-color={node.status.color} aria-hidden /> : null}
          {own.open ? (
            <Link to={own.open} discover="none">
              {node.key} {node.title}
            </Link>
          ) : (
            <strong>{node.title}</strong>
          )}
          {node.status ? (
            <span className="pl-secondary">
              {node.status.name}
              {node.done ? " (done)" : ""}
            </span>
          ) : null}
          {own.toggle ? (
            <ToggleLink
              node={node}
              href={own.toggle}
              text={node.collapsed ? `Expand ${node.key} (${node.childCount})` : `Collapse ${node.key}`}
            />
          ) : null}
          {own.add ? (
            <AddLink node={node} href={own.add} text={`Add a ${node.kind === "project" ? "task" : "subtask"}`} />
          ) : null}
        </span>
        {below.length > 0 ? <ul>{below.map(item)}</ul> : null}
      </li>
    );
  };
  return (
    <section className="pl-mm-outline" aria-labelledby="mind-map-outline">
      <h3 id="mind-map-outline">Outline</h3>
      <ul>{item(layout.nodes[0]!)}</ul>
    </section>
  );
}
