# Sourced by the provisioning scripts: downloads Debian packages of another suite (bookworm-backports,
# trixie) through a private apt state, so the system's sources, lists and cache stay untouched, and
# unpacks them with dpkg-deb into a directory. Nothing is installed.
#
#   private_apt_unpack SUITE DEST PACKAGE[=VERSION]...
#
# Prints "name version" of every package it unpacked to DEST/packages.txt.
private_apt_unpack() {
  local suite="$1" dest="$2"
  shift 2
  local work
  work="$(mktemp -d)"
  mkdir -p "$work/lists/partial" "$work/cache/archives/partial" "$work/debs"
  echo "deb http://deb.debian.org/debian $suite main" >"$work/sources.list"
  local apt_opts=(
    -o Dir::Etc::SourceList="$work/sources.list" -o Dir::Etc::SourceParts=/dev/null
    -o Dir::State::Lists="$work/lists" -o Dir::Cache="$work/cache"
  )
  # apt drops privileges to _apt for downloads, which cannot write into our private temp dirs.
  [[ "$(id -u)" == 0 ]] && apt_opts+=(-o APT::Sandbox::User=root)
  apt-get "${apt_opts[@]}" update -qq
  (cd "$work/debs" && apt-get "${apt_opts[@]}" download -qq "$@")
  rm -rf "$dest"
  mkdir -p "$dest/root"
  local deb
  for deb in "$work"/debs/*.deb; do
    dpkg-deb -x "$deb" "$dest/root"
    dpkg-deb --show --showformat='${Package} ${Version}\n' "$deb" >>"$dest/packages.txt"
  done
  rm -rf "$work"
}
