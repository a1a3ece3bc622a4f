// Command testrun runs `go test` for make test and says where it is: a
// line for every package (and, with -each-test, every test) as it ends,
// with its time; a line naming what still runs when nothing has ended
// for a while; and at the end, when something failed, each failing
// test's own output first, then what passed and what failed.
//
//	go run ./scripts/testrun [flags] -- [go test flags] [packages]
//
// Everything the tests leave in the temporary directory (the browser
// tests' binary and Chromium profiles, test databases, PostgreSQL's
// directory) goes to one directory of the run, removed when it ends:
// passed, failed, interrupted (SIGINT, SIGTERM, SIGHUP) or timed out.
// With -postgres it starts one PostgreSQL for the whole run (the store's
// packages each take schemas of it) instead of one per package.
package main

import (
	"bufio"
	"encoding/json"
	"errors"
	"flag"
	"fmt"
	"io"
	"os"
	"os/exec"
	"os/signal"
	"path/filepath"
	"sort"
	"strings"
	"sync"
	"sync/atomic"
	"syscall"
	"time"

	"tablemate/sessions/pgtest"
)

func main() {
	os.Exit(run(os.Args[1:], os.Stdout, os.Stderr))
}

// options are testrun's own flags.
type options struct {
	name      string        // what the run is called in its lines
	eachTest  bool          // a line per test, not only per package
	postgres  bool          // one PostgreSQL for the run
	heartbeat time.Duration // say what still runs after this long without a line
	log       string        // go test's JSON output is kept here
}

func run(args []string, stdout, stderr io.Writer) int {
	fs := flag.NewFlagSet("testrun", flag.ContinueOnError)
	fs.SetOutput(stderr)
	var o options
	fs.StringVar(&o.name, "name", "tests", "what the run is called in its lines, e.g. unit or e2e")
	fs.BoolVar(&o.eachTest, "each-test", false, "a line for every test as it ends (the browser tests), not only for every package")
	fs.BoolVar(&o.postgres, "postgres", false, "start one PostgreSQL for the whole run (TABLEMATE_TEST_POSTGRES, when set, is used instead)")
	fs.DurationVar(&o.heartbeat, "heartbeat", time.Minute, "after this long without a line, say what still runs")
	fs.StringVar(&o.log, "log", "", "keep go test's JSON output in this `file`")
	times := fs.Bool("times", false, "instead of running tests, read the JSON logs named as arguments (of -log) and print how long each package and each test of 5 s or more took, for scripts/test-times.txt")
	if err := fs.Parse(args); err != nil {
		return 2
	}
	if *times {
		if err := writeTimes(stdout, fs.Args()); err != nil {
			fmt.Fprintln(stderr, "testrun:", err)
			return 2
		}
		return 0
	}
	start := time.Now()

	tmp, err := os.MkdirTemp("", "tablemate-test-")
	if err != nil {
		fmt.Fprintln(stderr, "testrun:", err)
		return 2
	}
	// PostgreSQL runs as another user when this is root: it must be able
	// to enter the directory to reach its own inside.
	os.Chmod(tmp, 0o755)
	var cleanOnce sync.Once
	var pg *pgtest.Server
	clean := func() {
		cleanOnce.Do(func() {
			if pg != nil {
				pg.Stop()
			}
			os.RemoveAll(tmp)
		})
	}
	defer clean()

	env := append(os.Environ(), "TMPDIR="+tmp)
	if o.postgres && os.Getenv(pgtest.EnvVar) == "" {
		t0 := time.Now()
		os.Setenv("TMPDIR", tmp) // pgtest makes its directory there
		pg, err = pgtest.Start(pgtest.Options{MaxConnections: 1000})
		if err != nil {
			fmt.Fprintf(stderr, "%s: FAIL: cannot start PostgreSQL for the store's tests: %v\n", o.name, err)
			return 1
		}
		env = append(env, pgtest.EnvVar+"="+pg.URL)
		fmt.Fprintf(stdout, "%s: PostgreSQL for the run started in %s\n", o.name, seconds(time.Since(t0)))
	}

	var logFile io.Writer = io.Discard
	if o.log != "" {
		os.MkdirAll(filepath.Dir(o.log), 0o755)
		f, err := os.Create(o.log)
		if err != nil {
			fmt.Fprintln(stderr, "testrun:", err)
			return 2
		}
		defer f.Close()
		logFile = f
	}

	cmd := exec.Command("go", append([]string{"test", "-json"}, fs.Args()...)...)
	cmd.Env = env
	cmd.Stderr = stderr
	// Its own process group, so that an interrupt reaches the test
	// binaries and what they started, and a straggler can be killed.
	cmd.SysProcAttr = &syscall.SysProcAttr{Setpgid: true}
	out, err := cmd.StdoutPipe()
	if err != nil {
		fmt.Fprintln(stderr, "testrun:", err)
		return 2
	}
	if err := cmd.Start(); err != nil {
		fmt.Fprintln(stderr, "testrun:", err)
		return 2
	}

	sigs := make(chan os.Signal, 1)
	signal.Notify(sigs, syscall.SIGINT, syscall.SIGTERM, syscall.SIGHUP)
	defer signal.Stop(sigs)
	var interrupted atomic.Bool
	stopped := make(chan struct{})
	go func() {
		select {
		case sig := <-sigs:
			interrupted.Store(true)
			fmt.Fprintf(stderr, "\n%s: %s: stopping the tests and removing their files\n", o.name, sig)
			syscall.Kill(-cmd.Process.Pid, sig.(syscall.Signal))
			select {
			case <-stopped:
			case <-time.After(15 * time.Second):
				syscall.Kill(-cmd.Process.Pid, syscall.SIGKILL)
			}
		case <-stopped:
		}
	}()

	r := newReport(o, stdout)
	r.read(out, logFile)
	werr := cmd.Wait()
	// Whatever the test binaries started and left behind (a server, a
	// browser) goes with the process group.
	syscall.Kill(-cmd.Process.Pid, syscall.SIGKILL)
	close(stopped)
	code := 0
	var exit *exec.ExitError
	switch {
	case werr == nil:
	case errors.As(werr, &exit):
		code = exit.ExitCode()
		if code < 0 { // ended by a signal
			code = 130
		}
	default:
		fmt.Fprintln(stderr, "testrun:", werr)
		code = 2
	}
	if interrupted.Load() && code == 0 {
		code = 130
	}
	r.summary(time.Since(start), code != 0, o.log)
	return code
}

