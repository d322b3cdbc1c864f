import { describe, expect, it } from "vitest";

import { findUserByEmail } from "~/.server/auth-service/users";
import { verifyPassword } from "~/.server/auth-service/passwords";
import { DEMO_EMAIL, DEMO_PASSWORD, seedDemo } from "~/.server/demo/seed";
import { chatPage } from "~/.server/chat/queries";
import { projectForMember } from "~/.server/projects/access";
import { dashboardProjects } from "~/.server/projects/queries";
import { boardColumns } from "~/.server/tasks/queries";
import { listWorkspaces } from "~/.server/workspaces/workspaces";
import { engines, useTestDatabase } from "../setup/database";

/** `npm run seed:demo`'s work: a confirmed demo account, two workspaces, five projects, once. */
describe.each(engines)("the demo seed on %s", (engine) => {
  const db = useTestDatabase(engine);

  it("creates the demo account with the spec's sample shape, and does nothing the second time", async () => {
    expect(await seedDemo()).toEqual({ created: true, email: DEMO_EMAIL, password: DEMO_PASSWORD });
    const user = await findUserByEmail(db().db, DEMO_EMAIL);
    expect(user?.emailConfirmedAt).toBeInstanceOf(Date);
    expect(await verifyPassword(DEMO_PASSWORD, user?.encryptedPassword)).toBe(true);
    const workspaces = await listWorkspaces(user!.id);
    expect(workspaces.map((workspace) => workspace.name)).toEqual(["Personal Projects", "Acme Corp"]);
    const projects = await dashboardProjects(user!.id, { sort: "name" });
    expect(projects.map((project) => project.name)).toEqual([
      "Marketing Campaign",
      "Mobile App",
      "Product Roadmap",
      "Q3 Planning",
      "Website Redesign",
    ]);
    expect(projects.filter((project) => project.starred).map((project) => project.name)).toEqual([
      "Product Roadmap",
      "Website Redesign",
    ]);
    // Each project has tasks across its statuses, with subtasks and dates around today.
    const [website] = projects.filter((project) => project.name === "Website Redesign");
    const { project: row } = await projectForMember(user!.id, website!.id);
    const board = await boardColumns(row);
    expect(board.map((column) => column.cards.map((card) => card.title))).toEqual([
      ["Migrate the docs to the new theme", "Set up redirects from old URLs"],
      ["Design the home page"],
      ["Write the new information architecture"],
      ["Audit the current site's pages"],
    ]);
    const review = board[2]!.cards[0]!;
    expect(review.subtasks).toEqual({ done: 0, total: 2 });
    expect(review.dueDate! < new Date().toISOString().slice(0, 10)).toBe(true);
    expect(board[3]!.cards[0]!.done).toBe(true);
    // The team's labels, a checklist and the chat: every view has something to show.
    const design = board[1]!.cards[0]!;
    expect(design.labels).toEqual([{ name: "Design", color: "purple" }]);
    expect(design.checklist).toEqual({ done: 1, total: 3 });
    expect(board[0]!.cards.map((card) => card.labels.map((label) => label.name))).toEqual([["Docs"], ["Bug"]]);
    const chat = await chatPage(row, { userId: user!.id, role: "owner" }, null);
    expect(chat.messages.map((message) => message.html)).toEqual([
      "<p>Kick-off notes are in the project description.</p>",
      "<p>Home page mock-ups land on <strong>Thursday</strong>; reviews in the Review column.</p>",
    ]);
    expect((await seedDemo()).created).toBe(false);
    expect(await dashboardProjects(user!.id)).toHaveLength(5);
  });
});
