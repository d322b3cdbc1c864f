/**
 * Icons for repeated items (cards, rows, list entries): each is drawn once per page in
 * `IconSprite` (the app shell renders it) and referenced with `<use>`, so an item carries a
 * few bytes and no component styling, sized by the parent's CSS (`.pl-icon`,
 * `currentColor`). An MUI icon is an emotion-styled component: fine once per page, too dear
 * a thousand times.
 */

/** A five-pointed star centred in a 24×24 box, computed rather than drawn by hand. */
const STAR_POINTS = Array.from({ length: 10 }, (_, index) => {
  const radius = index % 2 === 0 ? 10 : 4.2;
  const angle = (Math.PI / 5) * index - Math.PI / 2;
  return `${(12 + radius * Math.cos(angle)).toFixed(1)},${(12.8 + radius * Math.sin(angle)).toFixed(1)}`;
}).join(" ");

const line = { fill: "none", stroke: "currentColor", strokeWidth: 2, strokeLinecap: "round" } as const;

export function IconSprite() {
  return (
    <svg aria-hidden="true" focusable="false" style={{ display: "none" }}>
      <symbol id="pl-i-star" viewBox="0 0 24 24">
        <polygon
          points={STAR_POINTS}
          fill="currentColor"
          stroke="currentColor"
          strokeWidth="1.8"
          strokeLinejoin="round"
        />
      </symbol>
      <symbol id="pl-i-star-outline" viewBox="0 0 24 24">
        <polygon points={STAR_POINTS} fill="none" stroke="currentColor" strokeWidth="1.8" strokeLinejoin="round" />
      </symbol>
      <symbol id="pl-i-more" viewBox="0 0 24 24">
        <circle cx="12" cy="5.5" r="2" fill="currentColor" />
        <circle cx="12" cy="12" r="2" fill="currentColor" />
        <circle cx="12" cy="18.5" r="2" fill="currentColor" />
      </symbol>
      <symbol id="pl-i-chevron" viewBox="0 0 24 24">
        <path d="M7 10l5 5 5-5" {...line} />
      </symbol>
      <symbol id="pl-i-menu" viewBox="0 0 24 24">
        <path d="M4 6h16M4 12h16M4 18h16" {...line} />
      </symbol>
      <symbol id="pl-i-menu-open" viewBox="0 0 24 24">
        <path d="M4 6h11M4 12h8M4 18h11M20 8l-4 4 4 4" {...line} />
      </symbol>
      <symbol id="pl-i-search" viewBox="0 0 24 24">
        <circle cx="10.5" cy="10.5" r="6" {...line} />
        <path d="M15 15l5 5" {...line} />
      </symbol>
      <symbol id="pl-i-bell" viewBox="0 0 24 24">
        <path d="M6 16.5V11a6 6 0 0 1 12 0v5.5l1.5 1.5h-15zM10 20.5a2 2 0 0 0 4 0" {...line} />
      </symbol>
      <symbol id="pl-i-light" viewBox="0 0 24 24">
        <circle cx="12" cy="12" r="4" {...line} />
        <path
          d="M12 2.5v2M12 19.5v2M2.5 12h2M19.5 12h2M5.3 5.3l1.4 1.4M17.3 17.3l1.4 1.4M5.3 18.7l1.4-1.4M17.3 6.7l1.4-1.4"
          {...line}
        />
      </symbol>
      <symbol id="pl-i-dark" viewBox="0 0 24 24">
        <path d="M19.5 14.5A8 8 0 0 1 9.5 4.5a8 8 0 1 0 10 10z" {...line} />
      </symbol>
      <symbol id="pl-i-system" viewBox="0 0 24 24">
        <rect x="3" y="4" width="18" height="12" rx="2" {...line} />
        <path d="M8 20h8M12 16v4" {...line} />
      </symbol>
      <symbol id="pl-i-check" viewBox="0 0 24 24">
        <path d="M5 12.5l4.5 4.5L19 7.5" {...line} />
      </symbol>
      <symbol id="pl-i-sliders" viewBox="0 0 24 24">
        <path d="M4 7h10M18 7h2M4 17h2M10 17h10" {...line} />
        <circle cx="16" cy="7" r="2" {...line} />
        <circle cx="8" cy="17" r="2" {...line} />
      </symbol>
    </svg>
  );
}

function Use({ id, className = "pl-icon" }: { id: string; className?: string }) {
  return (
    <svg aria-hidden="true" focusable="false" className={className}>
      <use href={`#pl-i-${id}`} />
    </svg>
  );
}

export const StarGlyph = ({ filled }: { filled: boolean }) => <Use id={filled ? "star" : "star-outline"} />;
export const MoreGlyph = () => <Use id="more" />;
export const ChevronGlyph = ({ className }: { className?: string }) => <Use id="chevron" className={className} />;
export const SlidersGlyph = () => <Use id="sliders" />;

/** The app shell's own icons: the top bar and its menus are on every page. */
export type ShellIcon = "menu" | "menu-open" | "search" | "bell" | "light" | "dark" | "system" | "check";
export const Glyph = ({ name, className }: { name: ShellIcon; className?: string }) => (
  <Use id={name} className={className} />
);
