#!/usr/bin/env bash
# Real-driver lane, step 1 (here): run the test suites on lavapipe while recording every GPU job
# frame (test/gpu/lane.ts), then bundle what the device needs into test/gpu/.lane/: the runner built
# here, the jobs as one stream (with their order in index.txt), the Khronos validation layer and the
# Vulkan loader packages. The device has no Node: it only feeds the stream to the runner.
set -euo pipefail
cd "$(dirname "$0")/../.."
lane=test/gpu/.lane
rm -rf "$lane"
mkdir -p "$lane/jobs" "$lane/layer" "$lane/debs"
HLSL_GPU_RECORD="$PWD/$lane/jobs" npx vitest run "$@" >"$lane/record.log" 2>&1 || { tail -30 "$lane/record.log"; echo "recording run failed (log: $lane/record.log)"; exit 1; }
(cd "$lane/jobs" && ls *.job | sort) >"$lane/index.txt"
while read -r job; do cat "$lane/jobs/$job"; done <"$lane/index.txt" >"$lane/jobs.stream"
cp "$(ls -t test/gpu/.build/gpu-runner-* | grep -v tmp | head -1)" "$lane/runner"
cp /usr/share/vulkan/explicit_layer.d/VkLayer_khronos_validation.json "$lane/layer/"
gzip -c /usr/lib/x86_64-linux-gnu/libVkLayer_khronos_validation.so >"$lane/layer/libVkLayer_khronos_validation.so.gz"
# The device image has no Vulkan loader, and NVIDIA's ICD needs glvnd: Debian's, unpacked there.
apt_state=$(mktemp -d)
mkdir -p "$apt_state/partial"
opts=(-oAPT::Architecture=amd64 -oAPT::Architectures=amd64 -oDir::State::Lists="$apt_state")
apt-get "${opts[@]}" update -qq
(cd "$lane/debs" && apt-get "${opts[@]}" download -qq libvulkan1 libglvnd0 libglx0 libgl1 libegl1 libopengl0 libgles2)
rm -rf "$apt_state"
# HLSL_LANE_TRIXIE=1: also bundle trixie's Vulkan loader and validation layer (1.4.309) with the C/C++
# runtime they need; device.sh then starts the runner through that runtime's dynamic loader. Debian 12's
# layer (1.3.239) refuses VK_KHR_cooperative_matrix's structures as unknown, and its loader makes the
# newer layer warn about NVIDIA's instance functions.
if [[ "${HLSL_LANE_TRIXIE:-}" == 1 ]]; then
  # shellcheck source=../lib/private-apt.sh
  source scripts/lib/private-apt.sh
  private_apt_unpack trixie "$lane/trixie/root" libvulkan1 vulkan-validationlayers libc6 libstdc++6 libgcc-s1
  mkdir -p "$lane/trixie/lib" "$lane/trixie/layer"
  cp -a "$lane/trixie/root/root/usr/lib/x86_64-linux-gnu/." "$lane/trixie/lib/"
  cp "$lane/trixie/root/root/usr/share/vulkan/explicit_layer.d/VkLayer_khronos_validation.json" "$lane/trixie/layer/"
  rm -rf "$lane/trixie/root" "$lane/trixie/lib/gconv"
fi
echo "recorded $(wc -l <"$lane/index.txt") jobs; bundle: $(du -sh "$lane" | cut -f1) in $lane"