// event is one line of go test -json (cmd/test2json), build events
// included.
type event struct {
	Time        time.Time
	Action      string
	Package     string
	ImportPath  string // build-output and build-fail
	Test        string
	Elapsed     float64
	Output      string
	FailedBuild string
}

// testKey names a test of a package; pass is the RunBoth pass it ran in
// ("" when the package runs once).
type testKey struct{ pkg, test, pass string }

type result struct {
	key     testKey
	elapsed float64
}

// report is what the run has seen so far.
type report struct {
	o   options
	out io.Writer

	mu        sync.Mutex
	lastLine  time.Time
	output    map[testKey]*strings.Builder // each test's own output
	pkgOutput map[string]*strings.Builder  // output outside a test, and build output
	pass      map[string]string            // the RunBoth pass a package is in
	running   map[testKey]time.Time        // tests running now, since
	open      map[testKey]bool             // tests started and not ended (running or waiting)
	started   map[string]time.Time         // packages whose binary runs
	passed    []result
	failed    []result
	skipped   int
	pkgPassed []result
	pkgFailed []string
}

func newReport(o options, out io.Writer) *report {
	return &report{o: o, out: out, lastLine: time.Now(),
		output: map[testKey]*strings.Builder{}, pkgOutput: map[string]*strings.Builder{},
		pass: map[string]string{}, running: map[testKey]time.Time{}, open: map[testKey]bool{}, started: map[string]time.Time{}}
}

// short is a package's path without the module's name.
func short(pkg string) string {
	if s, ok := strings.CutPrefix(pkg, "tablemate/"); ok {
		return s
	}
	if pkg == "tablemate" {
		return "."
	}
	return pkg
}

func seconds(d time.Duration) string {
	if d < time.Minute {
		return fmt.Sprintf("%.1fs", d.Seconds())
	}
	return fmt.Sprintf("%dm%02ds", int(d.Minutes()), int(d.Seconds())%60)
}

func (k testKey) String() string {
	s := short(k.pkg) + " " + k.test
	if k.pass != "" {
		s += " (" + k.pass + " pass)"
	}
	return s
}

func (r *report) line(format string, args ...any) {
	fmt.Fprintf(r.out, format+"\n", args...)
	r.lastLine = time.Now()
}

