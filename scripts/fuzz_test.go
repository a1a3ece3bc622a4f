package scripts

import (
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"testing"
)

// fakeFuzzGo stands in for go list and go test -c: the module has
// packages p1 (FuzzA, FuzzB), p2 (FuzzBad, whose run fails when
// FAKE_FUZZ=fail) and p3 (no fuzz target); a "test binary" logs how it
// was run and where.
const fakeFuzzGo = `#!/bin/bash
echo "go $*" >> "$FAKE_DIR/calls"
case "$1" in
  list) for p in p1 p2 p3; do echo "tablemate/$p $FAKE_DIR/$p"; done ;;
  test)
    out=$4
    cat > "$out" <<BIN
#!/bin/bash
echo "run \$(basename \$PWD) \$*" >> "$FAKE_DIR/calls"
case "\$*" in *FuzzBad*) [ "$FAKE_FUZZ" = fail ] && { echo "--- FAIL: FuzzBad (0.12s)"; echo "    Failing input written to testdata/fuzz/FuzzBad/abc"; exit 1; } ;; esac
[ "$FAKE_FUZZ" = slow ] && sleep 2
echo PASS
BIN
    chmod +x "$out" ;;
esac
`

func runFuzz(t *testing.T, mode string, args ...string) (int, string, []string, string) {
	t.Helper()
	dir := t.TempDir()
	bin := filepath.Join(dir, "bin")
	os.Mkdir(bin, 0o755)
	os.WriteFile(filepath.Join(bin, "go"), []byte(fakeFuzzGo), 0o755)
	for _, tool := range []string{"bash", "grep", "sed", "sort", "tr", "mktemp", "rm", "cat", "basename", "chmod", "wc", "date", "sleep", "setsid", "seq", "mkdir"} {
		path, err := exec.LookPath(tool)
		if err != nil {
			t.Fatal(err)
		}
		os.Symlink(path, filepath.Join(bin, tool))
	}
	for p, src := range map[string]string{
		"p1": "package p1\n\nfunc FuzzA(f *testing.F) {}\n\nfunc FuzzB(f *testing.F) {}\n\nfunc TestC(t *testing.T) {}\n",
		"p2": "package p2\n\nfunc FuzzBad(f *testing.F) {}\n",
		"p3": "package p3\n\nfunc TestD(t *testing.T) {}\n",
	} {
		os.Mkdir(filepath.Join(dir, p), 0o755)
		os.WriteFile(filepath.Join(dir, p, p+"_test.go"), []byte(src), 0o644)
	}
	tmp := filepath.Join(dir, "tmp")
	os.Mkdir(tmp, 0o755)
	script, _ := filepath.Abs("fuzz.sh")
	if len(args) == 0 {
		args = []string{"300x"}
	}
	cmd := exec.Command(filepath.Join(bin, "bash"), append([]string{script}, args...)...)
	cmd.Dir = dir
	cmd.Env = []string{"PATH=" + bin, "FAKE_DIR=" + dir, "FAKE_FUZZ=" + mode, "TMPDIR=" + tmp, "FUZZ_START=1"}
	out, err := cmd.CombinedOutput()
	code := 0
	if ee, ok := err.(*exec.ExitError); ok {
		code = ee.ExitCode()
	} else if err != nil {
		t.Fatal(err)
	}
	calls, _ := os.ReadFile(filepath.Join(dir, "calls"))
	if left, _ := os.ReadDir(tmp); len(left) > 0 {
		t.Errorf("files left in TMPDIR: %v", left)
	}
	return code, string(out), strings.Split(strings.TrimSpace(string(calls)), "\n"), dir
}

// TestFuzzScript: each package with fuzz targets is built once, each
// target runs from it in the package's directory for the count given, a
// line per package; a failing target's output is shown with where its
// input is kept.
func TestFuzzScript(t *testing.T) {
	code, out, calls, dir := runFuzz(t, "ok")
	if code != 0 {
		t.Fatalf("exit %d\n%s", code, out)
	}
	builds, runs := 0, []string{}
	for _, c := range calls {
		if strings.HasPrefix(c, "go test -c") {
			builds++
		}
		if strings.HasPrefix(c, "run ") {
			runs = append(runs, c)
		}
	}
	if builds != 2 || len(runs) != 3 {
		t.Errorf("%d builds and runs %q, want 2 builds (p1, p2) and 3 runs", builds, runs)
	}
	for _, want := range []string{"run p1 -test.run=^$ -test.fuzz=^FuzzA$ -test.fuzztime=300x -test.fuzzcachedir=", "run p2 -test.run=^$ -test.fuzz=^FuzzBad$"} {
		found := false
		for _, r := range runs {
			found = found || strings.HasPrefix(r, want)
		}
		if !found {
			t.Errorf("no run %q in %q", want, runs)
		}
	}
	for _, want := range []string{"fuzz: ok   p1 ", "FuzzA FuzzB\n", "fuzz: ok   p2 ", "fuzz: all passed: 3 targets in 2 packages, 300x each"} {
		if !strings.Contains(out, want) {
			t.Errorf("output lacks %q:\n%s", want, out)
		}
	}
	if strings.Contains(out, "p3") || strings.Contains(out, dir) {
		t.Errorf("output:\n%s", out)
	}

	code, out, _, _ = runFuzz(t, "fail")
	for _, want := range []string{"fuzz: FAIL p2 FuzzBad (300x)\n--- FAIL: FuzzBad", "A failing input is kept in p2/testdata/fuzz/FuzzBad/: go test -run 'FuzzBad' ./p2 runs it again."} {
		if code != 1 || !strings.Contains(out, want) {
			t.Errorf("exit %d, lacks %q:\n%s", code, want, out)
		}
	}
}

// TestFuzzTimeBox: with a time box, no package starts once it is spent,
// and the run starts at the day's package (FUZZ_START here).
func TestFuzzTimeBox(t *testing.T) {
	code, out, calls, _ := runFuzz(t, "slow", "300x", "1")
	if code != 0 {
		t.Fatalf("exit %d\n%s", code, out)
	}
	want := "fuzz: the 1s time box is spent: fuzzed 1 of 3 targets, in 1 of 2 packages"
	if !strings.Contains(out, want) || !strings.Contains(out, "fuzz: ok   p2 ") || strings.Contains(out, "p1") {
		t.Errorf("output lacks %q, or p2 first and p1 left out:\n%s", want, out)
	}
	for _, c := range calls {
		if strings.HasPrefix(c, "run p1") {
			t.Errorf("p1 ran after the box was spent: %q", calls)
		}
	}
}
