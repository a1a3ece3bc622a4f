package main

import (
	"bytes"
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"syscall"
	"testing"
	"time"
)

// events is go test -json output of a run: a package of two tests run
// twice by pgtest.RunBoth, one failing in the PostgreSQL pass; a browser
// test with parts; and a package whose test binary timed out.
const events = `{"Action":"start","Package":"tablemate/sessions"}
{"Action":"output","Package":"tablemate/sessions","Output":"=== pass 1 of 2: SQLite\n"}
{"Action":"run","Package":"tablemate/sessions","Test":"TestA"}
{"Action":"output","Package":"tablemate/sessions","Test":"TestA","Output":"=== RUN   TestA\n"}
{"Action":"pass","Package":"tablemate/sessions","Test":"TestA","Elapsed":0.5}
{"Action":"run","Package":"tablemate/sessions","Test":"TestB"}
{"Action":"pass","Package":"tablemate/sessions","Test":"TestB","Elapsed":7.25}
{"Action":"output","Package":"tablemate/sessions","Output":"=== pass 2 of 2: PostgreSQL (postgres://app@/tablemate?host=%2Ftmp)\n"}
{"Action":"run","Package":"tablemate/sessions","Test":"TestA"}
{"Action":"pass","Package":"tablemate/sessions","Test":"TestA","Elapsed":0.75}
{"Action":"run","Package":"tablemate/sessions","Test":"TestB"}
{"Action":"output","Package":"tablemate/sessions","Test":"TestB","Output":"    b_test.go:12: the head is 3, want 4\n"}
{"Action":"fail","Package":"tablemate/sessions","Test":"TestB","Elapsed":8}
{"Action":"output","Package":"tablemate/sessions","Output":"FAIL\n"}
{"Action":"fail","Package":"tablemate/sessions","Elapsed":20.5}
{"Action":"start","Package":"tablemate/e2e"}
{"Action":"run","Package":"tablemate/e2e","Test":"TestWalk"}
{"Action":"run","Package":"tablemate/e2e","Test":"TestWalk/forms"}
{"Action":"pass","Package":"tablemate/e2e","Test":"TestWalk/forms","Elapsed":31}
{"Action":"pass","Package":"tablemate/e2e","Test":"TestWalk","Elapsed":40}
{"Action":"pass","Package":"tablemate/e2e","Elapsed":41}
{"Action":"start","Package":"tablemate/web/server"}
{"Action":"run","Package":"tablemate/web/server","Test":"TestSlow"}
{"Action":"output","Package":"tablemate/web/server","Test":"TestSlow","Output":"panic: test timed out after 15m0s\n\trunning tests:\n\t\tTestSlow (15m0s)\n"}
{"Action":"output","Package":"tablemate/web/server","Output":"FAIL\ttablemate/web/server\t900.1s\n"}
{"Action":"fail","Package":"tablemate/web/server","Test":"TestSlow","Elapsed":900}
{"Action":"fail","Package":"tablemate/web/server","Elapsed":900.1}
{"Action":"build-output","ImportPath":"tablemate/views [tablemate/views.test]","Output":"views/x.go:3:1: syntax error\n"}
{"Action":"fail","Package":"tablemate/views","Elapsed":0,"FailedBuild":"tablemate/views [tablemate/views.test]"}
`

func TestReport(t *testing.T) {
	var b bytes.Buffer
	r := newReport(options{name: "unit", eachTest: true}, &b)
	r.read(strings.NewReader(events), &bytes.Buffer{})
	r.summary(16*time.Minute, true, "bin/test-output/unit.json")
	out := b.String()
	for _, want := range []string{
		"unit: ok   sessions TestA (SQLite pass) (0.5s)\n",
		"unit: FAIL sessions TestB (PostgreSQL pass) (8.0s)\n",
		"unit: FAIL sessions ",
		"unit: ok   e2e TestWalk/forms (31.0s)\n",
		"unit: ok   e2e                             41.0s  1 tests\n",
		"──── FAIL sessions TestB (PostgreSQL pass) ────\n    b_test.go:12: the head is 3, want 4\n",
		"──── FAIL web/server TestSlow ────\npanic: test timed out after 15m0s\n\trunning tests:\n\t\tTestSlow (15m0s)\n",
		"unit: FAIL views                            0.0s  (does not build: views)\n",
		"views/x.go:3:1: syntax error\n",
		"unit: FAILED after 16m00s\nFailed:\n  sessions TestB (PostgreSQL pass) (8.0s)\n  web/server TestSlow (15m00s)\n",
		"Passed: 4 tests\n  sessions TestA (SQLite pass) (0.5s)\n",
		"Everything go test printed: bin/test-output/unit.json\n",
	} {
		if !strings.Contains(out, want) {
			t.Errorf("lacks %q:\n%s", want, out)
		}
	}
	// The failures' own output comes before the lists.
	if strings.Index(out, "the head is 3") > strings.Index(out, "Failed:") {
		t.Errorf("the failure's output after the list:\n%s", out)
	}
	// go test's verdict lines are not shown as a package's own words.
	if strings.Contains(out, "its output outside a test ────\nFAIL") {
		t.Errorf("FAIL lines shown as output:\n%s", out)
	}

	b.Reset()
	r = newReport(options{name: "unit"}, &b)
	r.read(strings.NewReader(events), &bytes.Buffer{})
	if strings.Contains(b.String(), "TestA") || !strings.Contains(b.String(), "unit: ok   e2e") {
		t.Errorf("without -each-test, a line per package only:\n%s", b.String())
	}
}