// read follows go test's JSON output until it ends, printing as it goes.
func (r *report) read(in io.Reader, log io.Writer) {
	done := make(chan struct{})
	defer close(done)
	if r.o.heartbeat > 0 {
		go r.beat(done)
	}
	sc := bufio.NewScanner(in)
	sc.Buffer(make([]byte, 1<<20), 16<<20)
	for sc.Scan() {
		b := sc.Bytes()
		log.Write(b)
		log.Write([]byte("\n"))
		var e event
		if err := json.Unmarshal(b, &e); err != nil {
			r.mu.Lock()
			r.line("%s", b) // not JSON: go's own words
			r.mu.Unlock()
			continue
		}
		r.mu.Lock()
		r.add(e)
		r.mu.Unlock()
	}
}

func (r *report) add(e event) {
	pkg := e.Package
	if pkg == "" {
		// A build event names the package as "tablemate/x [tablemate/x.test]".
		pkg, _, _ = strings.Cut(e.ImportPath, " ")
	}
	top, _, _ := strings.Cut(e.Test, "/")
	key := testKey{pkg, e.Test, r.pass[pkg]}
	switch e.Action {
	case "build-output":
		r.pkgBuf(pkg).WriteString(e.Output)
	case "start":
		r.started[pkg] = time.Now()
	case "run", "cont":
		r.open[key] = true
		// "cont" also marks a parallel test's output following another's:
		// a test already running keeps its start.
		if _, ok := r.running[key]; !ok {
			r.running[key] = time.Now()
		}
	case "pause":
		delete(r.running, key)
	case "output":
		if e.Test == "" {
			r.pkgBuf(pkg).WriteString(e.Output)
			// pgtest.RunBoth says which pass its tests run in.
			if rest, ok := strings.CutPrefix(e.Output, "=== pass "); ok {
				if _, name, ok := strings.Cut(rest, ": "); ok {
					name, _, _ = strings.Cut(strings.TrimSpace(name), " ")
					r.pass[pkg] = name
				}
			}
			return
		}
		r.testBuf(testKey{pkg, top, r.pass[pkg]}).WriteString(e.Output)
	case "pass", "fail", "skip":
		if e.Test == "" {
			r.packageEnded(e, pkg)
			return
		}
		delete(r.running, key)
		delete(r.open, key)
		res := result{key, e.Elapsed}
		switch e.Action {
		case "pass":
			r.passed = append(r.passed, res)
		case "fail":
			r.failed = append(r.failed, res)
		case "skip":
			r.skipped++
		}
		if r.o.eachTest {
			word := map[string]string{"pass": "ok  ", "fail": "FAIL", "skip": "skip"}[e.Action]
			r.line("%s: %s %s (%s)", r.o.name, word, key, seconds(time.Duration(e.Elapsed*float64(time.Second))))
		}
	}
}

func (r *report) packageEnded(e event, pkg string) {
	delete(r.started, pkg)
	for k := range r.running {
		if k.pkg == pkg {
			delete(r.running, k)
		}
	}
	for k := range r.open {
		if k.pkg == pkg {
			delete(r.open, k)
		}
	}
	el := time.Duration(e.Elapsed * float64(time.Second))
	switch {
	case e.Action == "skip":
		return // no test files
	case e.Action == "pass":
		r.pkgPassed = append(r.pkgPassed, result{testKey{pkg: pkg}, e.Elapsed})
		n := 0
		for _, p := range r.passed {
			if p.key.pkg == pkg && !strings.Contains(p.key.test, "/") {
				n++
			}
		}
		r.line("%s: ok   %-28s %8s  %d tests", r.o.name, short(pkg), seconds(el), n)
	default:
		r.pkgFailed = append(r.pkgFailed, pkg)
		how := ""
		if e.FailedBuild != "" {
			what, _, _ := strings.Cut(e.FailedBuild, " ")
			how = "  (does not build: " + short(what) + ")"
		}
		r.line("%s: FAIL %-28s %8s%s", r.o.name, short(pkg), seconds(el), how)
	}
}

func (r *report) pkgBuf(pkg string) *strings.Builder {
	b, ok := r.pkgOutput[pkg]
	if !ok {
		b = &strings.Builder{}
		r.pkgOutput[pkg] = b
	}
	return b
}

