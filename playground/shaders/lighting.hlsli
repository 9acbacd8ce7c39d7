// Shared by the lit mesh: the light array and a Lambert term (edit it: the mesh updates in place).
#define MAX_LIGHTS 3

struct Light {
  float3 direction;  // towards the light, world space
  float intensity;
  float3 color;
};

float3 lambert(Light light, float3 normal) {
  return light.color * (light.intensity * saturate(dot(normal, normalize(light.direction))));
}
