// A particle system: `simulate` integrates every particle, counts the live ones per workgroup in
// groupshared memory and adds each group's count to `liveCount` with one atomic; `vsParticle` and
// `psParticle` draw each live particle as a small quad (6 vertices per instance).
struct Particle {
  float2 position;
  float2 velocity;
  float4 color;
  float life;
};

cbuffer SimParams : register(b0) {
  float2 gravity;
  float deltaTime;
  uint particleCount;
};

RWStructuredBuffer<Particle> particles : register(u1);
RWStructuredBuffer<uint> liveCount : register(u2);

groupshared uint groupLive[64];

[numthreads(64, 1, 1)]
void simulate(uint3 id : SV_DispatchThreadID, uint index : SV_GroupIndex) {
  uint live = 0;
  if (id.x < particleCount) {
    Particle p = particles[id.x];
    if (p.life > 0.0) {
      p.velocity += gravity * deltaTime;
      p.position += p.velocity * deltaTime;
      // Bounce inside the [-1, 1] box, losing a little energy.
      if (abs(p.position.x) > 1.0) { p.position.x = clamp(p.position.x, -1.0, 1.0); p.velocity.x = -0.9 * p.velocity.x; }
      if (abs(p.position.y) > 1.0) { p.position.y = clamp(p.position.y, -1.0, 1.0); p.velocity.y = -0.9 * p.velocity.y; }
      particles[id.x] = p;
      live = 1;
    }
  }
  groupLive[index] = live;
  GroupMemoryBarrierWithGroupSync();
  for (uint stride = 32; stride > 0; stride >>= 1) {
    if (index < stride) groupLive[index] += groupLive[index + stride];
    GroupMemoryBarrierWithGroupSync();
  }
  if (index == 0) {
    uint before;
    InterlockedAdd(liveCount[0], groupLive[0], before);
  }
}

// Drawing reads the same particles through group 1: a render pass may not see the read-write
// bindings of group 0.
StructuredBuffer<Particle> drawn : register(t0, space1);
cbuffer DrawParams : register(b1, space1) {
  float size;
};

struct ParticleVertex {
  float4 position : SV_Position;
  float4 color : COLOR0;
};

[shader("vertex")]
ParticleVertex vsParticle(uint vertex : SV_VertexID, uint instance : SV_InstanceID) {
  static const float2 corners[6] = { float2(-1, -1), float2(1, -1), float2(1, 1), float2(-1, -1), float2(1, 1), float2(-1, 1) };
  Particle p = drawn[instance];
  ParticleVertex output;
  // A dead particle collapses to a point outside the clip volume: nothing is drawn.
  float2 corner = p.life > 0.0 ? corners[vertex] * size : float2(0, 0);
  output.position = p.life > 0.0 ? float4(p.position + corner, 0.0, 1.0) : float4(2.0, 2.0, 2.0, 1.0);
  output.color = p.color;
  return output;
}

[shader("pixel")]
float4 psParticle(ParticleVertex input) : SV_Target0 {
  return input.color;
}
