// Byte-level expectations for packed buffers: what each written scalar must read back as, and
// that every byte no expectation covers still holds the fill pattern (padding is not clobbered).

import { expect } from 'vitest';

export const FILL = 0xaa;

export type Stored =
  | { at: number; f32: number }
  | { at: number; i32: number }
  | { at: number; u32: number }
  | { at: number; u16: number }
  | { at: number; f64: number }
  | { at: number; i64: bigint }
  | { at: number; u64: bigint };

const SIZES = { f32: 4, i32: 4, u32: 4, u16: 2, f64: 8, i64: 8, u64: 8 } as const;

export function filled(size: number): ArrayBuffer {
  const buffer = new ArrayBuffer(size);
  new Uint8Array(buffer).fill(FILL);
  return buffer;
}

/** Checks each stored value (little-endian) and that all other bytes in the buffer equal `fill`. */
export function expectStored(buffer: ArrayBuffer, stored: readonly Stored[], base = 0, fill = FILL): void {
  const view = new DataView(buffer);
  const covered = new Set<number>();
  for (const item of stored) {
    const at = base + item.at;
    const kind = (Object.keys(item) as (keyof typeof SIZES | 'at')[]).find((key) => key !== 'at')!;
    for (let i = 0; i < SIZES[kind]; i++) covered.add(at + i);
    const actual =
      'f32' in item ? view.getFloat32(at, true)
      : 'i32' in item ? view.getInt32(at, true)
      : 'u32' in item ? view.getUint32(at, true)
      : 'u16' in item ? view.getUint16(at, true)
      : 'f64' in item ? view.getFloat64(at, true)
      : 'i64' in item ? view.getBigInt64(at, true)
      : view.getBigUint64(at, true);
    const wanted = (item as Record<string, number | bigint>)[kind];
    expect(actual, `${kind} at byte ${at}`).toBe(wanted);
  }
  const bytes = new Uint8Array(buffer);
  const clobbered: number[] = [];
  for (let i = 0; i < bytes.length; i++) if (!covered.has(i) && bytes[i] !== fill) clobbered.push(i);
  expect(clobbered, 'bytes written outside the expected values').toEqual([]);
}