func TestReportAllPassed(t *testing.T) {
	var b bytes.Buffer
	r := newReport(options{name: "e2e"}, &b)
	r.read(strings.NewReader(`{"Action":"start","Package":"tablemate/e2e"}
{"Action":"run","Package":"tablemate/e2e","Test":"TestA"}
{"Action":"pass","Package":"tablemate/e2e","Test":"TestA","Elapsed":3}
{"Action":"pass","Package":"tablemate/e2e","Elapsed":4}
{"Action":"skip","Package":"tablemate/docs/examples","Elapsed":0}
`), &bytes.Buffer{})
	r.summary(5*time.Second, false, "")
	if want := "e2e: ok   e2e                              4.0s  1 tests\ne2e: all passed: 1 tests in 1 package (0 skipped), 5.0s\n"; b.String() != want {
		t.Errorf("%q\nwant %q", b.String(), want)
	}
}

// TestHeartbeat: when nothing ends for a while, a line names the
// packages running and their tests, longest running first.
func TestHeartbeat(t *testing.T) {
	var b bytes.Buffer
	r := newReport(options{name: "e2e", heartbeat: 40 * time.Millisecond}, &b)
	pr, pw, _ := os.Pipe()
	done := make(chan struct{})
	go func() { r.read(pr, &bytes.Buffer{}); close(done) }()
	fmt.Fprintln(pw, `{"Action":"start","Package":"tablemate/e2e"}`)
	fmt.Fprintln(pw, `{"Action":"run","Package":"tablemate/e2e","Test":"TestSlow"}`)
	time.Sleep(20 * time.Millisecond)
	fmt.Fprintln(pw, `{"Action":"run","Package":"tablemate/e2e","Test":"TestOther"}`)
	fmt.Fprintln(pw, `{"Action":"run","Package":"tablemate/e2e","Test":"TestPaused"}`)
	fmt.Fprintln(pw, `{"Action":"pause","Package":"tablemate/e2e","Test":"TestPaused"}`)
	// A test whose parts run is not named, its parts are.
	fmt.Fprintln(pw, `{"Action":"run","Package":"tablemate/e2e","Test":"TestWalk"}`)
	fmt.Fprintln(pw, `{"Action":"run","Package":"tablemate/e2e","Test":"TestWalk/forms"}`)
	time.Sleep(150 * time.Millisecond)
	pw.Close()
	<-done
	r.mu.Lock()
	out := b.String()
	r.mu.Unlock()
	if !strings.Contains(out, "e2e: … still running: e2e ") || !strings.Contains(out, "(TestSlow ") || !strings.Contains(out, ", TestOther ") ||
		strings.Contains(out, "TestPaused") || !strings.Contains(out, "TestWalk/forms") || strings.Contains(out, "TestWalk ") ||
		!strings.Contains(out, "1 waiting to start)") {
		t.Errorf("%q", out)
	}
}

func TestTimes(t *testing.T) {
	log := filepath.Join(t.TempDir(), "unit.json")
	os.WriteFile(log, []byte(events), 0o644)
	var b bytes.Buffer
	if code := run([]string{"-times", log}, &b, os.Stderr); code != 0 {
		t.Fatalf("exit %d", code)
	}
	want := fmt.Sprintf(timesHeader, "0001-01-01") + `package e2e 41.0
package sessions 20.5
package views 0.0
package web/server 900.1
test e2e TestWalk 40.0
test e2e TestWalk/forms 31.0
test sessions TestB 8.0
test web/server TestSlow 900.0
`
	if b.String() != want {
		t.Errorf("%s\nwant\n%s", b.String(), want)
	}
}

