// Package scripts tests the set-up scripts against a fake apt-get, so
// their failure paths run without touching the machine's packages.
package scripts

import (
	"os"
	"os/exec"
	"path/filepath"
	"slices"
	"strings"
	"testing"
)

// fakeAptGet logs each call (with DEBIAN_FRONTEND) and fails as
// FAKE_APT_MODE says: "ok"; "update-fails" (no network); "broken-once"
// (dpkg fails until apt-get --fix-broken install ran); "broken" (fails
// every time, the repair too).
const fakeAptGet = `#!/bin/bash
echo "apt-get $* DEBIAN_FRONTEND=$DEBIAN_FRONTEND" >> "$FAKE_DIR/calls"
case "$*" in
  *" update")
    if [ "$FAKE_APT_MODE" = update-fails ]; then
      echo "Err:1 http://mirror.example stable InRelease"
      echo "  Temporary failure resolving 'mirror.example'" >&2
      exit 100
    fi ;;
  *" --fix-broken install")
    touch "$FAKE_DIR/fixed"
    if [ "$FAKE_APT_MODE" = broken ]; then
      echo "E: Unmet dependencies: fake-lib is not installable" >&2
      exit 100
    fi ;;
  *" install "*)
    if [ "$FAKE_APT_MODE" = broken ] || { [ "$FAKE_APT_MODE" = broken-once ] && [ ! -e "$FAKE_DIR/fixed" ]; }; then
      echo "dpkg: error processing package fake-lib (--configure):"
      echo " installed fake-lib package post-installation script subprocess returned error exit status 1"
      echo "E: Sub-process /usr/bin/dpkg returned an error code (1)" >&2
      exit 100
    fi ;;
esac
exit 0
`

// fakeSudo logs that it was used and runs the command.
const fakeSudo = `#!/bin/bash
echo "sudo" >> "$FAKE_DIR/calls"
exec "$@"
`

// fakeGo stands in for go mod download and go env GOPROXY.
const fakeGo = `#!/bin/bash
echo "go $*" >> "$FAKE_DIR/calls"
case "$*" in
  "env GOPROXY") echo "https://goproxy.example" ;;
  "mod download") [ "$FAKE_GO" = fail ] && { echo "dial tcp: lookup goproxy.example: no such host" >&2; exit 1; } ;;
esac
exit 0
`

type machine struct {
	mode     string // FAKE_APT_MODE
	uid      string // what id -u says
	sudo     bool   // sudo installed
	goOK     bool
	postgres bool // PostgreSQL's server programs installed
}

// runScript runs a set-up script (or apt_install alone) on a PATH that has
// the fakes and only the plain tools the scripts use, so gcc, chromium
// (its headless shell) and curl are missing (and PostgreSQL unless m.postgres). It returns the
// exit code, the output and the commands the fakes saw; the directory
// standing for /etc/postgresql-common/createcluster.d is dir/pgconf.
func runScript(t *testing.T, m machine, script string, args ...string) (int, string, []string) {
	code, out, calls, _ := runScriptIn(t, m, script, args...)
	return code, out, calls
}