func (r *report) testBuf(k testKey) *strings.Builder {
	b, ok := r.output[k]
	if !ok {
		b = &strings.Builder{}
		r.output[k] = b
	}
	return b
}

// beat says what still runs whenever nothing was printed for a heartbeat.
func (r *report) beat(done <-chan struct{}) {
	t := time.NewTicker(r.o.heartbeat / 4)
	defer t.Stop()
	for {
		select {
		case <-done:
			return
		case <-t.C:
		}
		r.mu.Lock()
		if time.Since(r.lastLine) >= r.o.heartbeat && len(r.started) > 0 {
			r.line("%s: … still running: %s", r.o.name, r.runningNow())
		}
		r.mu.Unlock()
	}
}

// runningNow names the packages whose tests run and their longest
// running tests.
func (r *report) runningNow() string {
	var pkgs []string
	for p := range r.started {
		pkgs = append(pkgs, p)
	}
	sort.Strings(pkgs)
	var parts []string
	for _, p := range pkgs {
		// The tests that run themselves, and how many wait for their turn
		// (t.Parallel); not a test whose parts have not ended.
		var tests []testKey
		waiting := 0
		for k := range r.open {
			if k.pkg != p || r.hasOpenParts(k) {
				continue
			}
			if _, ok := r.running[k]; ok {
				tests = append(tests, k)
			} else {
				waiting++
			}
		}
		sort.Slice(tests, func(i, j int) bool { return r.running[tests[i]].Before(r.running[tests[j]]) })
		s := short(p) + " " + seconds(time.Since(r.started[p]))
		var names []string
		for i, k := range tests {
			if i == 3 {
				names = append(names, fmt.Sprintf("and %d more", len(tests)-3))
				break
			}
			names = append(names, k.test+" "+seconds(time.Since(r.running[k])))
		}
		if waiting > 0 {
			names = append(names, fmt.Sprintf("%d waiting to start", waiting))
		}
		if len(names) > 0 {
			s += " (" + strings.Join(names, ", ") + ")"
		}
		parts = append(parts, s)
	}
	return strings.Join(parts, "; ")
}

// hasOpenParts reports whether a test has parts that have not ended: it
// waits for them.
func (r *report) hasOpenParts(k testKey) bool {
	for o := range r.open {
		if o.pkg == k.pkg && strings.HasPrefix(o.test, k.test+"/") {
			return true
		}
	}
	return false
}

// maxOutput bounds the output shown of one failure (a timeout's
// goroutine dump runs to thousands of lines); the log keeps all of it.
const maxOutput = 200

// summary prints, after a failure, each failing test's own output (the
// innermost failures' parents carry their subtests' output), then what
// passed and what failed; after a success one line.
func (r *report) summary(took time.Duration, failed bool, log string) {
	r.mu.Lock()
	defer r.mu.Unlock()
	tests := 0
	for _, p := range r.passed {
		if !strings.Contains(p.key.test, "/") {
			tests++
		}
	}
	if !failed && len(r.failed) == 0 {
		r.line("%s: all passed: %d tests in %s (%d skipped), %s", r.o.name, tests, plural(len(r.pkgPassed), "package"), r.skipped, seconds(took))
		return
	}
	shown := map[testKey]bool{}
	for _, f := range r.failed {
		top, _, _ := strings.Cut(f.key.test, "/")
		k := testKey{f.key.pkg, top, f.key.pass}
		if shown[k] {
			continue
		}
		shown[k] = true
		r.line("\n──── FAIL %s ────", k)
		r.line("%s", clip(r.testBuf(k).String()))
	}
	for _, p := range r.pkgFailed {
		out := packageWords(r.pkgBuf(p).String())
		if out == "" {
			continue
		}
		r.line("\n──── FAIL %s: its output outside a test ────", short(p))
		r.line("%s", clip(out))
	}
	r.line("\n%s: FAILED after %s", r.o.name, seconds(took))
	if len(r.failed) > 0 {
		r.line("Failed:")
		for _, f := range r.failed {
			r.line("  %s (%s)", f.key, seconds(time.Duration(f.elapsed*float64(time.Second))))
		}
	}
	for _, p := range r.pkgFailed {
		r.line("  package %s", short(p))
	}
	if r.o.eachTest {
		r.line("Passed: %d tests", tests)
		for _, p := range r.passed {
			if !strings.Contains(p.key.test, "/") {
				r.line("  %s (%s)", p.key, seconds(time.Duration(p.elapsed*float64(time.Second))))
			}
		}
	} else {
		r.line("Passed: %d tests in %s:", tests, plural(len(r.pkgPassed), "package"))
		var names []string
		for _, p := range r.pkgPassed {
			names = append(names, short(p.key.pkg))
		}
		r.line("  %s", strings.Join(names, ", "))
	}
	if r.skipped > 0 {
		r.line("Skipped: %d", r.skipped)
	}
	if log != "" {
		r.line("Everything go test printed: %s", log)
	}
}

