// Buffer device addresses for shaders that read memory through them (vk::RawBufferLoad/Store,
// vk::BufferPointer): a compute job lists which buffer binding's VkDeviceAddress the runner writes
// into its push constants, and where (runner/addresses.c). The module's
// PhysicalStorageBufferAddresses capability enables bufferDeviceAddress, which gives the job's
// buffers SHADER_DEVICE_ADDRESS usage.
import { FrameWriter, TAG } from './protocol.js';
import type { ComputeJob } from './types.js';

export function encodeAddressPatches(frame: FrameWriter, job: ComputeJob): void {
  for (const a of job.addresses ?? []) {
    const slot = `${a.set ?? 0}:${a.binding}`;
    if (!(job.bindings ?? []).some((b) => `${b.set ?? 0}:${b.binding}` === slot && (b.kind === 'storage-buffer' || b.kind === 'uniform-buffer'))) {
      throw new Error(`address of binding ${slot}: the job has no uniform or storage buffer there`);
    }
    const pushSize = job.push?.byteLength ?? 0;
    if (!Number.isInteger(a.pushOffset) || a.pushOffset % 8 !== 0 || a.pushOffset + 8 > pushSize) {
      throw new Error(`address of binding ${slot}: push offset ${a.pushOffset} must be a multiple of 8 with 8 bytes inside the ${pushSize} push bytes`);
    }
    frame.record(TAG.address, [a.set ?? 0, a.binding, a.pushOffset]);
  }
}
