import { eq } from "drizzle-orm";
import { renderToStaticMarkup } from "react-dom/server";
import { describe, expect, it } from "vitest";

import { db } from "~/.server/db";
import { templates, workspaces } from "~/.server/db/schema";
import { newPublicId } from "~/.server/ids";
import { createProject, deleteProject } from "~/.server/projects/projects";
import { searchPage } from "~/.server/search/page";
import { parseSearchQuery } from "~/.server/search/parse";
import { search, SEARCH_CANDIDATES, type SearchLimits } from "~/.server/search/search";
import { addComment, deleteComment } from "~/.server/tasks/comments";
import { createTask, deleteTask } from "~/.server/tasks/tasks";
import { MarkedText } from "~/components/search/search-results";
import type { Marked, SearchResults } from "~/.server/search/views";
import { engines, useTestDatabase } from "../setup/database";
import { addMember, buildUser, type TestUser } from "../setup/factories";

/** Search on PGlite and PostgreSQL: only the user's workspaces, only live things, words as prefixes, keys, highlights. */
const EVERYTHING: SearchLimits = { projects: 50, tasks: 50, comments: 50, templates: 50, members: 50 };

const find = (userId: string, text: string, limits: SearchLimits = EVERYTHING) =>
  search(userId, parseSearchQuery(text), limits);

const plain = (runs: Marked) => runs.join("");
const marked = (runs: Marked) => runs.filter((_, index) => index % 2 === 1);

/** Every name-like text of the results, to look for what must not be there. */
function texts(results: SearchResults) {
  return [
    ...results.projects.items.map((hit) => plain(hit.name)),
    ...results.tasks.items.map((hit) => plain(hit.title)),
    ...results.comments.items.map((hit) => plain(hit.excerpt)),
    ...results.templates.items.map((hit) => plain(hit.name)),
    ...results.members.items.map((hit) => `${plain(hit.name)} ${plain(hit.email)}`),
  ];
}

async function addTemplate(workspaceId: string | null, name: string, description = "") {
  const [row] = await db()
    .insert(templates)
    .values({
      publicId: newPublicId(),
      workspaceId,
      builtinKey: workspaceId ? null : `test-${newPublicId()}`,
      name,
      description,
      category: "General",
      icon: "description",
      color: "indigo",
      structure: {},
    })
    .returning({ id: templates.publicId });
  return row!.id;
}

async function workspaceUuid(user: TestUser) {
  const [row] = await db()
    .select({ id: workspaces.id })
    .from(workspaces)
    .where(eq(workspaces.publicId, user.workspaceId));
  return row!.id;
}

