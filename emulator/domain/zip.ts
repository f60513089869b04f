/**
 * A ZIP archive of stored (uncompressed) entries, UTF-8 names: what the media library's several-files and folder
 * download URLs serve (media files are compressed formats already). ZIP32 only: at most 65 535 entries and 4 GiB.
 */

const CRC_TABLE = (() => {
  const t = new Uint32Array(256);
  for (let n = 0; n < 256; n++) {
    let c = n;
    for (let k = 0; k < 8; k++) c = c & 1 ? 0xedb88320 ^ (c >>> 1) : c >>> 1;
    t[n] = c >>> 0;
  }
  return t;
})();

export function crc32(b: Buffer): number {
  let c = 0xffffffff;
  for (let i = 0; i < b.length; i++) c = CRC_TABLE[(c ^ b[i]!) & 0xff]! ^ (c >>> 8);
  return (c ^ 0xffffffff) >>> 0;
}

export interface ZipEntry {
  /** The path inside the archive, `/`-separated. */
  name: string;
  data: Buffer;
  date: Date;
}

/** MS-DOS time and date fields (local fields are taken as UTC). */
function dosDateTime(d: Date): { time: number; date: number } {
  const year = Math.min(Math.max(d.getUTCFullYear(), 1980), 2107);
  return {
    time: (d.getUTCHours() << 11) | (d.getUTCMinutes() << 5) | Math.floor(d.getUTCSeconds() / 2),
    date: ((year - 1980) << 9) | ((d.getUTCMonth() + 1) << 5) | d.getUTCDate(),
  };
}

/** The largest archive {@link zip} writes. */
export const MAX_ZIP_BYTES = 0xffffffff;

/** The archive of `entries`; throws when it would pass ZIP32's limits. */
export function zip(entries: readonly ZipEntry[]): Buffer {
  if (entries.length > 0xffff) throw new RangeError('too many entries for a ZIP32 archive');
  const parts: Buffer[] = [];
  const central: Buffer[] = [];
  let offset = 0;
  for (const e of entries) {
    const name = Buffer.from(e.name, 'utf8');
    const crc = crc32(e.data);
    const { time, date } = dosDateTime(e.date);
    const local = Buffer.alloc(30);
    local.writeUInt32LE(0x04034b50, 0);
    local.writeUInt16LE(20, 4); // version needed
    local.writeUInt16LE(0x0800, 6); // UTF-8 names
    local.writeUInt16LE(0, 8); // stored
    local.writeUInt16LE(time, 10);
    local.writeUInt16LE(date, 12);
    local.writeUInt32LE(crc, 14);
    local.writeUInt32LE(e.data.length, 18);
    local.writeUInt32LE(e.data.length, 22);
    local.writeUInt16LE(name.length, 26);
    local.writeUInt16LE(0, 28);
    const dir = Buffer.alloc(46);
    dir.writeUInt32LE(0x02014b50, 0);
    dir.writeUInt16LE(20, 4); // made by
    dir.writeUInt16LE(20, 6); // needed
    dir.writeUInt16LE(0x0800, 8);
    dir.writeUInt16LE(0, 10);
    dir.writeUInt16LE(time, 12);
    dir.writeUInt16LE(date, 14);
    dir.writeUInt32LE(crc, 16);
    dir.writeUInt32LE(e.data.length, 20);
    dir.writeUInt32LE(e.data.length, 24);
    dir.writeUInt16LE(name.length, 28);
    // extra, comment, disk, internal and external attributes: 0
    dir.writeUInt32LE(offset, 42);
    parts.push(local, name, e.data);
    central.push(dir, name);
    offset += local.length + name.length + e.data.length;
    if (offset > MAX_ZIP_BYTES) throw new RangeError('too large for a ZIP32 archive');
  }
  const centralBytes = Buffer.concat(central);
  const end = Buffer.alloc(22);
  end.writeUInt32LE(0x06054b50, 0);
  end.writeUInt16LE(entries.length, 8);
  end.writeUInt16LE(entries.length, 10);
  end.writeUInt32LE(centralBytes.length, 12);
  end.writeUInt32LE(offset, 16);
  return Buffer.concat([...parts, centralBytes, end]);
}

/** The entries of a ZIP {@link zip} wrote (for tests and checks): name and data, by the central directory. */
export function unzip(archive: Buffer): { name: string; data: Buffer }[] {
  const endAt = archive.length - 22;
  if (endAt < 0 || archive.readUInt32LE(endAt) !== 0x06054b50) throw new Error('not a ZIP archive');
  const count = archive.readUInt16LE(endAt + 10);
  let p = archive.readUInt32LE(endAt + 16);
  const out: { name: string; data: Buffer }[] = [];
  for (let i = 0; i < count; i++) {
    if (archive.readUInt32LE(p) !== 0x02014b50) throw new Error('bad central directory');
    const size = archive.readUInt32LE(p + 24);
    const nameLen = archive.readUInt16LE(p + 28);
    const extra = archive.readUInt16LE(p + 30);
    const comment = archive.readUInt16LE(p + 32);
    const at = archive.readUInt32LE(p + 42);
    const name = archive.subarray(p + 46, p + 46 + nameLen).toString('utf8');
    const localName = archive.readUInt16LE(at + 26);
    const localExtra = archive.readUInt16LE(at + 28);
    const data = archive.subarray(at + 30 + localName + localExtra, at + 30 + localName + localExtra + size);
    if (crc32(data) !== archive.readUInt32LE(p + 16)) throw new Error(`bad CRC for ${name}`);
    out.push({ name, data });
    p += 46 + nameLen + extra + comment;
  }
  return out;
}
