import { styled } from "@mui/material/styles";
import {
  useEffect,
  useImperativeHandle,
  useLayoutEffect,
  useRef,
  useState,
  type KeyboardEvent,
  type Ref,
  type TextareaHTMLAttributes,
} from "react";

import { Avatar } from "~/components/avatar";
import { insertMention, mentionAtCaret, suggestMembers } from "~/components/mentions/mention-query";
import { useHydrated } from "~/utils/use-hydrated";

/** Someone a text may @mention: a member of the page's workspace. */
export type MentionMember = { id: string; name: string; avatarUrl?: string | null };

/**
 * A textarea that offers the workspace's members when an `@` is typed, for every text that
 * may mention someone (the chat's message box and edit form, a task comment's add and edit
 * forms). The suggestions are a listbox under (or over) the box: ↑/↓ move, Enter or Tab
 * takes the highlighted member (`@Ada Lovelace `), Escape closes it; the focus never leaves
 * the box, which points at the highlighted option with `aria-activedescendant`. A mention
 * is plain text either way: the server finds mentions in what is posted, so without
 * JavaScript (where no list shows) typing the name by hand does the same.
 *
 * Controlled (`value` + `onValueChange`) or not (`defaultValue`). Keys the list does not
 * take go to `onKeyDown` (the chat's Enter-to-send). Styled once, here.
 */
export function MentionTextarea({
  id,
  members,
  value: controlled,
  defaultValue,
  onValueChange,
  onKeyDown,
  placement = "below",
  textareaRef,
  ...props
}: Omit<TextareaHTMLAttributes<HTMLTextAreaElement>, "value" | "defaultValue" | "onChange" | "id"> & {
  /** The textarea's id; the list's and options' ids are made from it. */
  id: string;
  members: readonly MentionMember[];
  value?: string;
  defaultValue?: string;
  onValueChange?: (value: string) => void;
  /** Where the list opens: below the box, or above it (a box at the bottom of its view). */
  placement?: "above" | "below";
  textareaRef?: Ref<HTMLTextAreaElement | null>;
}) {
  const hydrated = useHydrated();
  const [own, setOwn] = useState(defaultValue ?? "");
  const text = controlled ?? own;
  const [caret, setCaret] = useState(0);
  const [focused, setFocused] = useState(false);
  const [active, setActive] = useState(0);
  const [dismissed, setDismissed] = useState<number | null>(null);
  const box = useRef<HTMLTextAreaElement>(null);
  const nextCaret = useRef<number | null>(null);
  useImperativeHandle<HTMLTextAreaElement | null, HTMLTextAreaElement | null>(textareaRef, () => box.current, []);

  const typing = hydrated && focused ? mentionAtCaret(text, caret) : null;
  const matches = typing && dismissed !== typing.start ? suggestMembers(members, typing.query) : [];
  const open = matches.length > 0;
  const current = Math.min(active, matches.length - 1);
  const listId = `${id}-mentions`;

  // A box focused before the page's script ran (autoFocus on a server-rendered form) never saw its focus event.
  useEffect(() => {
    if (box.current && document.activeElement === box.current) setFocused(true);
  }, []);

  // After a choice, the caret goes after the inserted name (once React has put the text in).
  useLayoutEffect(() => {
    if (nextCaret.current === null || !box.current) return;
    box.current.setSelectionRange(nextCaret.current, nextCaret.current);
    nextCaret.current = null;
  });

  function change(next: string) {
    if (controlled === undefined) setOwn(next);
    onValueChange?.(next);
  }

  function choose(member: MentionMember) {
    if (!typing) return;
    const inserted = insertMention(text, caret, typing, member.name);
    change(inserted.text);
    nextCaret.current = inserted.caret;
    setCaret(inserted.caret);
    setActive(0);
    box.current?.focus();
  }

  function keyDown(event: KeyboardEvent<HTMLTextAreaElement>) {
    if (open && typing && !event.nativeEvent.isComposing) {
      const step = { ArrowDown: 1, ArrowUp: -1 }[event.key];
      if (step) {
        event.preventDefault();
        setActive((current + step + matches.length) % matches.length);
        return;
      }
      if ((event.key === "Enter" || event.key === "Tab") && !event.shiftKey) {
        event.preventDefault();
        choose(matches[current]!);
        return;
      }
      if (event.key === "Escape") {
        // Closes the list only, not the side panel or dialog around the box.
        event.preventDefault();
        event.stopPropagation();
        setDismissed(typing.start);
        return;
      }
    }
    onKeyDown?.(event);
  }

  return (
    <Field className="pl-mention-field" data-placement={placement}>
      <textarea
        {...props}
        ref={box}
        id={id}
        value={text}
        onChange={(event) => {
          change(event.target.value);
          setCaret(event.target.selectionStart);
          setActive(0);
        }}
        onSelect={(event) => setCaret(event.currentTarget.selectionStart)}
        onFocus={(event) => {
          setFocused(true);
          props.onFocus?.(event);
        }}
        onBlur={(event) => {
          setFocused(false);
          props.onBlur?.(event);
        }}
        onKeyDown={keyDown}
        aria-autocomplete={hydrated ? "list" : undefined}
        aria-controls={open ? listId : undefined}
        aria-activedescendant={open ? `${id}-mention-${current}` : undefined}
      />
      {open ? (
        <ul id={listId} role="listbox" aria-label="Members to mention" className="pl-mentions">
          {matches.map((member, index) => (
            <li
              key={member.id}
              id={`${id}-mention-${index}`}
              role="option"
              aria-selected={index === current}
              // Before the box loses focus, so the choice lands where the caret was.
              onMouseDown={(event) => {
                event.preventDefault();
                choose(member);
              }}
              onMouseMove={() => setActive(index)}
            >
              <Avatar person={{ name: member.name, avatarUrl: member.avatarUrl ?? null }} size={20} decorative />
              <span>{member.name}</span>
            </li>
          ))}
        </ul>
      ) : null}
    </Field>
  );
}

const Field = styled("div")(({ theme }) => {
  const { palette } = theme.vars;
  return {
    position: "relative",
    minWidth: 0,
    "& > textarea": { display: "block" },
    "& .pl-mentions": {
      position: "absolute",
      left: 0,
      minWidth: "min(240px, 100%)",
      maxWidth: "100%",
      margin: 0,
      padding: 4,
      listStyle: "none",
      background: palette.background.paper,
      border: `1px solid ${palette.divider}`,
      borderRadius: 8,
      boxShadow: theme.vars.shadows[6],
      zIndex: theme.zIndex.modal + 1,
    },
    "&[data-placement=below] .pl-mentions": { top: "calc(100% + 4px)" },
    "&[data-placement=above] .pl-mentions": { bottom: "calc(100% + 4px)" },
    "& .pl-mentions li": {
      display: "flex",
      alignItems: "center",
      gap: 8,
      padding: "6px 8px",
      borderRadius: 6,
      cursor: "pointer",
      fontSize: 14,
      color: palette.text.primary,
    },
    "& .pl-mentions li > span:last-child": { overflow: "hidden", textOverflow: "ellipsis", whiteSpace: "nowrap" },
    "& .pl-mentions li[aria-selected=true]": { background: palette.action.selected },
  };
});
