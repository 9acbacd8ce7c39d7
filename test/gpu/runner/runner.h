/* GPU test runner: executes compute dispatches and draws on a Vulkan 1.3 device
 * (lavapipe in tests) for jobs sent by test/gpu/harness.ts over stdin/stdout.
 * Wire format: see protocol.c and test/gpu/protocol.ts (they must agree). */
#ifndef GPU_RUNNER_H
#define GPU_RUNNER_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>
#include <vulkan/vulkan.h>

/* VK_KHR_cooperative_matrix postdates Debian 12's Vulkan headers (1.3.239): the few declarations the
 * runner needs, values from the Vulkan registry. */
#ifndef VK_KHR_cooperative_matrix
#define VK_KHR_cooperative_matrix 1
#define VK_KHR_COOPERATIVE_MATRIX_EXTENSION_NAME "VK_KHR_cooperative_matrix"
#define VK_STRUCTURE_TYPE_PHYSICAL_DEVICE_COOPERATIVE_MATRIX_FEATURES_KHR ((VkStructureType)1000506000)
#define VK_STRUCTURE_TYPE_COOPERATIVE_MATRIX_PROPERTIES_KHR ((VkStructureType)1000506001)
typedef uint32_t VkComponentTypeKHR; /* FLOAT16 0, FLOAT32 1, FLOAT64 2, SINT8..64 3..6, UINT8..64 7..10 */
typedef uint32_t VkScopeKHR;         /* DEVICE 1, WORKGROUP 2, SUBGROUP 3, QUEUE_FAMILY 5 */
typedef struct VkPhysicalDeviceCooperativeMatrixFeaturesKHR {
  VkStructureType sType;
  void *pNext;
  VkBool32 cooperativeMatrix;
  VkBool32 cooperativeMatrixRobustBufferAccess;
} VkPhysicalDeviceCooperativeMatrixFeaturesKHR;
typedef struct VkCooperativeMatrixPropertiesKHR {
  VkStructureType sType;
  void *pNext;
  uint32_t MSize, NSize, KSize;
  VkComponentTypeKHR AType, BType, CType, ResultType;
  VkBool32 saturatingAccumulation;
  VkScopeKHR scope;
} VkCooperativeMatrixPropertiesKHR;
typedef VkResult(VKAPI_PTR *PFN_vkGetPhysicalDeviceCooperativeMatrixPropertiesKHR)(VkPhysicalDevice, uint32_t *,
                                                                                   VkCooperativeMatrixPropertiesKHR *);
#endif

/* ---- wire tags (mirrored in protocol.ts) ---- */
enum {
  TAG_KIND = 1,       /* u32 JobKind */
  TAG_FEATURES = 2,   /* space-separated device feature names */
  TAG_EXTENSIONS = 3, /* space-separated device extension names */
  TAG_STAGE = 10,     /* u32 stage, u32 entry length, entry (padded to 4), SPIR-V words */
  TAG_GROUPS = 11,    /* u32 x, y, z: compute workgroups, or mesh-task workgroups of a mesh draw */
  TAG_PUSH = 12,      /* push-constant bytes */
  TAG_BINDING = 20,   /* BindingDesc header (11 u32) + initial contents */
  TAG_BINDING_ARRAY = 21, /* u32 array element, descriptor count (0: derived), binding flags: for the previous TAG_BINDING */
  TAG_VERTEX_BUFFER = 30,    /* u32 binding, stride, input rate + bytes */
  TAG_VERTEX_ATTRIBUTE = 31, /* u32 location, binding, VkFormat, offset */
  TAG_TARGET = 32,    /* u32 width, height, VkFormat, byte size, vertex count, instance count, clear[4] (raw f32) */
  TAG_PIPELINE = 33,  /* u32 VkPrimitiveTopology, patch control points (stages.c) */
  TAG_ADDRESS = 40,   /* u32 set, binding, push offset: that buffer's device address goes in the push bytes */
  TAG_DRAW_RANGE = 34, /* u32 first vertex, first instance, instance count (optional; default 0, 0, 1) */
  TAG_SAMPLES = 35,   /* u32 rasterization samples of a draw (optional; default 1): resolved into the target */
  TAG_RAY_STAGE = 41, /* u32 RayStageIndex, u32 entry length, entry (padded to 4), SPIR-V words (raytracing.c) */

