import type { SubmissionResult } from "@conform-to/react";
import Box from "@mui/material/Box";
import Button from "@mui/material/Button";
import Typography from "@mui/material/Typography";
import { Form, useNavigation } from "react-router";

import { ProjectCover } from "~/components/dashboard/project-cover";
import { SubmitButton } from "~/components/forms/fields";
import type { ProjectPageData } from "./types";

/** Upload a cover (PNG, JPEG, GIF or WebP, up to 2 MB) or go back to the generated one. */
export function CoverForm({
  project,
  lastResult,
}: {
  project: ProjectPageData["project"];
  lastResult?: SubmissionResult<string[]>;
}) {
  const navigation = useNavigation();
  const pending = navigation.state === "submitting" && navigation.formData?.get("intent") === "cover";
  const error = lastResult?.error?.cover?.join(", ") ?? lastResult?.error?.[""]?.join(", ");
  return (
    <Box sx={{ display: "grid", gap: 2 }}>
      <Box sx={{ maxWidth: 360, borderRadius: 2, overflow: "hidden", border: 1, borderColor: "divider" }}>
        <ProjectCover name={project.name} color={project.color} coverUrl={project.coverUrl} height={150} />
      </Box>
      <Form method="post" encType="multipart/form-data" aria-label="Cover image">
        <input type="hidden" name="intent" value="cover" />
        <Box sx={{ display: "flex", flexWrap: "wrap", gap: 2, alignItems: "center" }}>
          <Box>
            <Typography component="label" htmlFor={"cover-file"} variant="body2" sx={{ display: "block", mb: 0.5 }}>
              Cover image (PNG, JPEG, GIF or WebP, up to 2 MB)
            </Typography>
            <input
              id={"cover-file"}
              name={"cover"}
              type="file"
              accept="image/png,image/jpeg,image/gif,image/webp"
              required
              aria-invalid={error ? true : undefined}
              aria-describedby={error ? "cover-error" : undefined}
            />
            {error ? (
              <Typography id={"cover-error"} color="error" variant="body2" sx={{ mt: 0.5 }}>
                {error}
              </Typography>
            ) : null}
          </Box>
          <SubmitButton pending={pending} pendingLabel="Uploading..." size="medium" variant="outlined">
            Upload Cover
          </SubmitButton>
        </Box>
      </Form>
      {project.coverUrl ? (
        <Form method="post">
          <Button type="submit" name="intent" value="remove-cover" color="inherit">
            Use the generated cover
          </Button>
        </Form>
      ) : null}
    </Box>
  );
}