describe.each(engines)("search on %s", (engine) => {
  useTestDatabase(engine);

  /** Two workspaces with the same words in everything: the owner's and an outsider's. */
  async function twoWorkspaces() {
    const owner = await buildUser({ fullName: "Ada Zephyrine" });
    const colleague = await buildUser({
      fullName: "Grace Zephyrson",
      email: `grace.zephyr-${newPublicId()}@example.com`,
    });
    await addMember(owner.workspaceId, colleague.id, "editor");
    const outsider = await buildUser({ fullName: "Mallory Zephyrus" });
    const stranger = await buildUser({ fullName: "Eve Zephyrova" });
    await addMember(outsider.workspaceId, stranger.id, "viewer");

    const ours = await createProject(owner.actor, {
      workspaceId: owner.workspaceId,
      name: "Zephyr Website",
      description: "The zephyr relaunch",
    });
    const ourTask = await createTask(owner.actor, { projectId: ours.id, title: "Zephyr landing page" });
    const ourComment = await addComment(owner.actor, { taskId: ourTask.id, body: "The zephyr copy is ready" });
    const ourTemplate = await addTemplate(await workspaceUuid(owner), "Zephyr kickoff");
    const builtIn = await addTemplate(null, "Zephyr built-in plan");

    const theirs = await createProject(outsider.actor, {
      workspaceId: outsider.workspaceId,
      name: "Zephyr Secret",
      description: "zephyr secret",
    });
    const theirTask = await createTask(outsider.actor, { projectId: theirs.id, title: "Zephyr secret task" });
    const theirComment = await addComment(outsider.actor, { taskId: theirTask.id, body: "zephyr secret comment" });
    const theirTemplate = await addTemplate(await workspaceUuid(outsider), "Zephyr secret template");
    return {
      owner,
      colleague,
      outsider,
      ours,
      ourTask,
      ourComment,
      ourTemplate,
      builtIn,
      theirs,
      theirTask,
      theirComment,
      theirTemplate,
    };
  }

  it("finds every type in the user's workspaces and nothing of another workspace", async () => {
    const w = await twoWorkspaces();
    const results = await find(w.owner.id, "zephyr");
    expect(results.projects.items.map((hit) => hit.id)).toEqual([w.ours.id]);
    expect(results.tasks.items.map((hit) => hit.id)).toEqual([w.ourTask.id]);
    expect(results.comments.items.map((hit) => hit.id)).toEqual([w.ourComment.id]);
    expect(results.templates.items.map((hit) => hit.id).sort()).toEqual([w.ourTemplate, w.builtIn].sort());
    expect(results.members.items.map((hit) => plain(hit.name)).sort()).toEqual(["Ada Zephyrine", "Grace Zephyrson"]);
    for (const text of texts(results)) expect(text).not.toMatch(/secret|Mallory|Eve/i);

    // The outsider sees their own, and never the owner's.
    const theirs = await find(w.outsider.id, "zephyr");
    expect(theirs.projects.items.map((hit) => hit.id)).toEqual([w.theirs.id]);
    expect(theirs.tasks.items.map((hit) => hit.id)).toEqual([w.theirTask.id]);
    expect(theirs.comments.items.map((hit) => hit.id)).toEqual([w.theirComment.id]);
    expect(theirs.templates.items.map((hit) => hit.id).sort()).toEqual([w.theirTemplate, w.builtIn].sort());
    expect(theirs.members.items.map((hit) => plain(hit.name)).sort()).toEqual(["Eve Zephyrova", "Mallory Zephyrus"]);
    // Not even by key.
    expect((await find(w.owner.id, `${w.theirTask.key}`)).tasks.items).toEqual([]);
    // The page as the route serves it, palette too.
    for (const path of ["/app/search?q=secret", "/app/search?q=secret&palette=1", "/app/search?q=zephyr&type=tasks"]) {
      const page = await searchPage(w.owner.id, new URL(`http://localhost${path}`));
      expect(JSON.stringify(page.results)).not.toContain(w.theirs.id);
      expect(JSON.stringify(page.results)).not.toContain(w.theirTask.id);
    }
  });

  it("does not find deleted tasks, comments and projects, nor what a deleted project holds", async () => {
    const w = await twoWorkspaces();
    const other = await createTask(w.owner.actor, { projectId: w.ours.id, title: "Zephyr second task" });
    await deleteTask(w.owner.actor, { taskId: other.id });
    await deleteComment(w.owner.actor, { taskId: w.ourTask.id, commentId: w.ourComment.id });
    let results = await find(w.owner.id, "zephyr");
    expect(results.tasks.items.map((hit) => hit.id)).toEqual([w.ourTask.id]);
    expect(results.comments.items).toEqual([]);
    expect((await find(w.owner.id, other.key)).tasks.items).toEqual([]);

    const kept = await addComment(w.owner.actor, { taskId: w.ourTask.id, body: "zephyr again" });
    expect((await find(w.owner.id, "zephyr")).comments.items.map((hit) => hit.id)).toEqual([kept.id]);
    await deleteProject(w.owner.actor, { projectId: w.ours.id });
    results = await find(w.owner.id, "zephyr");
    expect(results.projects.items).toEqual([]);
    expect(results.tasks.items).toEqual([]);
    expect(results.comments.items).toEqual([]);
    expect((await find(w.owner.id, w.ourTask.key)).tasks.items).toEqual([]);
  });

  it("matches each word as a prefix, all of them, in titles before descriptions", async () => {
    const owner = await buildUser();
    const project = await createProject(owner.actor, { workspaceId: owner.workspaceId, name: "Mobile App" });
    const inDescription = await createTask(owner.actor, {
      projectId: project.id,
      title: "Polish icons",
      description: "Also check the onboarding flow",
    });
    const inTitle = await createTask(owner.actor, { projectId: project.id, title: "Onboarding flow review" });
    await createTask(owner.actor, { projectId: project.id, title: "Onboarding emails" });

    const ids = async (text: string) => (await find(owner.id, text)).tasks.items.map((hit) => hit.id);
    expect(await ids("onboard flo")).toEqual([inTitle.id, inDescription.id]);
    expect(await ids("ONBOARDING FLOW")).toEqual([inTitle.id, inDescription.id]);
    expect(await ids("onboard nothing")).toEqual([]);
    expect((await ids("onbo")).length).toBe(3);
    // Whole words and words that begin so, both.
    const whole = await createTask(owner.actor, { projectId: project.id, title: "Plan the sprint" });
    const longer = await createTask(owner.actor, { projectId: project.id, title: "Planning poker" });
    expect((await ids("plan")).sort()).toEqual([whole.id, longer.id].sort());
    // One letter is a whole word only, not a prefix of every word.
    expect(await ids("o")).toEqual([]);
    expect((await find(owner.id, "mob")).projects.items.map((hit) => plain(hit.name))).toEqual(["Mobile App"]);
    // The project's key is one of its words.
    expect((await find(owner.id, project.key)).projects.items.map((hit) => hit.id)).toEqual([project.id]);
  });

  it("finds a task by its key, first, and the rest by the key's letters", async () => {
    const owner = await buildUser();
    const project = await createProject(owner.actor, { workspaceId: owner.workspaceId, name: "Website", key: "WEB" });
    const first = await createTask(owner.actor, { projectId: project.id, title: "Hero image" });
    const second = await createTask(owner.actor, { projectId: project.id, title: "Web fonts" });
    expect(first.key).toBe("WEB-1");
    let results = await find(owner.id, "web-1");
    expect(results.tasks.items[0]).toMatchObject({ id: first.id, key: "WEB-1", exact: true, title: ["Hero image"] });
    expect(results.tasks.items.map((hit) => hit.id)).toEqual([first.id, second.id]);
    expect(results.projects.items.map((hit) => hit.id)).toEqual([project.id]);
    results = await find(owner.id, "WEB-2");
    expect(results.tasks.items.map((hit) => [hit.id, hit.exact])).toEqual([[second.id, true]]);
    expect((await find(owner.id, "WEB-99")).tasks.items.map((hit) => hit.id)).toEqual([second.id]);
    // "covid-19" is no key of theirs: the words still search.
    const covid = await createTask(owner.actor, { projectId: project.id, title: "Covid notice" });
    expect((await find(owner.id, "covid-19")).tasks.items.map((hit) => hit.id)).toEqual([covid.id]);
  });

  it("highlights the matched words and keeps the text as written, HTML and markers included", async () => {
    const owner = await buildUser();
    const project = await createProject(owner.actor, { workspaceId: owner.workspaceId, name: "Markup" });
    const title = `<b>Bold</b> \u0001marquee\u0002 <script>alert("x")</script> & marquee`;
    await createTask(owner.actor, {
      projectId: project.id,
      title,
      description: "Words before the <i>marquee</i> and after it",
    });
    const [hit] = (await find(owner.id, "marq")).tasks.items;
    // The forged markers are gone, every real match is marked, the rest is the title as typed.
    expect(plain(hit!.title)).toBe(title.replaceAll("\u0001", "").replaceAll("\u0002", ""));
    expect(marked(hit!.title)).toEqual(["marquee", "marquee"]);
    expect(marked(hit!.excerpt!)).toEqual(["marquee"]);
    const html = renderToStaticMarkup(MarkedText({ runs: hit!.title }));
    expect(html).toContain("&lt;b&gt;Bold&lt;/b&gt;");
    expect(html).toContain("&lt;script&gt;");
    expect(html).not.toContain("<script>");
    expect(html.match(/<mark>marquee<\/mark>/g)).toHaveLength(2);
  });

  it("finds co-members by a part of their e-mail address and highlights it in place", async () => {
    const owner = await buildUser({ fullName: "Owner" });
    const colleague = await buildUser({ fullName: "Linus", email: `linus.quartz-${newPublicId()}@example.org` });
    await addMember(owner.workspaceId, colleague.id, "viewer");
    const [hit] = (await find(owner.id, "quartz")).members.items;
    expect(plain(hit!.name)).toBe("Linus");
    expect(plain(hit!.email)).toBe(colleague.email);
    expect(marked(hit!.email)).toEqual([colleague.email.split(/[.-]/)[1]]);
    expect(hit!.workspaceId).toBe(owner.workspaceId);
  });

  it("bounds the groups, counts them and pages one type", async () => {
    const owner = await buildUser();
    const project = await createProject(owner.actor, { workspaceId: owner.workspaceId, name: "Many" });
    for (let i = 0; i < 25; i++) await createTask(owner.actor, { projectId: project.id, title: `Sprocket ${i}` });
    const page = (path: string) => searchPage(owner.id, new URL(`http://localhost/app/search?${path}`));
    let result = await page("q=sprocket");
    expect(result.results.tasks.items).toHaveLength(10);
    expect(result.results.tasks.total).toBe(25);
    result = await page("q=sprocket&type=tasks");
    expect(result.results.tasks.items).toHaveLength(20);
    expect(result.results.projects).toMatchObject({ items: [], total: 0 });
    result = await page("q=sprocket&type=tasks&show=40");
    expect(result.results.tasks.items).toHaveLength(25);
    expect(result.show).toBe(40);
    result = await page("q=sprocket&palette=1");
    expect(result.results.tasks.items).toHaveLength(6);
    expect(result.results.comments.total).toBe(0);
    expect((await page("q=sprocket&type=bogus&show=-5")).type).toBeNull();
    expect(SEARCH_CANDIDATES).toBeGreaterThan(25);
  });

  it("gives no error for hostile queries", async () => {
    const owner = await buildUser();
    const project = await createProject(owner.actor, { workspaceId: owner.workspaceId, name: "Safe" });
    await createTask(owner.actor, { projectId: project.id, title: "Plain words here" });
    const hostile = [
      "a & b | !c",
      "plain:* & !words",
      "'plain' <-> 'words'",
      '"plain words"',
      "plain\\",
      "((((",
      ":*",
      "!",
      "'",
      "a\u0000b",
      "%_\\",
      "-1",
      "x".repeat(10_000),
      "w ".repeat(5_000),
      "ÅNGSTRÖM ß ǅ 日本語 ١٢٣",
      "plain) | (words",
      "ABCDEFGHIJK-123456789012",
    ];
    for (const text of hostile) {
      const query = parseSearchQuery(text);
      expect(query.text.length).toBeLessThanOrEqual(100);
      await expect(search(owner.id, query, EVERYTHING)).resolves.toBeDefined();
    }
    expect((await find(owner.id, "plain:* & !words")).tasks.items).toHaveLength(1);
    expect((await find(owner.id, "plain) | (nothing")).tasks.items).toHaveLength(0);
  });
});
