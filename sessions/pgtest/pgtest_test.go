package pgtest

import (
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
