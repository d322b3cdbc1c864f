import { describe, expect, it } from "vitest";

import { isPaletteShortcut, shortcutFor, type Focus, type KeyPress } from "./keyboard-shortcuts";

const press = (key: string, modifiers: Partial<KeyPress> = {}): KeyPress => ({
  key,
  ctrlKey: false,
  metaKey: false,
  altKey: false,
  ...modifiers,
});
const on = (tagName: string, isContentEditable = false): Focus => ({ tagName, isContentEditable });
const open = { dialogOpen: false };

describe("shortcutFor", () => {
  it("maps each key to its action, wherever the focus is outside a field", () => {
    expect(shortcutFor(press("c"), null, open)).toBe("new-task");
    expect(shortcutFor(press("/"), on("BODY"), open)).toBe("search");
    expect(shortcutFor(press("j"), on("A"), open)).toBe("next-task");
    expect(shortcutFor(press("k"), on("A"), open)).toBe("previous-task");
    expect(shortcutFor(press("e"), on("a"), open)).toBe("open-task");
    expect(shortcutFor(press("?"), on("BUTTON"), open)).toBe("help");
  });

  it("ignores other keys and capitals", () => {
    expect(shortcutFor(press("x"), null, open)).toBeNull();
    expect(shortcutFor(press("C"), null, open)).toBeNull();
    expect(shortcutFor(press("Enter"), null, open)).toBeNull();
  });

  it("never fires while typing into an input, textarea, select or contenteditable", () => {
    for (const focus of [on("INPUT"), on("textarea"), on("SELECT"), on("DIV", true)]) {
      for (const key of ["c", "/", "j", "k", "e", "?"]) expect(shortcutFor(press(key), focus, open)).toBeNull();
    }
  });

  it("never fires with Ctrl, Meta or Alt, mid-composition or under an open dialog", () => {
    expect(shortcutFor(press("c", { ctrlKey: true }), null, open)).toBeNull();
    expect(shortcutFor(press("/", { metaKey: true }), null, open)).toBeNull();
    expect(shortcutFor(press("j", { altKey: true }), null, open)).toBeNull();
    expect(shortcutFor(press("k", { isComposing: true }), null, open)).toBeNull();
    expect(shortcutFor(press("?"), null, { dialogOpen: true })).toBeNull();
  });
});

describe("isPaletteShortcut", () => {
  it("is Ctrl+K or Cmd+K, in either case", () => {
    expect(isPaletteShortcut(press("k", { ctrlKey: true }))).toBe(true);
    expect(isPaletteShortcut(press("K", { metaKey: true }))).toBe(true);
    expect(isPaletteShortcut(press("k"))).toBe(false);
    expect(isPaletteShortcut(press("j", { ctrlKey: true }))).toBe(false);
  });

  it("is nothing while an IME composes, nor with Alt or Shift", () => {
    expect(isPaletteShortcut(press("k", { ctrlKey: true, isComposing: true }))).toBe(false);
    expect(isPaletteShortcut({ ...press("k", { ctrlKey: true }), keyCode: 229 })).toBe(false);
    expect(isPaletteShortcut(press("k", { ctrlKey: true, altKey: true }))).toBe(false);
    expect(isPaletteShortcut({ ...press("K", { ctrlKey: true }), shiftKey: true })).toBe(false);
  });
});