  TAG_STATUS = 100,   /* u32 Status + message */
  TAG_BUFFER_OUT = 101, /* u32 set, binding + bytes */
  TAG_IMAGE_OUT = 102,  /* u32 set, binding + bytes */
  TAG_TARGET_OUT = 103, /* colour attachment bytes */
  TAG_BUFFER_ELEMENT_OUT = 104, /* u32 set, binding, array element + bytes (descriptor-array entries) */
  TAG_IMAGE_ELEMENT_OUT = 105,  /* u32 set, binding, array element + bytes */
  TAG_COOPMAT_OUT = 106,        /* u32 count + count x 9 u32: VkCooperativeMatrixPropertiesKHR from MSize on (coopmat.c) */
};

/* Binding flags of a descriptor-array slot (TAG_BINDING_ARRAY), mapped to VkDescriptorBindingFlagBits. */
enum { ARRAY_PARTIALLY_BOUND = 1, ARRAY_VARIABLE_COUNT = 2 };

typedef enum { JOB_COMPUTE = 1, JOB_DRAW = 2, JOB_MESH = 3, JOB_RAYTRACE = 4, JOB_COOPMAT_QUERY = 5 } JobKind;
/* The modules of a ray-tracing job (raytracing.c): one shader group each. */
typedef enum {
  RAY_STAGE_RAYGEN = 0,
  RAY_STAGE_MISS = 1,
  RAY_STAGE_CLOSEST_HIT = 2,
  RAY_STAGE_ANY_HIT = 3,  /* optional: joins the hit group */
  RAY_STAGE_CALLABLE = 4, /* optional: a callable group, record 0 of the callable region */
  RAY_STAGE_INTERSECTION = 5, /* optional: makes the hit group procedural (boxes) */
  RAY_STAGE_COUNT = 6
} RayStageIndex;
typedef enum { STATUS_OK = 0, STATUS_VALIDATION = 1, STATUS_ERROR = 2 } Status;
typedef enum {
  STAGE_COMPUTE = 0,
  STAGE_VERTEX = 1,
  STAGE_FRAGMENT = 2,
  /* Optional stages of a draw (stages.c). */
  STAGE_GEOMETRY = 3,
  STAGE_TESS_CONTROL = 4,
  STAGE_TESS_EVAL = 5,
  /* Mesh draws (mesh.c). */
  STAGE_TASK = 6,
  STAGE_MESH = 7,
  STAGE_COUNT = 8
} StageIndex;

typedef enum {
  KIND_UNIFORM_BUFFER = 1,
  KIND_STORAGE_BUFFER = 2,
  KIND_STORAGE_IMAGE = 3,
  KIND_SAMPLED_IMAGE = 4,
  KIND_SAMPLER = 5,
  KIND_COMBINED_IMAGE_SAMPLER = 6,
  KIND_UNIFORM_TEXEL_BUFFER = 7,
  KIND_STORAGE_TEXEL_BUFFER = 8,
  KIND_ACCELERATION_STRUCTURE = 9, /* accel.c: triangles or boxes → BLAS → one-instance TLAS */
} DescriptorKind;

typedef struct {
  uint32_t set, binding, kind;
  uint32_t format;                 /* VkFormat: images and texel buffers */
  uint32_t width, height, depth_or_layers;
  uint32_t view_type;              /* VkImageViewType */
  uint32_t filter;                 /* VkFilter: samplers */
  uint32_t address_mode;           /* VkSamplerAddressMode: samplers */
  uint32_t byte_size;              /* size of contents (buffer or tightly packed image) */
  const uint8_t *data;             /* byte_size bytes (sentinel already applied by the harness) */
  bool is_array;                   /* a TAG_BINDING_ARRAY followed: one element of a descriptor array */
  uint32_t array_element;          /* dstArrayElement */
  uint32_t descriptor_count;       /* the layout binding's descriptorCount (0: highest element + 1) */
  uint32_t array_flags;            /* ARRAY_* */
} BindingDesc;

typedef struct {
  uint32_t binding, stride, input_rate;
  const uint8_t *data;
  uint32_t size;
} VertexBufferDesc;

typedef struct {
  uint32_t location, binding, format, offset;
} VertexAttributeDesc;

typedef struct {
  uint32_t set, binding, push_offset;
} AddressPatch;

#define MAX_BINDINGS 64
#define MAX_VERTEX_BUFFERS 8
#define MAX_VERTEX_ATTRIBUTES 16

