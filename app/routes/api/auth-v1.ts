// The built-in Supabase-Auth-compatible service (issue 4) is not served yet.
export function loader() {
  return Response.json(
    { code: "not_found", message: "The built-in authentication service is not available yet" },
    { status: 404 },
  );
}

export const action = loader;
