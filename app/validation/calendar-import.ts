/**
 * Importing an `.ics` file into the team calendar: the limits the upload form states and the
 * server holds (app/.server/calendar/import.ts), and what the preview shows.
 */
export const ICS_IMPORT_MAX_BYTES = 2 * 1024 * 1024;
export const ICS_IMPORT_MAX_EVENTS = 500;

/** One event read from the file, as the import command takes it. */
export type ImportedEvent = {
  /** The file's UID (or a hash of what the event says, when it has none): the event's external id. */
  uid: string;
  title: string;
  description: string;
  allDay: boolean;
  /** Instants (ISO); an all-day event from midnight UTC of its first day to midnight UTC after its last. */
  startsAt: string;
  endsAt: string;
  /** The IANA zone its times were given in (the importer's, for floating times and all-day events). */
  timeZone: string;
  /** Lower-cased addresses of its ATTENDEEs: the workspace's members among them are invited. */
  attendeeEmails: string[];
};

/** Something the import could not take as it was, by event (its title) or address. */
export type ImportProblem = { event: string; message: string };

export type ImportPreview = {
  fileName: string;
  workspace: { id: string; name: string };
  /** Each event with when it is (in the importer's zone), the members it invites, and whether the calendar has it already. */
  events: { title: string; allDay: boolean; when: string; attendees: string[]; existing: boolean }[];
  problems: ImportProblem[];
};
