import { describe, expect, it } from "vitest";

import { onlyTaskParamChanged, panelReturnPath, taskIdOfHref, withTaskParam } from "~/utils/task-panel";

describe("panelReturnPath", () => {
  it("accepts the project's own views, without the fragment", () => {
    expect(panelReturnPath("/app/project/P1?view=board&task=T1", "P1")).toBe("/app/project/P1?view=board&task=T1");
    expect(panelReturnPath("/app/project/P1", "P1")).toBe("/app/project/P1");
    expect(panelReturnPath("/app/project/P1?view=list#x", "P1")).toBe("/app/project/P1?view=list");
  });

  it("refuses anything else, so the task page is the fallback", () => {
    for (const value of [
      null,
      "",
      "https://evil.example/app/project/P1",
      "//evil.example/app/project/P1",
      "/app/project/P2?view=board",
      "/app/project/P1x?view=board",
      "/app/project/P1/delete",
      "/app/project/P1\\@evil",
      `/app/project/P1?${"a".repeat(2000)}`,
    ]) {
      expect(panelReturnPath(value, "P1")).toBeNull();
    }
  });
});

describe("taskIdOfHref", () => {
  it("finds the task of a plain task-page link of this project", () => {
    expect(taskIdOfHref("/app/project/P1/task/T1", "P1")).toBe("T1");
    expect(taskIdOfHref("/app/project/P2/task/T1", "P1")).toBeNull();
    expect(taskIdOfHref("/app/project/P1/task/T1?editItem=x#item-x", "P1")).toBeNull();
    expect(taskIdOfHref("/app/project/P1/task/T1/attachment/A1", "P1")).toBeNull();
  });
});

describe("the task param", () => {
  it("opens and closes the panel keeping the view's other params", () => {
    expect(withTaskParam("?view=board", "T1")).toBe("?view=board&task=T1");
    expect(withTaskParam("?view=list&sort=due&task=T1", null)).toBe("?view=list&sort=due");
    expect(withTaskParam("?task=T1", null)).toBe("?");
  });

  it("tells a panel-only navigation from one that changes the view", () => {
    const at = (path: string) => new URL(path, "http://localhost");
    expect(onlyTaskParamChanged(at("/app/project/P1?view=board"), at("/app/project/P1?view=board&task=T1"))).toBe(true);
    expect(onlyTaskParamChanged(at("/app/project/P1?view=board&task=T1"), at("/app/project/P1?view=board"))).toBe(true);
    expect(
      onlyTaskParamChanged(at("/app/project/P1?view=board&task=T1"), at("/app/project/P1?view=board&task=T1")),
    ).toBe(false);
    expect(onlyTaskParamChanged(at("/app/project/P1?view=board"), at("/app/project/P1?view=list&task=T1"))).toBe(false);
  });
});
