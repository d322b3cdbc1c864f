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