func runScriptIn(t *testing.T, m machine, script string, args ...string) (int, string, []string, string) {
	t.Helper()
	dir := t.TempDir()
	bin := filepath.Join(dir, "bin")
	os.Mkdir(bin, 0o755)
	write := func(name, body string) {
		if err := os.WriteFile(filepath.Join(bin, name), []byte(body), 0o755); err != nil {
			t.Fatal(err)
		}
	}
	write("apt-get", fakeAptGet)
	write("go", fakeGo)
	write("id", "#!/bin/bash\n[ \"$1\" = -u ] && echo "+m.uid+"\n")
	if m.sudo {
		write("sudo", fakeSudo)
	}
	pgLib := filepath.Join(dir, "pglib")
	if m.postgres {
		os.MkdirAll(filepath.Join(pgLib, "15", "bin"), 0o755)
		os.WriteFile(filepath.Join(pgLib, "15", "bin", "initdb"), nil, 0o755)
	}
	for _, tool := range []string{"bash", "env", "mktemp", "cat", "rm", "dirname", "touch", "mkdir", "tee"} {
		path, err := exec.LookPath(tool)
		if err != nil {
			t.Fatal(err)
		}
		if err := os.Symlink(path, filepath.Join(bin, tool)); err != nil {
			t.Fatal(err)
		}
	}
	bash, _ := exec.LookPath("bash")
	var cmd *exec.Cmd
	if script == "apt_install" {
		cmd = exec.Command(bash, "-c", `set -euo pipefail; . ./apt.sh; apt_install "$@"`, "apt_install")
		cmd.Args = append(cmd.Args, args...)
	} else {
		cmd = exec.Command(bash, append([]string{script}, args...)...)
	}
	goMode := "ok"
	if !m.goOK {
		goMode = "fail"
	}
	cmd.Env = []string{"PATH=" + bin, "FAKE_DIR=" + dir, "FAKE_APT_MODE=" + m.mode, "FAKE_GO=" + goMode, "TMPDIR=" + dir,
		"TABLEMATE_PG_LIB=" + pgLib, "TABLEMATE_PG_CONF=" + filepath.Join(dir, "pgconf")}
	out, err := cmd.CombinedOutput()
	code := 0
	if ee, ok := err.(*exec.ExitError); ok {
		code = ee.ExitCode()
	} else if err != nil {
		t.Fatal(err)
	}
	calls, _ := os.ReadFile(filepath.Join(dir, "calls"))
	if leftover, _ := filepath.Glob(filepath.Join(dir, "tmp.*")); len(leftover) > 0 {
		t.Errorf("temporary files left: %v", leftover)
	}
	return code, string(out), strings.Split(strings.TrimSpace(string(calls)), "\n"), dir
}

const apt = "apt-get -y -q -o DPkg::Lock::Timeout=300 "

func TestAptInstall(t *testing.T) {
	root := machine{mode: "ok", uid: "0", goOK: true}
	tests := []struct {
		name  string
		m     machine
		code  int
		calls []string
		out   []string // in this order
		not   []string
	}{
		{"installs quietly", root, 0,
			[]string{apt + "update DEBIAN_FRONTEND=noninteractive", apt + "install gcc libc6-dev DEBIAN_FRONTEND=noninteractive"},
			nil, []string{"failed"}},
		{"repairs and retries once", machine{mode: "broken-once", uid: "0"}, 0,
			[]string{apt + "update DEBIAN_FRONTEND=noninteractive", apt + "install gcc libc6-dev DEBIAN_FRONTEND=noninteractive",
				apt + "--fix-broken install DEBIAN_FRONTEND=noninteractive", apt + "install gcc libc6-dev DEBIAN_FRONTEND=noninteractive"},
			[]string{"apt-get install gcc libc6-dev failed; its output:", "dpkg: error processing package fake-lib (--configure):",
				"E: Sub-process /usr/bin/dpkg returned an error code (1)", "Repairing with apt-get --fix-broken install, then trying once more.",
				"Installed gcc libc6-dev on the second try."},
			[]string{"What to do"}},
		{"says what to do when the retry fails", machine{mode: "broken", uid: "0"}, 1,
			[]string{apt + "update DEBIAN_FRONTEND=noninteractive", apt + "install gcc libc6-dev DEBIAN_FRONTEND=noninteractive",
				apt + "--fix-broken install DEBIAN_FRONTEND=noninteractive", apt + "install gcc libc6-dev DEBIAN_FRONTEND=noninteractive"},
			[]string{"dpkg: error processing package fake-lib", "apt-get --fix-broken install failed too; its output:",
				"E: Unmet dependencies: fake-lib is not installable", "apt-get install gcc libc6-dev failed again; its output:",
				"E: Sub-process /usr/bin/dpkg returned an error code (1)",
				"Could not install gcc libc6-dev with apt-get. What to do:", "\n       dpkg --configure -a\n       apt-get --fix-broken install\n",
				"apt-get update && apt-get install gcc libc6-dev", "Then run make again."},
			[]string{"sudo"}},
		{"installs from the lists it has when update fails", machine{mode: "update-fails", uid: "0"}, 0,
			[]string{apt + "update DEBIAN_FRONTEND=noninteractive", apt + "install gcc libc6-dev DEBIAN_FRONTEND=noninteractive"},
			[]string{"apt-get update failed; its output:", "Temporary failure resolving 'mirror.example'", "Trying to install gcc libc6-dev from the package lists already on this machine."},
			nil},
		{"uses sudo when not root", machine{mode: "broken", uid: "1000", sudo: true}, 1,
			[]string{"sudo", apt + "update DEBIAN_FRONTEND=noninteractive", "sudo", apt + "install gcc libc6-dev DEBIAN_FRONTEND=noninteractive",
				"sudo", apt + "--fix-broken install DEBIAN_FRONTEND=noninteractive", "sudo", apt + "install gcc libc6-dev DEBIAN_FRONTEND=noninteractive"},
			[]string{"sudo dpkg --configure -a", "sudo apt-get --fix-broken install", "sudo apt-get update && sudo apt-get install gcc libc6-dev"},
			nil},
		{"needs root or sudo", machine{mode: "ok", uid: "1000"}, 1,
			[]string{""},
			[]string{"Installing gcc libc6-dev needs root, and sudo is not installed: run this as root, or install sudo and allow this user to use it."},
			nil},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			code, out, calls := runScript(t, tt.m, "apt_install", "gcc", "libc6-dev")
			if code != tt.code {
				t.Errorf("exit %d, want %d\n%s", code, tt.code, out)
			}
			if !slices.Equal(calls, tt.calls) {
				t.Errorf("calls\n%s\nwant\n%s", strings.Join(calls, "\n"), strings.Join(tt.calls, "\n"))
			}
			rest := out
			for _, want := range tt.out {
				i := strings.Index(rest, want)
				if i < 0 {
					t.Errorf("output lacks %q (or has it out of order):\n%s", want, out)
					continue
				}
				rest = rest[i+len(want):]
			}
			for _, not := range tt.not {
				if strings.Contains(out, not) {
					t.Errorf("output has %q:\n%s", not, out)
				}
			}
		})
	}
}

