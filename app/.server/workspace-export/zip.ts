import { createHash } from "node:crypto";
import type { Readable } from "node:stream";

import type yauzl from "yauzl";

import { ENTITIES, FORMAT, FORMAT_VERSION, LIMITS, fileOfEntity, serverVersions, type Manifest } from "./format";

/**
 * Reading a workspace export (decision 035): the central directory is read first and held to
 * LIMITS (entries, declared sizes; yauzl then refuses an entry whose data is longer than it
 * declared), the manifest is parsed and checked, and every other entry is hashed against it
 * before a row is imported. A zip that is not one of ours, damaged or altered gets a message
 * that says so, and nothing is written.
 */
export class ExportFileError extends Error {}

export type OpenExport = {
  manifest: Manifest;
  /** The entry's data as a stream (lengths and CRC checked by yauzl as it is read). */
  open(name: string): Promise<Readable>;
  close(): void;
};

const NOT_OURS = "This file is not a Plotline workspace export (a zip made by Settings → Export and import).";

// Loaded with the first import, not at start (decision 038).
async function openZip(file: string) {
  const { default: reader } = await import("yauzl");
  return new Promise<yauzl.ZipFile>((resolve, reject) =>
    reader.open(file, { lazyEntries: true, autoClose: false, strictFileNames: true }, (error, zip) =>
      error ? reject(new ExportFileError(NOT_OURS)) : resolve(zip),
    ),
  );
}

async function entriesOf(zip: yauzl.ZipFile) {
  if (zip.entryCount > LIMITS.entries)
    throw new ExportFileError(
      `The file holds ${zip.entryCount} entries; an export may hold at most ${LIMITS.entries}.`,
    );
  const entries = new Map<string, yauzl.Entry>();
  let total = 0;
  await new Promise<void>((resolve, reject) => {
    zip.on("entry", (entry: yauzl.Entry) => {
      total += entry.uncompressedSize;
      if (total > LIMITS.totalBytes) {
        reject(new ExportFileError("The file would unpack to more than 4 GB: it is not an export this server takes."));
        return;
      }
      if (!entry.fileName.endsWith("/")) entries.set(entry.fileName, entry);
      zip.readEntry();
    });
    zip.on("end", resolve);
    zip.on("error", () => reject(new ExportFileError("The file is damaged: its zip directory cannot be read.")));
    zip.readEntry();
  });
  return entries;
}

function streamOf(zip: yauzl.ZipFile, entry: yauzl.Entry) {
  return new Promise<Readable>((resolve, reject) =>
    zip.openReadStream(entry, (error, stream) =>
      error ? reject(new ExportFileError(`The file is damaged: ${entry.fileName} cannot be read.`)) : resolve(stream),
    ),
  );
}

async function readAll(stream: Readable, cap: number) {
  const chunks: Buffer[] = [];
  let length = 0;
  for await (const chunk of stream) {
    length += (chunk as Buffer).length;
    if (length > cap) throw new ExportFileError("The manifest is too large.");
    chunks.push(chunk as Buffer);
  }
  return Buffer.concat(chunks);
}

/** Opens an export and checks its directory and manifest (not yet the files' checksums). */
export async function openExport(file: string): Promise<OpenExport> {
  const zip = await openZip(file);
  try {
    const entries = await entriesOf(zip);
    const manifestEntry = entries.get("manifest.json");
    if (!manifestEntry) throw new ExportFileError(NOT_OURS);
    if (manifestEntry.uncompressedSize > LIMITS.manifestBytes) throw new ExportFileError("The manifest is too large.");
    let manifest: Manifest;
    try {
      manifest = JSON.parse((await readAll(await streamOf(zip, manifestEntry), LIMITS.manifestBytes)).toString("utf8"));
    } catch (error) {
      if (error instanceof ExportFileError) throw error;
      throw new ExportFileError("The file is damaged: its manifest is not valid JSON.");
    }
    checkManifest(manifest, entries);
    return {
      manifest,
      open: async (name) => {
        const entry = entries.get(name);
        if (!entry) throw new ExportFileError(`The file is damaged: ${name} is missing.`);
        return streamOf(zip, entry);
      },
      close: () => zip.close(),
    };
  } catch (error) {
    zip.close();
    if (error instanceof ExportFileError) throw error;
    throw new ExportFileError(NOT_OURS);
  }
}

