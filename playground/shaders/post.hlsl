// Full-screen post process over the lit scene: a 5x5 box blur (the test recomputes it from the
// unblurred image) followed by an exposure scale. One triangle covers the screen.
cbuffer PostParams : register(b0) {
  float exposure;
  int radius;
};

Texture2D<float4> scene : register(t1);

struct FullScreen {
  float4 position : SV_Position;
};

[shader("vertex")]
FullScreen vsFullScreen(uint vertex : SV_VertexID) {
  FullScreen output;
  float2 corner = float2((vertex << 1) & 2, vertex & 2);
  output.position = float4(corner * 2.0 - 1.0, 0.0, 1.0);
  return output;
}

[shader("pixel")]
float4 psBlur(FullScreen input) : SV_Target0 {
  int2 size;
  scene.GetDimensions(size.x, size.y);
  int2 pixel = int2(input.position.xy);
  float3 sum = float3(0, 0, 0);
  for (int y = -radius; y <= radius; y++) {
    for (int x = -radius; x <= radius; x++) {
      int2 at = clamp(pixel + int2(x, y), int2(0, 0), size - 1);
      sum += scene.Load(int3(at, 0)).rgb;
    }
  }
  float taps = float((2 * radius + 1) * (2 * radius + 1));
  return float4(sum / taps * exposure, 1.0);
}
