/**
 * Imports from a URL (importFile, bulkImportFiles, bulkImportFile): see ../routes/media-library.ts.
 */

/** A DNS lookup: every address of `host` (`node:dns` `lookup(host, {all: true})` by default). */
export type Resolve = (host: string) => Promise<{ address: string; family: number }[]>;
