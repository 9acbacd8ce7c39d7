// Texel and vertex-attribute formats the harness accepts, named as in WebGPU
// (`rgba8unorm`, `rg32float`, ...), with the Vulkan enum value
// (VkFormat in vulkan_core.h) and how one texel is laid out in memory.

/** How a single channel is stored. */
export type ChannelType =
  | 'unorm8' | 'snorm8' | 'uint8' | 'sint8'
  | 'unorm16' | 'uint16' | 'sint16' | 'float16'
  | 'uint32' | 'sint32' | 'float32'
  | 'packed';

export interface FormatInfo {
  /** VkFormat value. */
  readonly vk: number;
  /** Bytes per texel (or per vertex attribute). */
  readonly bytes: number;
  readonly channels: number;
  readonly channel: ChannelType;
}

export const FORMATS = {
  r8unorm: { vk: 9, bytes: 1, channels: 1, channel: 'unorm8' },
  r8snorm: { vk: 10, bytes: 1, channels: 1, channel: 'snorm8' },
  r8uint: { vk: 13, bytes: 1, channels: 1, channel: 'uint8' },
  r8sint: { vk: 14, bytes: 1, channels: 1, channel: 'sint8' },
  rg8unorm: { vk: 16, bytes: 2, channels: 2, channel: 'unorm8' },
  rg8uint: { vk: 20, bytes: 2, channels: 2, channel: 'uint8' },
  rg8sint: { vk: 21, bytes: 2, channels: 2, channel: 'sint8' },
  rgba8unorm: { vk: 37, bytes: 4, channels: 4, channel: 'unorm8' },
  rgba8snorm: { vk: 38, bytes: 4, channels: 4, channel: 'snorm8' },
  rgba8uint: { vk: 41, bytes: 4, channels: 4, channel: 'uint8' },
  rgba8sint: { vk: 42, bytes: 4, channels: 4, channel: 'sint8' },
  'rgba8unorm-srgb': { vk: 43, bytes: 4, channels: 4, channel: 'unorm8' },
  bgra8unorm: { vk: 44, bytes: 4, channels: 4, channel: 'unorm8' },
  rgb10a2unorm: { vk: 64, bytes: 4, channels: 4, channel: 'packed' },
  r16unorm: { vk: 70, bytes: 2, channels: 1, channel: 'unorm16' },
  r16uint: { vk: 74, bytes: 2, channels: 1, channel: 'uint16' },
  r16sint: { vk: 75, bytes: 2, channels: 1, channel: 'sint16' },
  r16float: { vk: 76, bytes: 2, channels: 1, channel: 'float16' },
  rg16uint: { vk: 81, bytes: 4, channels: 2, channel: 'uint16' },
  rg16sint: { vk: 82, bytes: 4, channels: 2, channel: 'sint16' },
  rg16float: { vk: 83, bytes: 4, channels: 2, channel: 'float16' },
  rgba16unorm: { vk: 91, bytes: 8, channels: 4, channel: 'unorm16' },
  rgba16uint: { vk: 95, bytes: 8, channels: 4, channel: 'uint16' },
  rgba16sint: { vk: 96, bytes: 8, channels: 4, channel: 'sint16' },
  rgba16float: { vk: 97, bytes: 8, channels: 4, channel: 'float16' },
  r32uint: { vk: 98, bytes: 4, channels: 1, channel: 'uint32' },
  r32sint: { vk: 99, bytes: 4, channels: 1, channel: 'sint32' },
  r32float: { vk: 100, bytes: 4, channels: 1, channel: 'float32' },
  rg32uint: { vk: 101, bytes: 8, channels: 2, channel: 'uint32' },
  rg32sint: { vk: 102, bytes: 8, channels: 2, channel: 'sint32' },
  rg32float: { vk: 103, bytes: 8, channels: 2, channel: 'float32' },
  rgb32uint: { vk: 104, bytes: 12, channels: 3, channel: 'uint32' },
  rgb32sint: { vk: 105, bytes: 12, channels: 3, channel: 'sint32' },
  rgb32float: { vk: 106, bytes: 12, channels: 3, channel: 'float32' },
  rgba32uint: { vk: 107, bytes: 16, channels: 4, channel: 'uint32' },
  rgba32sint: { vk: 108, bytes: 16, channels: 4, channel: 'sint32' },
  rgba32float: { vk: 109, bytes: 16, channels: 4, channel: 'float32' },
  rg11b10ufloat: { vk: 122, bytes: 4, channels: 3, channel: 'packed' },
} as const satisfies Record<string, FormatInfo>;

export type FormatName = keyof typeof FORMATS;

export function formatInfo(name: FormatName): FormatInfo {
  const info: FormatInfo | undefined = FORMATS[name];
  if (!info) throw new Error(`unknown format '${String(name)}'; known: ${Object.keys(FORMATS).join(', ')}`);
  return info;
}

/** Integer formats take integer clear colours; all others take floats. */
export function clearValueType(name: FormatName): 'float' | 'uint' | 'sint' {
  const channel = formatInfo(name).channel;
  if (channel.startsWith('uint')) return 'uint';
  if (channel.startsWith('sint')) return 'sint';
  return 'float';
}

function float16ToNumber(bits: number): number {
  const sign = bits & 0x8000 ? -1 : 1;
  const exponent = (bits >> 10) & 0x1f;
  const mantissa = bits & 0x3ff;
  if (exponent === 0) return sign * mantissa * 2 ** -24;
  if (exponent === 31) return mantissa ? NaN : sign * Infinity;
  return sign * (1 + mantissa / 1024) * 2 ** (exponent - 15);
}

const CHANNEL_READERS: Record<Exclude<ChannelType, 'packed'>, { size: number; read: (v: DataView, at: number) => number }> = {
  unorm8: { size: 1, read: (v, at) => v.getUint8(at) / 255 },
  snorm8: { size: 1, read: (v, at) => Math.max(v.getInt8(at) / 127, -1) },
  uint8: { size: 1, read: (v, at) => v.getUint8(at) },
  sint8: { size: 1, read: (v, at) => v.getInt8(at) },
  unorm16: { size: 2, read: (v, at) => v.getUint16(at, true) / 65535 },
  uint16: { size: 2, read: (v, at) => v.getUint16(at, true) },
  sint16: { size: 2, read: (v, at) => v.getInt16(at, true) },
  float16: { size: 2, read: (v, at) => float16ToNumber(v.getUint16(at, true)) },
  uint32: { size: 4, read: (v, at) => v.getUint32(at, true) },
  sint32: { size: 4, read: (v, at) => v.getInt32(at, true) },
  float32: { size: 4, read: (v, at) => v.getFloat32(at, true) },
};

/**
 * Channel values of texel `index` in a tightly packed image: normalised
 * formats as 0..1 (or -1..1), integer formats as integers, floats as floats.
 */
export function decodeTexel(bytes: Uint8Array, format: FormatName, index: number): number[] {
  const info = formatInfo(format);
  if (info.channel === 'packed') throw new Error(`decodeTexel: packed format ${format} is not decoded; read the bytes`);
  const reader = CHANNEL_READERS[info.channel];
  const view = new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  const base = index * info.bytes;
  if (base + info.bytes > bytes.byteLength) throw new RangeError(`texel ${index} is outside the ${bytes.byteLength}-byte image`);
  return Array.from({ length: info.channels }, (_, c) => reader.read(view, base + c * reader.size));
}