typedef struct {
  JobKind kind;
  char features[1024];
  char extensions[1024];
  const uint32_t *spirv[STAGE_COUNT];
  uint32_t spirv_words[STAGE_COUNT];
  char entry[STAGE_COUNT][256];
  uint32_t groups[3];
  const uint8_t *push;
  uint32_t push_size;
  BindingDesc bindings[MAX_BINDINGS];
  uint32_t binding_count;
  VertexBufferDesc vertex_buffers[MAX_VERTEX_BUFFERS];
  uint32_t vertex_buffer_count;
  VertexAttributeDesc attributes[MAX_VERTEX_ATTRIBUTES];
  uint32_t attribute_count;
  uint32_t target_width, target_height, target_format, target_size;
  uint32_t vertex_count, instance_count;
  uint32_t first_vertex, first_instance;
  bool has_draw_range;
  uint32_t samples; /* TAG_SAMPLES; 0 means 1 */
  float clear[4];
  /* TAG_PIPELINE: absent means a triangle list without tessellation. */
  bool topology_given;
  uint32_t topology, patch_control_points;
  AddressPatch address_patches[MAX_BINDINGS];
  uint32_t address_patch_count;
  /* TAG_RAY_STAGE: a ray-tracing job's modules; TAG_GROUPS is its launch size. */
  const uint32_t *ray_spirv[RAY_STAGE_COUNT];
  uint32_t ray_spirv_words[RAY_STAGE_COUNT];
  char ray_entry[RAY_STAGE_COUNT][256];
} Job;

/* Growable byte buffer for messages and result frames. */
typedef struct {
  uint8_t *bytes;
  size_t size, capacity;
} ByteBuf;

void buf_append(ByteBuf *b, const void *data, size_t size);
void buf_printf(ByteBuf *b, const char *fmt, ...);
void buf_free(ByteBuf *b);

/* The Vulkan instance lives for the whole process; the device is recreated
 * only when a job asks for a different feature/extension set. */
typedef struct {
  VkInstance instance;
  VkDebugUtilsMessengerEXT messenger;
  VkPhysicalDevice physical;
  VkDevice device;
  VkQueue queue;
  uint32_t queue_family;
  VkCommandPool command_pool;
  VkPhysicalDeviceMemoryProperties memory;
  char device_key[2048];         /* features + extensions of the current device */
  bool device_addresses;         /* the device has bufferDeviceAddress: buffers can give their address */
  ByteBuf messages;              /* validation messages since the last check */
  uint32_t message_count;
  ByteBuf error;                 /* first non-validation failure of the current job */
} Context;

/* context.c */
bool context_create_instance(Context *ctx);
bool context_ensure_device(Context *ctx, const char *features, const char *extensions);
void context_destroy(Context *ctx);
bool fail(Context *ctx, const char *fmt, ...);
const char *vk_result_name(VkResult r);

