#!/usr/bin/env bash
# Provides Mesa 25.0.7 lavapipe (Vulkan 1.4: VK_EXT_mesh_shader, VK_KHR_ray_query,
# VK_KHR_ray_tracing_pipeline, VK_KHR_acceleration_structure) next to Debian 12's Mesa 22.3 without
# installing it: the packages come from bookworm-backports through a private apt state (the system's
# sources, lists and cache are untouched) and are unpacked with dpkg-deb into .cache/mesa25/, with an
# ICD json naming the unpacked libvulkan_lvp.so. The GPU harness uses it for jobs that ask for the
# 'lavapipe-mesa25' driver (test/gpu/drivers.ts). Idempotent: a second run only checks the stamp.
#
# Needs: apt-get, dpkg-deb and the bookworm Mesa's runtime libraries (libLLVM-15 and friends, from
# scripts/debian-packages.txt), which the backported lavapipe links against.
set -euo pipefail
cd "$(dirname "$0")/.."

# Pinned: the versions the tests were checked against (change together, then rerun the GPU tests).
packages=(mesa-vulkan-drivers=25.0.7-2~bpo12+1 libdrm2=2.4.123-1~bpo12+1 libdrm-amdgpu1=2.4.123-1~bpo12+1)
dest="${HLSL_MESA25_DIR:-$PWD/.cache/mesa25}"
stamp="$dest/provisioned.txt"
icd="$dest/lvp_icd.json"

if [[ -f "$stamp" && -f "$icd" && "$(cat "$stamp")" == "${packages[*]}" ]]; then
  echo "mesa25: already provisioned in $dest"
  exit 0
fi

# shellcheck source=lib/private-apt.sh
source scripts/lib/private-apt.sh
private_apt_unpack bookworm-backports "$dest" "${packages[@]}"
lvp="$(find "$dest/root" -name libvulkan_lvp.so -print -quit)"
[[ -n "$lvp" ]] || { echo "mesa25: libvulkan_lvp.so missing from mesa-vulkan-drivers" >&2; exit 1; }
libdir="$(dirname "$lvp")"

# Everything else it links against must come from the system (bookworm's Mesa brings libLLVM-15).
missing="$(LD_LIBRARY_PATH="$libdir" ldd "$lvp" | grep 'not found' || true)"
if [[ -n "$missing" ]]; then
  echo "mesa25: $lvp needs libraries this system lacks (install scripts/debian-packages.txt first):" >&2
  echo "$missing" >&2
  exit 1
fi
api_version="$(sed -n 's/.*"api_version": *"\([^"]*\)".*/\1/p' "$dest/root/usr/share/vulkan/icd.d/lvp_icd.json")"
cat >"$icd" <<EOF
{
    "file_format_version": "1.0.0",
    "ICD": {
        "library_path": "$lvp",
        "api_version": "$api_version"
    }
}
EOF
# The harness adds this directory to LD_LIBRARY_PATH so the backported libdrm is found first.
echo "$libdir" >"$dest/libdir.txt"
echo "${packages[*]}" >"$stamp"
echo "mesa25: lavapipe $api_version in $dest (ICD $icd)"
