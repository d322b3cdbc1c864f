import { describe, expect, it } from "vitest";

import { describeDay, dueDateOf, mayNeedVocabulary, parseQuickAdd, type QuickAddVocabulary } from "./quick-add-syntax";

/** 2026-11-25 is a Wednesday. */
const TODAY = "2026-11-25";

const vocabulary: QuickAddVocabulary = {
  members: [
    { id: "u-sam", name: "Sam Lee", handle: "sam.lee" },
    { id: "u-samira", name: "Samira Okafor", handle: "samira" },
    { id: "u-ada", name: "Ada Lovelace", handle: "countess" },
    { id: "u-noname", name: "dev@example.com", handle: "dev" },
    { id: "u-jo1", name: "Jo March", handle: "jo.m" },
    { id: "u-jo2", name: "Jo Baker", handle: "jbaker" },
  ],
  labels: [
    { id: "l-bug", name: "Bug", color: "rose" },
    { id: "l-review", name: "Needs review", color: "amber" },
    { id: "l-front", name: "frontend", color: "teal" },
  ],
};

const parse = (text: string, today = TODAY) => parseQuickAdd(text, vocabulary, today);

describe("parseQuickAdd", () => {
  it("reads the example of the issue: assignee, priority, label and due date, the rest is the title", () => {
    expect(parse("Fix login @sam !high #bug due:fri")).toEqual({
      title: "Fix login",
      priority: "high",
      dueDate: "2026-11-27",
      assigneeIds: ["u-sam"],
      labelIds: ["l-bug"],
      tokens: [
        { kind: "assignee", text: "@sam", id: "u-sam", name: "Sam Lee" },
        { kind: "priority", text: "!high", priority: "high" },
        { kind: "label", text: "#bug", id: "l-bug", name: "Bug", color: "rose" },
        { kind: "due", text: "due:fri", date: "2026-11-27" },
      ],
    });
  });

  it("takes tokens anywhere in the text and collapses the white space they leave", () => {
    const parsed = parse("  !low   Write   @ada the   brief due:tomorrow  ");
    expect(parsed.title).toBe("Write the brief");
    expect(parsed).toMatchObject({ priority: "low", assigneeIds: ["u-ada"], dueDate: "2026-11-26" });
  });

  it("leaves plain text alone", () => {
    expect(parse("Plain title")).toEqual({ title: "Plain title", assigneeIds: [], labelIds: [], tokens: [] });
    expect(parse("")).toMatchObject({ title: "", tokens: [] });
    expect(parse("   ")).toMatchObject({ title: "", tokens: [] });
  });

  it("keeps in the title what does not resolve", () => {
    const parsed = parse("Mail ada@example.com about #123 and @nobody !soon due:someday p5 ! # @");
    expect(parsed.title).toBe("Mail ada@example.com about #123 and @nobody !soon due:someday p5 ! # @");
    expect(parsed.tokens).toEqual([]);
  });

  it("has only tokens: the title is empty", () => {
    expect(parse("@sam !high")).toMatchObject({ title: "", priority: "high", assigneeIds: ["u-sam"] });
  });

  describe("@assignee", () => {
    it("matches a full name, a first or last name, or the e-mail's local part, whatever the case", () => {
      for (const word of ["@Ada", "@ADA", "@lovelace", "@countess", "@AdaLovelace", "@ada.lovelace", "@ada_lovelace"]) {
        expect(parse(`Task ${word}`).assigneeIds, word).toEqual(["u-ada"]);
      }
      expect(parse("Task @sam.lee").assigneeIds).toEqual(["u-sam"]);
      expect(parse("Task @dev").assigneeIds).toEqual(["u-noname"]);
    });

    it("takes a unique prefix, and an exact word over longer names that start with it", () => {
      expect(parse("Task @cou").assigneeIds).toEqual(["u-ada"]);
      expect(parse("Task @l").assigneeIds).toEqual([]); // Lee and Lovelace
      expect(parse("Task @sami").assigneeIds).toEqual(["u-samira"]);
      // "sam" is Sam Lee's first name exactly, and only the start of Samira's.
      expect(parse("Task @sam").assigneeIds).toEqual(["u-sam"]);
      // "sa" starts both: nobody.
      expect(parse("Task @sa")).toMatchObject({ title: "Task @sa", assigneeIds: [] });
    });

    it("leaves a name two members share in the title", () => {
      expect(parse("Task @jo")).toMatchObject({ title: "Task @jo", assigneeIds: [] });
      expect(parse("Task @jo.m").assigneeIds).toEqual(["u-jo1"]);
      expect(parse("Task @jobaker").assigneeIds).toEqual(["u-jo2"]);
    });

    it("assigns several members, each once", () => {
      const parsed = parse("Pair @sam @ada @Sam");
      expect(parsed).toMatchObject({ title: "Pair", assigneeIds: ["u-sam", "u-ada"] });
      expect(parsed.tokens.map((token) => token.text)).toEqual(["@sam", "@ada"]);
    });

    it("needs the @ at the start of a word, and no punctuation after the name", () => {
      expect(parse("ping sam@ada").assigneeIds).toEqual([]);
      expect(parse("Ask @ada, then go")).toMatchObject({ title: "Ask @ada, then go", assigneeIds: [] });
    });

    it("resolves nobody without members", () => {
      expect(parseQuickAdd("Task @sam #bug", { members: [], labels: [] }, TODAY).title).toBe("Task @sam #bug");
    });
  });

  describe("!priority", () => {
    it.each([
      ["!urgent", "urgent"],
      ["!HIGH", "high"],
      ["!medium", "medium"],
      ["!med", "medium"],
      ["!low", "low"],
      ["!1", "urgent"],
      ["!2", "high"],
      ["!3", "medium"],
      ["!4", "low"],
      ["p1", "urgent"],
      ["P2", "high"],
      ["p3", "medium"],
      ["p4", "low"],
    ])("%s is %s", (word, priority) => {
      expect(parse(`Task ${word}`)).toMatchObject({ title: "Task", priority });
    });

    it("takes the first; a second stays in the title", () => {
      expect(parse("Task !low !high")).toMatchObject({ title: "Task !high", priority: "low" });
    });

    it("is a whole word only", () => {
      expect(parse("Fix p2p sync !highest !0 !5 p0").priority).toBeUndefined();
    });
  });

  describe("#label", () => {
    it("matches a label's whole name, whatever the case, spaces written as - or _ or nothing", () => {
      for (const word of ["#bug", "#BUG", "#Bug"]) expect(parse(`Task ${word}`).labelIds, word).toEqual(["l-bug"]);
      for (const word of ["#needs-review", "#needs_review", "#NeedsReview"]) {
        expect(parse(`Task ${word}`).labelIds, word).toEqual(["l-review"]);
      }
    });

    it("takes no prefix: an unknown tag stays in the title", () => {
      expect(parse("Task #bu #front #bugs")).toMatchObject({ title: "Task #bu #front #bugs", labelIds: [] });
    });

    it("prefers the name as typed when a looser reading matches two labels", () => {
      const labels = [
        { id: "l-1", name: "a-b", color: "rose" },
        { id: "l-2", name: "ab", color: "blue" },
      ];
      expect(parseQuickAdd("Task #a-b", { members: [], labels }, TODAY).labelIds).toEqual(["l-1"]);
      expect(parseQuickAdd("Task #ab", { members: [], labels }, TODAY).labelIds).toEqual(["l-2"]);
      expect(parseQuickAdd("Task #a_b", { members: [], labels }, TODAY).labelIds).toEqual([]);
    });

    it("puts several labels, each once", () => {
      expect(parse("Task #bug #frontend #bug")).toMatchObject({ title: "Task", labelIds: ["l-bug", "l-front"] });
    });
  });

  describe("due:", () => {
    it("takes the first date; a second stays in the title", () => {
      expect(parse("Task due:today due:tomorrow")).toMatchObject({ title: "Task due:tomorrow", dueDate: TODAY });
    });

    it("is case-insensitive", () => {
      expect(parse("Task Due:Tomorrow").dueDate).toBe("2026-11-26");
      expect(parse("Task DUE:FRI").dueDate).toBe("2026-11-27");
    });

    it("reads no date without a today to count from", () => {
      expect(parse("Task due:today", "")).toMatchObject({ title: "Task due:today" });
    });
  });
});

