# apt.sh: sourced by the set-up scripts. apt_install PACKAGE... installs
# Debian packages unattended, as root or through sudo. When apt-get fails
# it prints apt's output, repairs with apt-get --fix-broken install, tries
# once more, and if that fails too says plainly what to do.

apt_install() {
  local sudo=""
  if [ "$(id -u)" -ne 0 ]; then
    if ! command -v sudo >/dev/null 2>&1; then
      echo "Installing $* needs root, and sudo is not installed: run this as root, or install sudo and allow this user to use it." >&2
      return 1
    fi
    sudo="sudo"
  fi
  # env passes DEBIAN_FRONTEND through sudo, which resets the environment;
  # the lock timeout waits for another apt (an unattended upgrade) to finish.
  local apt=(env DEBIAN_FRONTEND=noninteractive apt-get -y -q -o DPkg::Lock::Timeout=300)
  [ -z "$sudo" ] || apt=(sudo "${apt[@]}")
  local log
  log=$(mktemp)

  if ! "${apt[@]}" update >"$log" 2>&1; then
    echo "apt-get update failed; its output:" >&2
    cat "$log" >&2
    echo "Trying to install $* from the package lists already on this machine." >&2
  fi
  if "${apt[@]}" install "$@" >"$log" 2>&1; then
    rm -f "$log"
    return 0
  fi
  echo "apt-get install $* failed; its output:" >&2
  cat "$log" >&2
  echo "Repairing with apt-get --fix-broken install, then trying once more." >&2
  if ! "${apt[@]}" --fix-broken install >"$log" 2>&1; then
    echo "apt-get --fix-broken install failed too; its output:" >&2
    cat "$log" >&2
  fi
  if "${apt[@]}" install "$@" >"$log" 2>&1; then
    rm -f "$log"
    echo "Installed $* on the second try."
    return 0
  fi
  echo "apt-get install $* failed again; its output:" >&2
  cat "$log" >&2
  rm -f "$log"
  local s="${sudo:+sudo }"
  cat >&2 <<MSG

Could not install $* with apt-get. What to do:
  1. Read apt's messages above. "Temporary failure resolving" or "Could not
     connect" means this machine cannot reach the Debian mirrors: check its
     network (and proxy). "No space left on device" means a full disk.
  2. Finish or repair half-done installs:
       ${s}dpkg --configure -a
       ${s}apt-get --fix-broken install
  3. Install by hand and read what fails:
       ${s}apt-get update && ${s}apt-get install $*
  4. Then run make again.
MSG
  return 1
}
