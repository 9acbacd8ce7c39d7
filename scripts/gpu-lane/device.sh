#!/usr/bin/env bash
# Real-driver lane, step 2 (on the device machine, repository root, test/gpu/.lane carried): feed the
# recorded jobs to the runner on the driver VK_DRIVER_FILES names (NVIDIA's by default) with the
# validation layer on, and write the result stream to $OUT.
set -uo pipefail
lane="${HLSL_LANE_DIR:-test/gpu/.lane}"
for f in "$lane"/debs/*.deb; do dpkg -x "$f" /; done
ldconfig
gunzip -kf "$lane/layer/libVkLayer_khronos_validation.so.gz"
export VK_DRIVER_FILES="${VK_DRIVER_FILES:-/usr/local/nvidia/share/vulkan/icd.d/nvidia_icd.json}"
export VK_LAYER_PATH="$PWD/$lane/layer" LD_LIBRARY_PATH="$PWD/$lane/layer${LD_LIBRARY_PATH:+:$LD_LIBRARY_PATH}"
export XDG_RUNTIME_DIR="$(mktemp -d)"
nvidia-smi --query-gpu=name,driver_version --format=csv,noheader >"$OUT/device.txt" 2>&1 || true
chmod +x "$lane/runner"
run=("$lane/runner")
if [[ -d "$lane/trixie" ]]; then
  # Bundled by HLSL_LANE_TRIXIE=1: trixie's loader and validation layer, through trixie's C runtime.
  export VK_LAYER_PATH="$PWD/$lane/trixie/layer"
  chmod +x "$lane/trixie/lib/ld-linux-x86-64.so.2"
  run=("$lane/trixie/lib/ld-linux-x86-64.so.2" --library-path "$PWD/$lane/trixie/lib:/usr/local/nvidia/lib64:/usr/lib/x86_64-linux-gnu" "$lane/runner")
fi
start=$(date +%s%N)
"${run[@]}" <"$lane/jobs.stream" >"$OUT/results.stream" 2>"$OUT/runner-stderr.txt"
status=$?
echo "runner exit $status after $(( ($(date +%s%N) - start) / 1000000 )) ms; $(wc -c <"$OUT/results.stream") result bytes for $(wc -l <"$lane/index.txt") jobs"
tail -c 2000 "$OUT/runner-stderr.txt"
