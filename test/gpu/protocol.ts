// Wire format shared with test/gpu/runner/runner.h and protocol.c: a frame is
// a sequence of records `u32 tag, u32 byte length, payload padded to 4 bytes`,
// little-endian. Jobs go to the runner's stdin and results come back on its
// stdout, each frame prefixed by its u32 length.

export const TAG = {
  kind: 1,
  features: 2,
  extensions: 3,
  stage: 10,
  groups: 11,
  push: 12,
  binding: 20,
  bindingArray: 21,
  vertexBuffer: 30,
  vertexAttribute: 31,
  target: 32,
  pipeline: 33,
  address: 40,
  drawRange: 34,
  samples: 35,
  rayStage: 41,
  status: 100,
  bufferOut: 101,
  imageOut: 102,
  targetOut: 103,
  bufferElementOut: 104,
  imageElementOut: 105,
  coopmatOut: 106,
} as const;

/** Flags of a descriptor-array binding record (runner.h ARRAY_*). */
export const ARRAY_FLAGS = { partiallyBound: 1, variableCount: 2 } as const;

export const JOB_KIND = { compute: 1, draw: 2, mesh: 3, rayTrace: 4, coopmatQuery: 5 } as const;
export const RAY_STAGE_INDEX = { raygen: 0, miss: 1, closestHit: 2, anyHit: 3, callable: 4, intersection: 5 } as const;
export const STAGE_INDEX = { compute: 0, vertex: 1, fragment: 2, geometry: 3, tessellationControl: 4, tessellationEvaluation: 5, task: 6, mesh: 7 } as const;
export const STATUS = { ok: 0, validation: 1, error: 2 } as const;

export const DESCRIPTOR_KIND = {
  'uniform-buffer': 1,
  'storage-buffer': 2,
  'storage-image': 3,
  'sampled-image': 4,
  sampler: 5,
  'combined-image-sampler': 6,
  'uniform-texel-buffer': 7,
  'storage-texel-buffer': 8,
  'acceleration-structure': 9,
} as const;

/** Builds one frame; `finish()` returns it with the u32 length prefix. */
export class FrameWriter {
  private readonly parts: Uint8Array[] = [];
  private size = 0;

  /** Appends a record made of `words` (u32 each) followed by `body` bytes. */
  record(tag: number, words: readonly number[], body?: Uint8Array): this {
    const bodyLength = body?.byteLength ?? 0;
    const length = words.length * 4 + bodyLength;
    const head = new DataView(new ArrayBuffer(8 + words.length * 4));
    head.setUint32(0, tag, true);
    head.setUint32(4, length, true);
    words.forEach((w, i) => head.setUint32(8 + i * 4, w >>> 0, true));
    this.push(new Uint8Array(head.buffer));
    if (body) this.push(body);
    const padding = (4 - (length % 4)) % 4;
    if (padding) this.push(new Uint8Array(padding));
    return this;
  }

  text(tag: number, value: string): this {
    return this.record(tag, [], new TextEncoder().encode(value));
  }

  finish(): Uint8Array {
    const out = new Uint8Array(4 + this.size);
    new DataView(out.buffer).setUint32(0, this.size, true);
    let at = 4;
    for (const part of this.parts) {
      out.set(part, at);
      at += part.byteLength;
    }
    return out;
  }

  private push(part: Uint8Array): void {
    this.parts.push(part);
    this.size += part.byteLength;
  }
}

export interface ResultRecord {
  tag: number;
  /** Payload view into the frame (valid as long as the frame is). */
  payload: Uint8Array;
}

export function readRecords(frame: Uint8Array): ResultRecord[] {
  const view = new DataView(frame.buffer, frame.byteOffset, frame.byteLength);
  const records: ResultRecord[] = [];
  for (let at = 0; at + 8 <= frame.byteLength; ) {
    const tag = view.getUint32(at, true);
    const length = view.getUint32(at + 4, true);
    if (at + 8 + length > frame.byteLength) throw new Error(`gpu runner: record ${tag} overruns its frame`);
    records.push({ tag, payload: frame.subarray(at + 8, at + 8 + length) });
    at += 8 + Math.ceil(length / 4) * 4;
  }
  return records;
}

export function u32At(bytes: Uint8Array, index: number): number {
  return new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength).getUint32(index * 4, true);
}

/** Decodes the leading status record of a result frame. */
export function readStatus(records: readonly ResultRecord[]): { code: number; message: string } {
  const first = records[0];
  if (!first || first.tag !== TAG.status) throw new Error('gpu runner: result frame without a status record');
  return { code: u32At(first.payload, 0), message: new TextDecoder().decode(first.payload.subarray(4)).trimEnd() };
}