// clip keeps the first lines of a long output.
func clip(s string) string {
	lines := strings.Split(strings.TrimRight(s, "\n"), "\n")
	if len(lines) <= maxOutput {
		return strings.Join(lines, "\n")
	}
	return strings.Join(lines[:maxOutput], "\n") + fmt.Sprintf("\n… %d more lines (in the log)", len(lines)-maxOutput)
}

// packageWords is a package's output outside its tests without go
// test's own verdict lines, which the summary says already: what is left
// is a build error, a panic, a timeout or what TestMain said.
func packageWords(s string) string {
	var keep []string
	for _, l := range strings.Split(s, "\n") {
		t := strings.TrimSpace(l)
		if t == "" || t == "PASS" || t == "FAIL" || strings.HasPrefix(t, "FAIL\t") || strings.HasPrefix(t, "ok ") ||
			strings.HasPrefix(t, "ok\t") || strings.HasPrefix(t, "=== pass ") {
			continue
		}
		keep = append(keep, l)
	}
	return strings.Join(keep, "\n")
}

// writeTimes prints the times of the runs logged in files: a line per
// package ("package web/server 123.4") and per test of at least 5 s, or
// of any time in the browser tests' package e2e ("test e2e TestX/part
// 41.2"), the longest of its runs when a package runs its tests twice.
func writeTimes(w io.Writer, files []string) error {
	if len(files) == 0 {
		return errors.New("-times reads the JSON logs of runs (-log FILE): name them")
	}
	pkgs := map[string]float64{}
	tests := map[[2]string]float64{}
	var day time.Time
	for _, name := range files {
		f, err := os.Open(name)
		if err != nil {
			return err
		}
		sc := bufio.NewScanner(f)
		sc.Buffer(make([]byte, 1<<20), 16<<20)
		for sc.Scan() {
			var e event
			if json.Unmarshal(sc.Bytes(), &e) != nil || e.Action != "pass" && e.Action != "fail" {
				continue
			}
			if day.IsZero() || e.Time.After(day) {
				day = e.Time
			}
			if e.Test == "" {
				pkgs[short(e.Package)] = max(pkgs[short(e.Package)], e.Elapsed)
				continue
			}
			if e.Elapsed >= 5 || short(e.Package) == "e2e" {
				k := [2]string{short(e.Package), e.Test}
				tests[k] = max(tests[k], e.Elapsed)
			}
		}
		f.Close()
		if err := sc.Err(); err != nil {
			return fmt.Errorf("%s: %w", name, err)
		}
	}
	var lines []string
	for p, t := range pkgs {
		lines = append(lines, fmt.Sprintf("package %s %.1f", p, t))
	}
	for k, t := range tests {
		lines = append(lines, fmt.Sprintf("test %s %s %.1f", k[0], k[1], t))
	}
	sort.Strings(lines)
	fmt.Fprintf(w, timesHeader, day.Format("2006-01-02"))
	for _, l := range lines {
		fmt.Fprintln(w, l)
	}
	return nil
}

// timesHeader heads scripts/test-times.txt.
const timesHeader = `# How long make test's packages and browser tests took, in seconds of
# wall clock: the longest of its runs for a package whose tests run
# twice (SQLite, PostgreSQL), and every test of 5 s or more (every
# browser test). Measured on %s; add under which load.
#
# The Makefile's limits (UNIT_TIMEOUT, E2E_TIMEOUT) and e2e's phoneLimit
# must be at least twice these: scripts' TestLimitsLeaveHeadroom checks.
# Made with: go run ./scripts/testrun -times bin/test-output/unit.json bin/test-output/e2e.json
`

func plural(n int, word string) string {
	if n == 1 {
		return "1 " + word
	}
	return fmt.Sprintf("%d %ss", n, word)
}
