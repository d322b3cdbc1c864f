/** Makes a card's title link cover the whole card (the card needs `position: relative`). */
export const stretchedLink = {
  "&::after": { content: '""', position: "absolute", inset: 0, borderRadius: "inherit" },
  "&:focus-visible": { outline: "none" },
  "&:focus-visible::after": { outline: "2px solid", outlineColor: "primary.main", outlineOffset: 2 },
} as const;
