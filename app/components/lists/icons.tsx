/**
 * Icons for repeated items (cards, rows, list entries): plain <svg> elements with no
 * component styling, sized by the parent's CSS (`1em`, `currentColor`). An MUI icon is an
 * emotion-styled component: fine once per page, too dear a thousand times.
 */

/** A five-pointed star centred in a 24×24 box, computed rather than drawn by hand. */
const STAR_POINTS = Array.from({ length: 10 }, (_, index) => {
  const radius = index % 2 === 0 ? 10 : 4.2;
  const angle = (Math.PI / 5) * index - Math.PI / 2;
  return `${(12 + radius * Math.cos(angle)).toFixed(2)},${(12.8 + radius * Math.sin(angle)).toFixed(2)}`;
}).join(" ");

export function StarGlyph({ filled }: { filled: boolean }) {
  return (
    <svg viewBox="0 0 24 24" aria-hidden="true" focusable="false" className="pl-icon">
      <polygon
        points={STAR_POINTS}
        fill={filled ? "currentColor" : "none"}
        stroke="currentColor"
        strokeWidth="1.8"
        strokeLinejoin="round"
      />
    </svg>
  );
}

/** Three vertical dots: "more actions". */
export function MoreGlyph() {
  return (
    <svg viewBox="0 0 24 24" aria-hidden="true" focusable="false" className="pl-icon">
      <circle cx="12" cy="5.5" r="2" fill="currentColor" />
      <circle cx="12" cy="12" r="2" fill="currentColor" />
      <circle cx="12" cy="18.5" r="2" fill="currentColor" />
    </svg>
  );
}

/** A chevron pointing down (rotated by CSS when its group is closed). */
export function ChevronGlyph({ className = "pl-icon" }: { className?: string }) {
  return (
    <svg viewBox="0 0 24 24" aria-hidden="true" focusable="false" className={className}>
      <path d="M7 10l5 5 5-5" fill="none" stroke="currentColor" strokeWidth="2" strokeLinecap="round" />
    </svg>
  );
}

/** Three sliders: "settings of this item". */
export function SlidersGlyph() {
  return (
    <svg viewBox="0 0 24 24" aria-hidden="true" focusable="false" className="pl-icon">
      <path
        d="M4 7h10M18 7h2M4 17h2M10 17h10"
        fill="none"
        stroke="currentColor"
        strokeWidth="2"
        strokeLinecap="round"
      />
      <circle cx="16" cy="7" r="2" fill="none" stroke="currentColor" strokeWidth="2" />
      <circle cx="8" cy="17" r="2" fill="none" stroke="currentColor" strokeWidth="2" />
    </svg>
  );
}
