const RS_BYTE = 0x1e;

/** What {@link RecordSplitter.push} found in a chunk. */
export interface SplitResult {
  /** Whole records, without their separator, in arrival order. */
  readonly records: Buffer[];
  /** Set when a record exceeds the size limit; the records before it are still returned. */
  readonly oversized?: { readonly byteLength: number };
}

/**
 * Cuts inbound transport chunks into records ended by the record separator (0x1E). A chunk may hold
 * several records, and a record may be split over several chunks (the protocol allows both), so the
 * unfinished tail is kept for the next chunk — up to `maxRecordBytes`, never more.
 *
 * @internal
 */
export class RecordSplitter {
  private pending: Buffer | undefined;

  constructor(private readonly maxRecordBytes: number) {}

  push(chunk: Buffer): SplitResult {
    const data = this.pending ? Buffer.concat([this.pending, chunk]) : chunk;
    this.pending = undefined;
    const records: Buffer[] = [];
    let start = 0;
    for (;;) {
      const end = data.indexOf(RS_BYTE, start);
      if (end === -1) break;
      if (end - start > this.maxRecordBytes) {
        return { records, oversized: { byteLength: end - start } };
      }
      records.push(data.subarray(start, end));
      start = end + 1;
    }
    const rest = data.length - start;
    if (rest > this.maxRecordBytes) return { records, oversized: { byteLength: rest } };
    // Copy the tail so a small remainder does not pin a large chunk in memory.
    if (rest > 0) this.pending = Buffer.from(data.subarray(start));
    return { records };
  }

  /** Bytes of an unfinished record waiting for the rest of it. */
  get pendingBytes(): number {
    return this.pending?.length ?? 0;
  }
}
