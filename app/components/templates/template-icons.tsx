import { isTemplateIcon, TEMPLATE_ICONS } from "~/utils/template-icons";

/**
 * The template icons as SVG symbols, drawn once on a page that shows templates; each card
 * refers to one with `<use>` (docs/decisions/009), coloured by its parent's CSS.
 */
export function TemplateIconSprite() {
  return (
    <svg aria-hidden="true" focusable="false" style={{ display: "none" }}>
      {Object.entries(TEMPLATE_ICONS).map(([name, icon]) => (
        <symbol key={name} id={`pl-t-${name}`} viewBox="0 0 24 24">
          {icon.paths.map((d) => (
            <path
              key={d}
              d={d}
              fill="none"
              stroke="currentColor"
              strokeWidth={1.8}
              strokeLinecap="round"
              strokeLinejoin="round"
            />
          ))}
        </symbol>
      ))}
    </svg>
  );
}

export function TemplateGlyph({ icon, className = "pl-template-icon" }: { icon: string; className?: string }) {
  return (
    <svg aria-hidden="true" focusable="false" className={className}>
      <use href={`#pl-t-${isTemplateIcon(icon) ? icon : "folder"}`} />
    </svg>
  );
}