#define VK_TRY(ctx, call)                                                   \
  do {                                                                       \
    VkResult vk_try_result_ = (call);                                        \
    if (vk_try_result_ != VK_SUCCESS)                                        \
      return fail((ctx), "%s failed: %s", #call, vk_result_name(vk_try_result_)); \
  } while (0)

/* True when the validation layer has reported something: the job must stop
 * before anything invalid reaches the driver. */
static inline bool has_messages(const Context *ctx) { return ctx->message_count > 0; }

/* Debian 12's Vulkan headers (1.3.239) predate VK_KHR_shader_maximal_reconvergence (Mesa 25 has it):
 * its feature struct as the registry defines it. */
#ifndef VK_KHR_shader_maximal_reconvergence
#define VK_KHR_SHADER_MAXIMAL_RECONVERGENCE_EXTENSION_NAME "VK_KHR_shader_maximal_reconvergence"
#define VK_STRUCTURE_TYPE_PHYSICAL_DEVICE_SHADER_MAXIMAL_RECONVERGENCE_FEATURES_KHR ((VkStructureType)1000434000)
typedef struct VkPhysicalDeviceShaderMaximalReconvergenceFeaturesKHR {
  VkStructureType sType;
  void *pNext;
  VkBool32 shaderMaximalReconvergence;
} VkPhysicalDeviceShaderMaximalReconvergenceFeaturesKHR;
#endif

/* VK_KHR_compute_shader_derivatives (newer than those headers) promoted the NV extension: same struct and sType. */
#ifndef VK_KHR_compute_shader_derivatives
#define VK_KHR_COMPUTE_SHADER_DERIVATIVES_EXTENSION_NAME "VK_KHR_compute_shader_derivatives"
#endif

/* layer-gaps.c: the layer's "unknown extension" messages for extensions newer than it */
bool layer_gap(const char *id, const char *message);

/* extension-features.c: feature structs of device extensions, chained only for named extensions */
typedef struct {
  VkPhysicalDeviceMeshShaderFeaturesEXT mesh;
  VkPhysicalDeviceRayQueryFeaturesKHR ray_query;
  VkPhysicalDeviceRayTracingPipelineFeaturesKHR ray_pipeline;
  VkPhysicalDeviceAccelerationStructureFeaturesKHR acceleration;
  VkPhysicalDeviceShaderClockFeaturesKHR clock;
  VkPhysicalDeviceFragmentShaderInterlockFeaturesEXT interlock;
  VkPhysicalDeviceFragmentShaderBarycentricFeaturesKHR barycentric;
  VkPhysicalDeviceCooperativeMatrixFeaturesKHR cooperative_matrix;
  VkPhysicalDeviceShaderMaximalReconvergenceFeaturesKHR reconvergence;
  VkPhysicalDeviceComputeShaderDerivativesFeaturesNV derivatives_nv;
  VkPhysicalDeviceComputeShaderDerivativesFeaturesNV derivatives_khr;
  VkPhysicalDeviceShaderAtomicFloatFeaturesEXT atomic_float;
} ExtensionFeatures;
typedef enum { EXT_FEATURE_FOUND, EXT_FEATURE_UNKNOWN, EXT_FEATURE_EXTENSION_NOT_NAMED } ExtensionFeatureLookup;
/* Zeroes `features`, links the structs of the extensions named in `extensions` in front of `next`. */
void *extension_features_chain(ExtensionFeatures *features, const char *extensions, void *next);
ExtensionFeatureLookup extension_feature(ExtensionFeatures *features, const char *extensions, const char *name,
                                         VkBool32 **slot, const char **extension);

/* protocol.c */
bool parse_job(Context *ctx, const uint8_t *frame, size_t size, Job *job);
void put_record(ByteBuf *out, uint32_t tag, const void *head, size_t head_size,
                const void *body, size_t body_size);

/* resources.c: per-job objects, destroyed together */
typedef struct {
  VkBuffer buffer;
  VkDeviceMemory memory;
  void *mapped;
  VkDeviceSize size;
} HostBuffer;

/* accel.c: what one acceleration-structure binding owns. */
typedef struct {
  PFN_vkDestroyAccelerationStructureKHR fns;
  VkAccelerationStructureKHR blas, tlas;
  HostBuffer vertices, instances, blas_storage, blas_scratch, tlas_storage, tlas_scratch;
} RayTracingObjects;

typedef struct {
  const BindingDesc *desc;
  RayTracingObjects accel;
  HostBuffer buffer;       /* buffer kinds: the buffer itself; image kinds: staging */
  VkBufferView texel_view;
  VkImage image;
  VkDeviceMemory image_memory;
  VkImageView view;
  VkSampler sampler;
} BoundResource;

typedef struct {
  VkShaderModule modules[STAGE_COUNT];
  VkDescriptorSetLayout set_layouts[8];
  uint32_t set_count;
  VkPipelineLayout pipeline_layout;
  VkPipeline pipeline;
  VkDescriptorPool pool;
  VkDescriptorSet sets[8];
  BoundResource resources[MAX_BINDINGS];
  HostBuffer vertex_buffers[MAX_VERTEX_BUFFERS];
  VkImage target;
  VkDeviceMemory target_memory;
  VkImageView target_view;
  /* A multisampled draw renders here and resolves (average) into `target`. */
  VkImage msaa;
  VkDeviceMemory msaa_memory;
  VkImageView msaa_view;
  HostBuffer target_readback;
  VkCommandBuffer cmd;
  VkFence fence;
  /* raytracing.c: the ray-tracing modules and the shader binding table. */
  VkShaderModule ray_modules[RAY_STAGE_COUNT];
  HostBuffer sbt;
} JobObjects;

bool create_host_buffer(Context *ctx, VkDeviceSize size, VkBufferUsageFlags usage,
                        const uint8_t *contents, HostBuffer *out);
bool create_image(Context *ctx, VkImageType type, VkFormat format, VkExtent3D extent,
                  uint32_t layers, VkImageUsageFlags usage, VkImage *image, VkDeviceMemory *memory);
/* A 2D single-layer image with `samples` samples per texel. */
bool create_image_samples(Context *ctx, VkFormat format, VkExtent3D extent, VkSampleCountFlagBits samples,
                          VkImageUsageFlags usage, VkImage *image, VkDeviceMemory *memory);
bool create_shader_modules(Context *ctx, const Job *job, JobObjects *objs);
bool create_layouts(Context *ctx, const Job *job, VkShaderStageFlags stages, JobObjects *objs);
bool create_resources(Context *ctx, const Job *job, JobObjects *objs);
bool write_descriptors(Context *ctx, const Job *job, JobObjects *objs);
void record_uploads(const Job *job, JobObjects *objs, VkPipelineStageFlags consumer);
void record_readbacks(const Job *job, JobObjects *objs, VkPipelineStageFlags producer);
bool begin_commands(Context *ctx, JobObjects *objs);
bool submit_and_wait(Context *ctx, JobObjects *objs);
void collect_outputs(const Job *job, const JobObjects *objs, ByteBuf *out);
void destroy_job_objects(Context *ctx, JobObjects *objs);
VkShaderStageFlags push_stages(const Job *job);

/* addresses.c: buffer device addresses written into push constants */
bool parse_address_patch(Context *ctx, Job *job, const uint8_t *p, size_t len);
VkBufferUsageFlags address_usage(const Context *ctx, VkBufferUsageFlags usage);
/* The push bytes with the addresses written into scratch, or NULL after fail(). */
const uint8_t *patched_push(Context *ctx, const Job *job, const JobObjects *objs, uint8_t *scratch, size_t scratch_size);

/* accel.c */
bool create_address_buffer(Context *ctx, VkDeviceSize size, VkBufferUsageFlags usage, const void *contents,
                           HostBuffer *out, VkDeviceAddress *address);
bool accel_create(Context *ctx, const BindingDesc *b, BoundResource *r);
const void *accel_descriptor(const BoundResource *r, VkWriteDescriptorSetAccelerationStructureKHR *write);
void accel_destroy(Context *ctx, BoundResource *r);

/* compute.c / draw.c / mesh.c / raytracing.c */
bool run_compute(Context *ctx, const Job *job, JobObjects *objs, ByteBuf *out);
bool run_raytrace(Context *ctx, const Job *job, JobObjects *objs, ByteBuf *out);
void raytrace_destroy(Context *ctx, JobObjects *objs);
bool run_draw(Context *ctx, const Job *job, JobObjects *objs, ByteBuf *out);
bool run_mesh_draw(Context *ctx, const Job *job, JobObjects *objs, ByteBuf *out);
/* coopmat.c: the driver's vkGetPhysicalDeviceCooperativeMatrixPropertiesKHR list (TAG_COOPMAT_OUT) */
bool run_coopmat_query(Context *ctx, ByteBuf *out);
/* draw.c pieces mesh.c shares: the colour target, fixed pipeline state, render pass begin/end + readback */
bool draw_create_target(Context *ctx, const Job *job, JobObjects *objs);
bool draw_create_pipeline(Context *ctx, const Job *job, JobObjects *objs, const VkPipelineShaderStageCreateInfo *stages,
                          uint32_t stage_count, const VkPipelineVertexInputStateCreateInfo *vertex_input,
                          const VkPipelineInputAssemblyStateCreateInfo *assembly,
                          const VkPipelineTessellationStateCreateInfo *tessellation);
void draw_begin(const Job *job, JobObjects *objs);
void draw_end(const Job *job, JobObjects *objs);

/* stages.c: the draw pipeline's optional geometry and tessellation stages */
uint32_t draw_stage_infos(const Job *job, const JobObjects *objs, VkPipelineShaderStageCreateInfo out[STAGE_COUNT]);
VkShaderStageFlags draw_stage_flags(const Job *job);
VkPipelineStageFlags draw_pipeline_stages(const Job *job);
VkPrimitiveTopology draw_topology(const Job *job);
bool draw_tessellation_state(const Job *job, VkPipelineTessellationStateCreateInfo *out);

#endif
