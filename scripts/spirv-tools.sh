#!/usr/bin/env bash
# Provides SPIRV-Tools 2025.1 (spirv-val, spirv-dis, spirv-as) next to Debian 12's 2023.1, which
# predates SPV_KHR_cooperative_matrix, SPV_AMDX_shader_enqueue and SPV_KHR_maximal_reconvergence and so
# cannot even decode modules that use them. The packages come from Debian trixie through a private apt
# state (scripts/lib/private-apt.sh) and are unpacked into .cache/spirv-tools/ together with trixie's C
# and C++ runtime, which the binaries need (glibc 2.38+, libstdc++ 13+), started through that runtime's
# own dynamic loader, so nothing on the system changes.
#
# bin/ holds one wrapper per tool, first on the tests' PATH (vitest.config.ts). The system's 2023.1
# tool decides every module it can decode; 2025.1 takes over only when 2023.1 fails because it does not
# know an opcode, an operand or (spirv-as) a name, or (spirv-val) ties a capability to an older
# extension (val_retry below); any other failure keeps 2023.1's own diagnostic. Not 2025.1 for
# everything: it has false positives 2023.1 lacks (it rejects the bool array that
# VUID-CullPrimitiveEXT-07036 asks for: SPIRV-Tools issue 5980, fixed after 2025.1).
# Idempotent: a second run only checks the stamp.
set -euo pipefail
cd "$(dirname "$0")/.."

# Pinned: the validator the tests were checked against. The runtime packages follow trixie's
# current versions (security updates replace them on the mirror; any trixie glibc runs these tools).
tools_package=spirv-tools=2025.1~rc1-1
runtime_packages=(libc6 libstdc++6 libgcc-s1)
tools=(spirv-val spirv-dis spirv-as)
dest="${HLSL_SPIRV_TOOLS_DIR:-$PWD/.cache/spirv-tools}"
stamp="$dest/provisioned.txt"

# 2023.1 also fails, without an unknown operand, on capabilities it ties to an older extension than the
# module declares: ComputeDerivativeGroup*NV, which SPV_KHR_compute_shader_derivatives (same numbers) enables.
# Names and numbers 2023.1 does not know: "Invalid opcode: 4456", "Invalid capability operand: 6022"
# (binary), "Invalid built-in 'RemainingRecursionLevelsAMDX'" (spirv-as text).
decode_retry='invalid (opcode|[a-z -]*operand)'
as_retry='invalid [a-z -]+ .[a-z]'
val_retry="$decode_retry"'|requires one of these extensions: SPV_NV_compute_shader_derivatives|Capability ComputeDerivativeGroup(Quads|Linear)NV is not allowed by Vulkan'
wrappers="${tools[*]} | $decode_retry | $as_retry | $val_retry"

if [[ -f "$stamp" && "$(cat "$stamp")" == "$tools_package" && -x "$dest/bin/spirv-val" && "$(cat "$dest/wrappers.txt" 2>/dev/null)" == "$wrappers" ]]; then
  echo "spirv-tools: already provisioned in $dest"
  exit 0
fi

libdir="$dest/root/usr/lib/x86_64-linux-gnu"
loader="$libdir/ld-linux-x86-64.so.2"
# Unpacked already (only the wrappers changed): no package download.
if [[ ! -f "$stamp" || "$(cat "$stamp")" != "$tools_package" || ! -x "$dest/root/usr/bin/spirv-val" ]]; then
  # shellcheck source=lib/private-apt.sh
  source scripts/lib/private-apt.sh
  private_apt_unpack trixie "$dest" "$tools_package" "${runtime_packages[@]}"
fi
[[ -x "$loader" ]] || { echo "spirv-tools: $loader missing from trixie's libc6" >&2; exit 1; }

mkdir -p "$dest/bin"
for tool in "${tools[@]}"; do
  retry="$decode_retry"
  [[ "$tool" == spirv-val ]] && retry="$val_retry"
  [[ "$tool" == spirv-as ]] && retry="$as_retry"
  cat >"$dest/bin/$tool" <<WRAPPER
#!/bin/sh
# $tool: Debian's own (2023.1); SPIRV-Tools 2025.1 when that fails with output matching /$retry/.
newer() { exec "$loader" --library-path "$libdir" "$dest/root/usr/bin/$tool" "\$@"; }
out="\$(mktemp)"; err="\$(mktemp)"
trap 'rm -f "\$out" "\$err"' EXIT
if /usr/bin/$tool "\$@" >"\$out" 2>"\$err"; then cat "\$out"; cat "\$err" >&2; exit 0; fi
if grep -qiE '$retry' "\$out" "\$err"; then rm -f "\$out" "\$err"; newer "\$@"; fi
cat "\$out"; cat "\$err" >&2
exit 1
WRAPPER
  chmod +x "$dest/bin/$tool"
done
"$loader" --library-path "$libdir" "$dest/root/usr/bin/spirv-val" --version | head -1
echo "$wrappers" >"$dest/wrappers.txt"
echo "$tools_package" >"$stamp"
echo "spirv-tools: ${tools[*]} in $dest/bin"
