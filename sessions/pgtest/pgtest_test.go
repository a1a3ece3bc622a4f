package pgtest

import (
	"os"
	"os/exec"
	"strings"
	"testing"
)

func TestRebind(t *testing.T) {
	if got := Rebind(`SELECT a FROM t WHERE b = ? AND c IN (?, ?)`); got != `SELECT a FROM t WHERE b = $1 AND c IN ($2, $3)` {
		t.Errorf("Rebind: %q", got)
	}
}

// TestSkipIsSaid: TABLEMATE_TEST_POSTGRES=skip gives no server and says
// why; a URL that reaches nothing fails, naming it without its password.
func TestSkipIsSaid(t *testing.T) {
	t.Setenv(EnvVar, "skip")
	if srv, skipped, err := FromEnv(Options{}); srv != nil || err != nil || skipped != EnvVar+"=skip" {
		t.Errorf("skip: %v, %q, %v", srv, skipped, err)
	}
	t.Setenv(EnvVar, "postgres://app:s3cret@/nowhere?host=/nonexistent&connect_timeout=1")
	srv, _, err := FromEnv(Options{})
	if srv != nil || err == nil {
		t.Fatalf("a server that is not there: %v, %v", srv, err)
	}
	if s := err.Error(); len(s) == 0 || strings.Contains(s, "s3cret") {
		t.Errorf("the error shows the password: %s", s)
	}
}

// TestPassesRunSideBySide: with TABLEMATE_TEST_PASSES=side-by-side,
// RunBoth runs the PostgreSQL pass beside the SQLite one (a package's two passes take the time of the longer, not
// the sum: the SQLite pass of testdata/sidebyside waits for the
// PostgreSQL pass to start), prints its output after the SQLite pass's,
// and a failure in the PostgreSQL pass fails the package.
func TestPassesRunSideBySide(t *testing.T) {
	if testing.Short() {
		t.Skip("builds and runs a test package")
	}
	if os.Getenv(EnvVar) == "skip" {
		t.Skip(EnvVar + "=skip: no PostgreSQL pass to run beside")
	}
	run := func(fail string) (string, error) {
		cmd := exec.Command("go", "test", "-count=1", "-v", "./testdata/sidebyside")
		cmd.Env = append(os.Environ(), SideBySideVar+"=side-by-side", "SIDEBYSIDE_FAIL="+fail, "SIDEBYSIDE_DIR="+t.TempDir())
		out, err := cmd.CombinedOutput()
		return string(out), err
	}
	out, err := run("")
	if err != nil {
		t.Fatalf("%v\n%s", err, out)
	}
	sqlite, pg := strings.Index(out, "=== pass 1 of 2: SQLite"), strings.Index(out, "=== pass 2 of 2: PostgreSQL (")
	if sqlite < 0 || pg < sqlite {
		t.Fatalf("the passes are not printed one after the other:\n%s", out)
	}
	if s, p := strings.Index(out, "pass sqlite ran"), strings.Index(out, "pass postgres ran"); s < 0 || s > pg || p < pg {
		t.Errorf("a pass's output is missing or printed under the other's heading:\n%s", out)
	}
	out, err = run("postgres")
	if err == nil || !strings.Contains(out, "failing in the postgres pass, as asked") {
		t.Errorf("a failure in the PostgreSQL pass: %v\n%s", err, out)
	}
}