describe("dueDateOf", () => {
  it.each([
    ["today", "2026-11-25"],
    ["tomorrow", "2026-11-26"],
    ["tmr", "2026-11-26"],
    // Wednesday: Thursday and Friday this week, Wednesday a week later.
    ["thu", "2026-11-26"],
    ["thursday", "2026-11-26"],
    ["fri", "2026-11-27"],
    ["friday", "2026-11-27"],
    ["sat", "2026-11-28"],
    ["sun", "2026-11-29"],
    ["mon", "2026-11-30"],
    ["tue", "2026-12-01"],
    ["tues", "2026-12-01"],
    ["wed", "2026-12-02"],
    ["nov28", "2026-11-28"],
    ["nov-28", "2026-11-28"],
    ["28nov", "2026-11-28"],
    ["november28", "2026-11-28"],
    ["nov25", "2026-11-25"],
    // Passed this year: next year's.
    ["nov24", "2027-11-24"],
    ["jan5", "2027-01-05"],
    ["sept9", "2027-09-09"],
    ["dec31", "2026-12-31"],
    ["2026-12-01", "2026-12-01"],
    ["2025-01-01", "2025-01-01"],
    ["+3d", "2026-11-28"],
    ["+0d", "2026-11-25"],
    ["+2w", "2026-12-09"],
    ["+10d", "2026-12-05"],
  ])("due:%s is %s", (value, date) => {
    expect(dueDateOf(value, TODAY)).toBe(date);
  });

  it.each([
    "",
    "someday",
    "nov",
    "nov32",
    "feb30",
    "2026-02-30",
    "2026-13-01",
    "26-12-01",
    "+3",
    "+3m",
    "+99999d",
    "x5",
  ])("due:%s is no date", (value) => {
    expect(dueDateOf(value, TODAY)).toBeNull();
  });

  it("counts across months and years", () => {
    expect(dueDateOf("tomorrow", "2026-12-31")).toBe("2027-01-01");
    expect(dueDateOf("+1d", "2028-02-28")).toBe("2028-02-29");
    expect(dueDateOf("fri", "2026-12-31")).toBe("2027-01-01");
  });

  it("on the day itself, a weekday means next week's", () => {
    // 2026-11-27 is a Friday.
    expect(dueDateOf("fri", "2026-11-27")).toBe("2026-12-04");
    expect(dueDateOf("today", "2026-11-27")).toBe("2026-11-27");
  });

  it("29 February waits for a leap year", () => {
    expect(dueDateOf("feb29", "2026-11-25")).toBe("2028-02-29");
    expect(dueDateOf("feb29", "2028-01-10")).toBe("2028-02-29");
    expect(dueDateOf("feb29", "2028-03-01")).toBe("2032-02-29");
  });

  it("reads nothing from a today that is not a day", () => {
    expect(dueDateOf("today", "yesterday")).toBeNull();
  });
});

describe("mayNeedVocabulary", () => {
  it("is true when a word starts with @ or #", () => {
    expect(mayNeedVocabulary("Fix @sam")).toBe(true);
    expect(mayNeedVocabulary("#bug fix")).toBe(true);
    expect(mayNeedVocabulary("Fix it !high due:fri")).toBe(false);
    expect(mayNeedVocabulary("Mail ada@example.com")).toBe(false);
    expect(mayNeedVocabulary("A lone @ and #")).toBe(false);
  });
});

describe("describeDay", () => {
  it("says today and tomorrow, then the weekday and date, with the year when it is another", () => {
    expect(describeDay("2026-11-25", TODAY)).toBe("Today");
    expect(describeDay("2026-11-26", TODAY)).toBe("Tomorrow");
    expect(describeDay("2026-11-27", TODAY)).toBe("Fri, Nov 27");
    expect(describeDay("2027-01-05", TODAY)).toBe("Tue, Jan 5, 2027");
  });
});
