// A textured mesh lit by a small light array. `viewProj` is row_major and `model` column_major in
// the same cbuffer: the generated writer takes both in the app's (column-major) order.
#include "lighting.hlsli"

cbuffer Camera : register(b0) {
  row_major float4x4 viewProj;
  column_major float4x4 model;
  float3 eye;
};

cbuffer Lights : register(b1) {
  Light lights[MAX_LIGHTS];
  float3 ambient;
  uint lightCount;
};

Texture2D<float4> albedo : register(t2);
SamplerState albedoSampler : register(s3);

struct VSIn {
  float3 position : POSITION;
  float3 normal : NORMAL;
  float2 uv : TEXCOORD0;
};

struct VSOut {
  float4 position : SV_Position;
  float3 normal : NORMAL;
  float2 uv : TEXCOORD0;
};

[shader("vertex")]
VSOut vsMain(VSIn input) {
  VSOut output;
  float4 world = mul(model, float4(input.position, 1.0));
  output.position = mul(viewProj, world);
  output.normal = mul((float3x3)model, input.normal);
  output.uv = input.uv;
  return output;
}

[shader("pixel")]
float4 psMain(VSOut input) : SV_Target0 {
  float3 normal = normalize(input.normal);
  float3 light = ambient;
  for (uint i = 0; i < lightCount; i++) {
    light += lambert(lights[i], normal);
  }
  float3 base = albedo.Sample(albedoSampler, input.uv).rgb;
  return float4(base * light, 1.0);
}