func TestInstallBuildDeps(t *testing.T) {
	code, out, calls := runScript(t, machine{mode: "ok", uid: "0"}, "install-build-deps.sh")
	if code != 0 || !slices.Contains(calls, apt+"install gcc libc6-dev DEBIAN_FRONTEND=noninteractive") {
		t.Errorf("exit %d, calls %q\n%s", code, calls, out)
	}
	code, out, _ = runScript(t, machine{mode: "broken", uid: "0"}, "install-build-deps.sh")
	if code != 1 || !strings.Contains(out, "installing gcc for cgo") || !strings.Contains(out, "Could not install gcc libc6-dev with apt-get. What to do:") {
		t.Errorf("exit %d\n%s", code, out)
	}
}

func TestInstallDeps(t *testing.T) {
	code, out, calls := runScript(t, machine{mode: "ok", uid: "0", goOK: true, postgres: true}, "install-deps.sh")
	if code != 0 || !slices.Contains(calls, apt+"install chromium-headless-shell chromium curl DEBIAN_FRONTEND=noninteractive") || calls[len(calls)-1] != "go mod download" {
		t.Errorf("exit %d, calls %q\n%s", code, calls, out)
	}
	code, out, calls = runScript(t, machine{mode: "broken", uid: "0", goOK: true, postgres: true}, "install-deps.sh")
	if code != 1 || !strings.Contains(out, "Could not install chromium-headless-shell chromium curl with apt-get. What to do:") || slices.Contains(calls, "go mod download") {
		t.Errorf("apt broken: exit %d, calls %q\n%s", code, calls, out)
	}
	// Without PostgreSQL's server programs, Debian's postgresql package is
	// installed, told to make no cluster of the system.
	code, out, calls, dir := runScriptIn(t, machine{mode: "ok", uid: "0", goOK: true}, "install-deps.sh")
	conf, _ := os.ReadFile(filepath.Join(dir, "pgconf", "tablemate-no-main-cluster.conf"))
	if code != 0 || !slices.Contains(calls, apt+"install chromium-headless-shell chromium curl postgresql DEBIAN_FRONTEND=noninteractive") || string(conf) != "create_main_cluster = false\n" {
		t.Errorf("no PostgreSQL: exit %d, calls %q, %q\n%s", code, calls, conf, out)
	}
	code, out, _ = runScript(t, machine{mode: "ok", uid: "0", postgres: true}, "install-deps.sh")
	if code != 1 || !strings.Contains(out, "Could not download the Go modules (go mod download, output above): this machine needs network access to the Go module proxy (https://goproxy.example).") {
		t.Errorf("no Go proxy: exit %d\n%s", code, out)
	}
}
