// Column-major 4x4 matrices (gl-matrix's order, the generated writers' default input order).
export type Mat4 = Float32Array;

export function perspective(fovY: number, aspect: number, near: number, far: number): Mat4 {
  // WebGPU clip space: depth in [0, 1].
  const f = 1 / Math.tan(fovY / 2);
  const m = new Float32Array(16);
  m[0] = f / aspect;
  m[5] = f;
  m[10] = far / (near - far);
  m[11] = -1;
  m[14] = (near * far) / (near - far);
  return m;
}

export function lookAt(eye: readonly number[], target: readonly number[], up: readonly number[]): Mat4 {
  const z = normalize([eye[0]! - target[0]!, eye[1]! - target[1]!, eye[2]! - target[2]!]);
  const x = normalize(cross(up, z));
  const y = cross(z, x);
  return new Float32Array([x[0]!, y[0]!, z[0]!, 0, x[1]!, y[1]!, z[1]!, 0, x[2]!, y[2]!, z[2]!, 0, -dot(x, eye), -dot(y, eye), -dot(z, eye), 1]);
}

export function translation(x: number, y: number, z: number): Mat4 {
  return new Float32Array([1, 0, 0, 0, 0, 1, 0, 0, 0, 0, 1, 0, x, y, z, 1]);
}

export function multiply(a: Mat4, b: Mat4): Mat4 {
  const out = new Float32Array(16);
  for (let c = 0; c < 4; c++) for (let r = 0; r < 4; r++) {
    let sum = 0;
    for (let k = 0; k < 4; k++) sum += a[k * 4 + r]! * b[c * 4 + k]!;
    out[c * 4 + r] = sum;
  }
  return out;
}

function cross(a: readonly number[], b: readonly number[]): number[] {
  return [a[1]! * b[2]! - a[2]! * b[1]!, a[2]! * b[0]! - a[0]! * b[2]!, a[0]! * b[1]! - a[1]! * b[0]!];
}
function dot(a: readonly number[], b: readonly number[]): number {
  return a[0]! * b[0]! + a[1]! * b[1]! + a[2]! * b[2]!;
}
function normalize(v: number[]): number[] {
  const l = Math.hypot(v[0]!, v[1]!, v[2]!);
  return v.map((x) => x / l);
}

/** An orbit camera: yaw/pitch/distance around the origin, dragged with the pointer. */
export class OrbitCamera {
  yaw = 0.6;
  pitch = 0.35;
  distance = 5.5;

  eye(): number[] {
    return [this.distance * Math.cos(this.pitch) * Math.sin(this.yaw), this.distance * Math.sin(this.pitch), this.distance * Math.cos(this.pitch) * Math.cos(this.yaw)];
  }

  viewProj(aspect: number): Mat4 {
    return multiply(perspective(Math.PI / 4, aspect, 0.1, 100), lookAt(this.eye(), [0, 0, 0], [0, 1, 0]));
  }

  attach(canvas: HTMLCanvasElement): void {
    let last: { x: number; y: number } | undefined;
    canvas.addEventListener('pointerdown', (e) => ((last = { x: e.clientX, y: e.clientY }), canvas.setPointerCapture(e.pointerId)));
    canvas.addEventListener('pointerup', () => (last = undefined));
    canvas.addEventListener('pointermove', (e) => {
      if (!last) return;
      this.yaw -= (e.clientX - last.x) * 0.01;
      this.pitch = Math.max(-1.4, Math.min(1.4, this.pitch + (e.clientY - last.y) * 0.01));
      last = { x: e.clientX, y: e.clientY };
    });
    canvas.addEventListener('wheel', (e) => {
      e.preventDefault();
      this.distance = Math.max(2, Math.min(12, this.distance * (e.deltaY > 0 ? 1.1 : 0.9)));
    });
  }
}