function checkManifest(manifest: Manifest, entries: Map<string, yauzl.Entry>) {
  if (!manifest || typeof manifest !== "object" || manifest.format !== FORMAT) throw new ExportFileError(NOT_OURS);
  if (manifest.formatVersion !== FORMAT_VERSION)
    throw new ExportFileError(
      `This export is in format version ${String(manifest.formatVersion)}; this server reads version ${FORMAT_VERSION}.`,
    );
  if (typeof manifest.schema !== "string" || !serverVersions().tags.includes(manifest.schema))
    throw new ExportFileError(
      `This export was made by a newer Plotline (${String(manifest.appVersion)}). Update this server, then import it.`,
    );
  if (!manifest.files || typeof manifest.files !== "object" || !manifest.counts || typeof manifest.counts !== "object")
    throw new ExportFileError("The file is damaged: its manifest has no file list.");
  for (const entity of ENTITIES) {
    if (!manifest.files[fileOfEntity(entity)] || !Number.isInteger(manifest.counts[entity]))
      throw new ExportFileError(`The file is damaged: ${fileOfEntity(entity)} is missing.`);
  }
  for (const [name, entry] of entries) {
    if (name === "manifest.json") continue;
    const listed = manifest.files[name];
    if (!listed) throw new ExportFileError(`The file holds ${name.slice(0, 100)}, which its manifest does not list.`);
    if (listed.bytes !== entry.uncompressedSize)
      throw new ExportFileError(`The file is damaged: ${name} is not the size its manifest gives.`);
    const cap = name.endsWith(".jsonl") ? LIMITS.entityFileBytes : LIMITS.attachmentBytes;
    if (entry.uncompressedSize > cap) throw new ExportFileError(`${name} is larger than this server takes.`);
  }
  for (const name of Object.keys(manifest.files)) {
    if (!entries.has(name)) throw new ExportFileError(`The file is damaged: ${name.slice(0, 100)} is missing.`);
  }
}

/**
 * Hashes every listed entry and counts the entity files' lines against the manifest;
 * `progress` hears the rows counted so far.
 */
export async function verifyExport(opened: OpenExport, progress: (rows: number) => Promise<unknown>) {
  let rows = 0;
  for (const [name, listed] of Object.entries(opened.manifest.files)) {
    const hash = createHash("sha256");
    let lines = 0;
    const isEntity = name.endsWith(".jsonl");
    try {
      for await (const chunk of await opened.open(name)) {
        hash.update(chunk as Buffer);
        if (isEntity) for (const byte of chunk as Buffer) if (byte === 10) lines += 1;
      }
    } catch (error) {
      if (error instanceof ExportFileError) throw error;
      throw new ExportFileError(`The file is damaged: ${name.slice(0, 100)} cannot be read.`);
    }
    if (hash.digest("hex") !== listed.sha256)
      throw new ExportFileError(
        `The file was changed or damaged after it was exported: ${name.slice(0, 100)} does not match its checksum.`,
      );
    if (isEntity) {
      const entity = name.slice(0, -".jsonl".length) as keyof Manifest["counts"];
      if (lines !== opened.manifest.counts[entity])
        throw new ExportFileError(`The file is damaged: ${name} does not hold the rows its manifest counts.`);
      rows += lines;
      await progress(rows);
    }
  }
  return rows;
}

/** The JSON lines of an entry, one parsed object at a time; a line over LIMITS.lineBytes is refused. */
export async function* linesOf(stream: Readable, name: string): AsyncGenerator<Record<string, unknown>> {
  let pending: Buffer[] = [];
  let pendingLength = 0;
  let line = 0;
  const parse = (bytes: Buffer) => {
    line += 1;
    try {
      const value = JSON.parse(bytes.toString("utf8")) as unknown;
      if (!value || typeof value !== "object" || Array.isArray(value)) throw new Error("not an object");
      return value as Record<string, unknown>;
    } catch {
      throw new ExportFileError(`The file is damaged: ${name} line ${line} is not a JSON object.`);
    }
  };
  for await (const chunk of stream) {
    let buffer = chunk as Buffer;
    for (let newline = buffer.indexOf(10); newline !== -1; newline = buffer.indexOf(10)) {
      const bytes = Buffer.concat([...pending, buffer.subarray(0, newline)]);
      pending = [];
      pendingLength = 0;
      buffer = buffer.subarray(newline + 1);
      yield parse(bytes);
    }
    pendingLength += buffer.length;
    if (pendingLength > LIMITS.lineBytes)
      throw new ExportFileError(`${name} line ${line + 1} is longer than this server takes.`);
    if (buffer.length) pending.push(buffer);
  }
  if (pendingLength > 0) yield parse(Buffer.concat(pending));
}
