// Placeholder until the feed is built.
export function loader() {
  return new Response("", { status: 404 });
}