// module writes a Go module of one test package to run go test in.
func module(t *testing.T, test string) string {
	t.Helper()
	dir := t.TempDir()
	os.WriteFile(filepath.Join(dir, "go.mod"), []byte("module m\n\ngo 1.26\n"), 0o644)
	os.WriteFile(filepath.Join(dir, "m_test.go"), []byte(test), 0o644)
	return dir
}

// testrunBinary builds testrun, to run as make does.
func testrunBinary(t *testing.T) string {
	t.Helper()
	bin := filepath.Join(t.TempDir(), "testrun")
	if out, err := exec.Command("go", "build", "-o", bin, ".").CombinedOutput(); err != nil {
		t.Fatalf("build: %v\n%s", err, out)
	}
	return bin
}

// TestRunRemovesItsFiles runs real tests: the failing test's output comes
// first, and what the tests left in the temporary directory is gone.
func TestRunRemovesItsFiles(t *testing.T) {
	if testing.Short() {
		t.Skip("builds and runs go test")
	}
	seen := filepath.Join(t.TempDir(), "tmpdir")
	dir := module(t, `package m

import (
	"os"
	"path/filepath"
	"testing"
)

func TestLeavesAFile(t *testing.T) {
	os.WriteFile(filepath.Join(os.TempDir(), "left-behind"), nil, 0o644)
	os.WriteFile(`+fmt.Sprintf("%q", seen)+`, []byte(os.TempDir()), 0o644)
}

func TestFails(t *testing.T) { t.Log("boom") ; t.Fail() }
`)
	cmd := exec.Command(testrunBinary(t), "-name", "unit", "--", "-count=1", "./...")
	cmd.Dir = dir
	out, err := cmd.CombinedOutput()
	if ee, ok := err.(*exec.ExitError); !ok || ee.ExitCode() != 1 {
		t.Errorf("exit %v, want 1\n%s", err, out)
	}
	if !strings.Contains(string(out), "──── FAIL m TestFails ────") || !strings.Contains(string(out), "boom") ||
		strings.Index(string(out), "boom") > strings.Index(string(out), "Failed:") {
		t.Errorf("output:\n%s", out)
	}
	tmp, err := os.ReadFile(seen)
	if err != nil {
		t.Fatal(err)
	}
	if !strings.Contains(string(tmp), "tablemate-test-") {
		t.Errorf("the tests ran in %s, not in the run's own directory", tmp)
	}
	if _, err := os.Stat(string(tmp)); !os.IsNotExist(err) {
		t.Errorf("the run's directory %s is still there: %v", tmp, err)
	}
}

// TestInterruptRemovesItsFiles interrupts a run whose test hangs: the
// test binary is stopped, and the run's directory is removed.
func TestInterruptRemovesItsFiles(t *testing.T) {
	if testing.Short() {
		t.Skip("builds and runs go test")
	}
	seen := filepath.Join(t.TempDir(), "tmpdir")
	dir := module(t, `package m

import (
	"os"
	"testing"
	"time"
)

func TestHangs(t *testing.T) {
	os.WriteFile(`+fmt.Sprintf("%q", seen)+`, []byte(os.TempDir()), 0o644)
	time.Sleep(time.Hour)
}
`)
	cmd := exec.Command(testrunBinary(t), "-name", "unit", "--", "-count=1", "./...")
	cmd.Dir = dir
	var out bytes.Buffer
	cmd.Stdout, cmd.Stderr = &out, &out
	if err := cmd.Start(); err != nil {
		t.Fatal(err)
	}
	var tmp []byte
	for deadline := time.Now().Add(2 * time.Minute); len(tmp) == 0; time.Sleep(50 * time.Millisecond) {
		if time.Now().After(deadline) {
			cmd.Process.Kill()
			t.Fatalf("the test never started:\n%s", out.String())
		}
		tmp, _ = os.ReadFile(seen)
	}
	cmd.Process.Signal(syscall.SIGINT)
	done := make(chan error, 1)
	go func() { done <- cmd.Wait() }()
	select {
	case err := <-done:
		if ee, ok := err.(*exec.ExitError); !ok || ee.ExitCode() == 0 {
			t.Errorf("exit %v after an interrupt", err)
		}
	case <-time.After(30 * time.Second):
		cmd.Process.Kill()
		t.Fatalf("testrun did not stop within 30 s of SIGINT:\n%s", out.String())
	}
	if _, err := os.Stat(string(tmp)); !os.IsNotExist(err) {
		t.Errorf("the run's directory %s is still there: %v", tmp, err)
	}
	if !strings.Contains(out.String(), "unit: interrupt: stopping the tests and removing their files") {
		t.Errorf("output:\n%s", out.String())
	}
}
