// Package pgtest gives tests a real PostgreSQL server: it starts Debian's
// PostgreSQL (the postgresql package that make test installs) in a
// temporary directory, as an unprivileged user, listening only on a unix
// socket there, and removes all of it when stopped. Each test gets a
// schema of its own (Fresh), so tests share one server without seeing
// each other's rows.
//
// RunBoth runs a test package twice, against SQLite and then against
// PostgreSQL. The environment variable TABLEMATE_TEST_POSTGRES changes
// where the PostgreSQL comes from: a postgres:// URL uses that server
// (each test makes a schema in its database), and "skip" leaves the
// PostgreSQL pass out, saying so; make test never sets it. Without it a
// server that cannot be started fails the run.
package pgtest

import (
	"context"
	"database/sql"
	"errors"
	"flag"
	"fmt"
	"io"
	"net/url"
	"os"
	"os/exec"
	"os/user"
	"path/filepath"
	"sort"
	"strconv"
	"strings"
	"sync/atomic"
	"syscall"
	"testing"
	"time"

	"github.com/jackc/pgx/v5"
	_ "github.com/jackc/pgx/v5/stdlib" // registers the "pgx" driver
)

// EnvVar names the variable that says where tests find PostgreSQL.
const EnvVar = "TABLEMATE_TEST_POSTGRES"

// passVar tells a test's child processes which pass they run in:
// "sqlite", or the URL of the PostgreSQL server of the pass.
const passVar = "TABLEMATE_TEST_PASS"

// Server is a PostgreSQL server for tests: one this package started, or
// one named by TABLEMATE_TEST_POSTGRES.
type Server struct {
	// URL opens its database (as a role that owns it, not a superuser).
	URL string

	dir     string                    // the temporary directory of a server started here
	cmd     *exec.Cmd                 // its postmaster
	exited  chan error                // told when the postmaster ended
	start   func() (*exec.Cmd, error) // starts the postmaster again (Resume)
	super   string                    // a superuser's URL (Halt's CHECKPOINT)
	admin   *sql.DB
	schemas atomic.Int64
	prefix  string
}

// Options say how to start a server.
type Options struct {
	// Durable keeps PostgreSQL's default fsync and full-page writes (load
	// runs measure with them); tests leave them off, which is safe for a
	// server nobody kills and much faster.
	Durable bool
	// Log, if set, names a file for the server's log (else it is kept in
	// the temporary directory and shown when starting fails).
	Log string
	// MaxConnections is the server's max_connections (0: 300, enough for
	// one package's tests; a server shared by a whole test run, whose
	// packages run side by side, takes more).
	MaxConnections int
}

// Start initialises and starts a server in a new temporary directory. As
// root it runs the server as the postgres user that Debian's package makes
// (or nobody): PostgreSQL refuses to run as root.
func Start(opts Options) (*Server, error) {
	bin, err := binDir()
	if err != nil {
		return nil, err
	}
	base := os.TempDir()
	if st, err := os.Stat(base); os.Geteuid() == 0 && (err != nil || st.Mode().Perm()&0o001 == 0) {
		base = "/tmp" // the server's user must be able to enter it
	}
	dir, err := os.MkdirTemp(base, "tablemate-pg-")
	if err != nil {
		return nil, err
	}
	s := &Server{dir: dir, prefix: "t"}
	ok := false
	defer func() {
		if !ok {
			s.Stop()
		}
	}()
	cred, err := unprivileged(dir)
	if err != nil {
		return nil, err
	}
	data, sock := filepath.Join(dir, "data"), filepath.Join(dir, "sock")
	if err := mkdirOwned(sock, cred); err != nil {
		return nil, err
	}
	logPath := opts.Log
	if logPath == "" {
		logPath = filepath.Join(dir, "postgres.log")
	}
	logFile, err := os.OpenFile(logPath, os.O_CREATE|os.O_WRONLY|os.O_APPEND, 0o644)
	if err != nil {
		return nil, err
	}
	defer logFile.Close()
	initdb := exec.Command(filepath.Join(bin, "initdb"), "-D", data, "-U", "tablemate", "-A", "trust",
		"-E", "UTF8", "--locale=C", "--no-sync")
	initdb.Stdout, initdb.Stderr = logFile, logFile
	initdb.SysProcAttr = &syscall.SysProcAttr{Credential: cred}
	if err := initdb.Run(); err != nil {
		return nil, fmt.Errorf("initdb: %w\n%s", err, tail(logPath))
	}
	maxConns := opts.MaxConnections
	if maxConns == 0 {
		maxConns = 300
	}
	args := []string{"-D", data, "-k", sock, "-c", "listen_addresses=", "-c", "max_connections=" + strconv.Itoa(maxConns),
		"-c", "shared_buffers=32MB", "-c", "log_min_messages=warning"}
	if !opts.Durable {
		args = append(args, "-c", "fsync=off", "-c", "synchronous_commit=off", "-c", "full_page_writes=off")
	}
	s.start = func() (*exec.Cmd, error) {
		log, err := os.OpenFile(logPath, os.O_CREATE|os.O_WRONLY|os.O_APPEND, 0o644)
		if err != nil {
			return nil, err
		}
		defer log.Close()
		cmd := exec.Command(filepath.Join(bin, "postgres"), args...)
		cmd.Stdout, cmd.Stderr = log, log
		// Pdeathsig: should the test process die without stopping it, the
		// server shuts down at once (SIGQUIT) instead of living on.
		cmd.SysProcAttr = &syscall.SysProcAttr{Credential: cred, Pdeathsig: syscall.SIGQUIT, Setpgid: true}
		if err := cmd.Start(); err != nil {
			return nil, fmt.Errorf("start postgres: %w", err)
		}
		return cmd, nil
	}
	if s.cmd, err = s.start(); err != nil {
		return nil, err
	}
	s.exited = make(chan error, 1)
	go func(cmd *exec.Cmd) { s.exited <- cmd.Wait() }(s.cmd)
	super := (&url.URL{Scheme: "postgres", User: url.User("tablemate"), Path: "/postgres",
		RawQuery: url.Values{"host": {sock}, "sslmode": {"disable"}}.Encode()}).String()
	s.super = super
	ctx, cancel := context.WithTimeout(context.Background(), 60*time.Second)
	defer cancel()
	var conn *pgx.Conn
	for {
		conn, err = pgx.Connect(ctx, super)
		if err == nil {
			break
		}
		select {
		case werr := <-s.exited:
			s.cmd = nil
			return nil, fmt.Errorf("postgres exited at start (%v)\n%s", werr, tail(logPath))
		case <-ctx.Done():
			return nil, fmt.Errorf("postgres did not accept connections in 60s: %w\n%s", err, tail(logPath))
		case <-time.After(50 * time.Millisecond):
		}
	}
	defer conn.Close(context.Background())
	for _, q := range []string{`CREATE ROLE app LOGIN`, `CREATE DATABASE tablemate OWNER app`} {
		if _, err := conn.Exec(ctx, q); err != nil {
			return nil, fmt.Errorf("set up the test database: %s: %w", q, err)
		}
	}
	s.URL = (&url.URL{Scheme: "postgres", User: url.User("app"), Path: "/tablemate",
		RawQuery: url.Values{"host": {sock}, "sslmode": {"disable"}}.Encode()}).String()
	if err := s.open(); err != nil {
		return nil, err
	}
	ok = true
	return s, nil
}

// Attach uses a running server: tests make their schemas in the database
// that dsn names.
func Attach(dsn string) (*Server, error) {
	s := &Server{URL: dsn, prefix: fmt.Sprintf("t%d_%d", os.Getpid(), time.Now().UnixNano()%1e6)}
	if err := s.open(); err != nil {
		return nil, err
	}
	return s, nil
}

func (s *Server) open() error {
	admin, err := sql.Open("pgx", s.URL)
	if err != nil {
		return err
	}
	admin.SetMaxOpenConns(2)
	if err := admin.Ping(); err != nil {
		admin.Close()
		return fmt.Errorf("connect to %s: %w", redact(s.URL), err)
	}
	s.admin = admin
	return nil
}

// Stop shuts a server started here down and removes its directory; for
// an attached one it only closes the connection.
func (s *Server) Stop() error {
	if s.admin != nil {
		s.admin.Close()
	}
	var err error
	if s.cmd != nil && s.cmd.Process != nil {
		s.cmd.Process.Signal(syscall.SIGQUIT) // immediate: nothing of it is kept
		select {
		case <-s.exited:
		case <-time.After(10 * time.Second):
			s.cmd.Process.Kill()
			<-s.exited
			err = errors.New("postgres did not stop in 10s: killed")
		}
	}
	if s.dir != "" {
		if rmErr := os.RemoveAll(s.dir); rmErr != nil && err == nil {
			err = rmErr
		}
	}
	return err
}

// CanHalt reports whether the server was started here, so Halt and
// Resume can stop and start it (one named by TABLEMATE_TEST_POSTGRES, or
// a child process's attached one, cannot).
func (s *Server) CanHalt() bool { return s.start != nil }

// Halt stops a server started here at once (open connections are cut,
// what was committed is kept), to test what the app answers while its
// database is out of reach. Resume starts it again on the same data. A
// checkpoint first keeps the restart's recovery short.
func (s *Server) Halt() error {
	if s.start == nil || s.cmd == nil {
		return errors.New("pgtest: only a server started here can be halted")
	}
	ctx, cancel := context.WithTimeout(context.Background(), 30*time.Second)
	if conn, err := pgx.Connect(ctx, s.super); err == nil {
		conn.Exec(ctx, "CHECKPOINT")
		conn.Close(ctx)
	}
	cancel()
	s.cmd.Process.Signal(syscall.SIGQUIT) // an immediate shutdown: no checkpoint of its own
	select {
	case <-s.exited:
	case <-time.After(10 * time.Second):
		alive := syscall.Kill(s.cmd.Process.Pid, 0) == nil
		syscall.Kill(-s.cmd.Process.Pid, syscall.SIGKILL)
		select {
		case <-s.exited:
		case <-time.After(10 * time.Second):
			return fmt.Errorf("pgtest: postgres (pid %d, alive %v) did not stop", s.cmd.Process.Pid, alive)
		}
	}
	s.cmd = nil
	return nil
}

// Resume starts a halted server again and waits until it accepts
// connections.
func (s *Server) Resume() error {
	if s.start == nil || s.cmd != nil {
		return errors.New("pgtest: only a halted server started here can be resumed")
	}
	cmd, err := s.start()
	if err != nil {
		return err
	}
	s.cmd = cmd
	s.exited = make(chan error, 1)
	go func() { s.exited <- cmd.Wait() }()
	ctx, cancel := context.WithTimeout(context.Background(), 60*time.Second)
	defer cancel()
	for {
		if err := s.admin.PingContext(ctx); err == nil {
			return nil
		}
		select {
		case err := <-s.exited:
			s.cmd = nil
			return fmt.Errorf("postgres exited at restart (%v)", err)
		case <-ctx.Done():
			return errors.New("postgres did not accept connections in 60s after a restart")
		case <-time.After(50 * time.Millisecond):
		}
	}
}

// Fresh makes a new, empty schema and returns a URL that works in it (its
// search_path): a database of its own for one test.
func (s *Server) Fresh() (string, error) {
	name := fmt.Sprintf("%s_%d", s.prefix, s.schemas.Add(1))
	if _, err := s.admin.Exec(`CREATE SCHEMA ` + pgx.Identifier{name}.Sanitize()); err != nil {
		return "", fmt.Errorf("create schema %s: %w", name, err)
	}
	u, err := url.Parse(s.URL)
	if err != nil {
		return "", err
	}
	q := u.Query()
	q.Set("search_path", name)
	u.RawQuery = q.Encode()
	return u.String(), nil
}

// FreshT is Fresh for a test: a failure fails the test.
func (s *Server) FreshT(t testing.TB) string {
	t.Helper()
	u, err := s.Fresh()
	if err != nil {
		t.Fatal(err)
	}
	return u
}

// Exec runs a statement on the server's database as its owner (tests use
// it to break connections, say).
func (s *Server) Exec(ctx context.Context, query string, args ...any) error {
	_, err := s.admin.ExecContext(ctx, query, args...)
	return err
}

// binDir finds PostgreSQL's server programs: Debian keeps them in
// /usr/lib/postgresql/VERSION/bin (the newest is taken), other systems on
// the PATH.
func binDir() (string, error) {
	dirs, _ := filepath.Glob("/usr/lib/postgresql/*/bin")
	sort.Slice(dirs, func(i, j int) bool { return version(dirs[i]) > version(dirs[j]) })
	for _, d := range dirs {
		if _, err := os.Stat(filepath.Join(d, "initdb")); err == nil {
			return d, nil
		}
	}
	if p, err := exec.LookPath("initdb"); err == nil {
		if _, err := exec.LookPath("postgres"); err == nil {
			return filepath.Dir(p), nil
		}
	}
	return "", errors.New("PostgreSQL's server programs (initdb, postgres) are not installed: make test installs Debian's postgresql package " +
		"(scripts/install-deps.sh: apt-get install postgresql); or set " + EnvVar + "=postgres://… to test against a running server, " +
		"or " + EnvVar + "=skip to leave the PostgreSQL tests out")
}

func version(binDir string) int {
	v, _ := strconv.Atoi(filepath.Base(filepath.Dir(binDir)))
	return v
}

// unprivileged is who runs the server: this user, unless that is root;
// then the postgres user (Debian's package makes it) or nobody, who is
// given dir.
func unprivileged(dir string) (*syscall.Credential, error) {
	if os.Geteuid() != 0 {
		return nil, nil
	}
	var u *user.User
	var err error
	for _, name := range []string{"postgres", "nobody"} {
		if u, err = user.Lookup(name); err == nil {
			break
		}
	}
	if err != nil {
		return nil, fmt.Errorf("PostgreSQL does not run as root, and there is neither a postgres user nor nobody to run it as: %w", err)
	}
	uid, _ := strconv.Atoi(u.Uid)
	gid, _ := strconv.Atoi(u.Gid)
	cred := &syscall.Credential{Uid: uint32(uid), Gid: uint32(gid)}
	if err := os.Chown(dir, uid, gid); err != nil {
		return nil, err
	}
	return cred, nil
}

func mkdirOwned(dir string, cred *syscall.Credential) error {
	if err := os.Mkdir(dir, 0o755); err != nil {
		return err
	}
	if cred != nil {
		return os.Chown(dir, int(cred.Uid), int(cred.Gid))
	}
	return nil
}

// tail is the end of a log file, for error messages.
func tail(path string) string {
	b, _ := os.ReadFile(path)
	if len(b) > 4000 {
		b = b[len(b)-4000:]
	}
	return string(b)
}

func redact(dsn string) string {
	if u, err := url.Parse(dsn); err == nil {
		return u.Redacted()
	}
	return "postgres://…"
}

// FromEnv is the server a test run uses: TABLEMATE_TEST_POSTGRES's URL, or
// one started here. With TABLEMATE_TEST_POSTGRES=skip it returns no server
// and why.
func FromEnv(opts Options) (srv *Server, skipped string, err error) {
	switch v := os.Getenv(EnvVar); {
	case v == "skip":
		return nil, EnvVar + "=skip", nil
	case v != "":
		srv, err = Attach(v)
		return srv, "", err
	}
	srv, err = Start(opts)
	return srv, "", err
}

// RunBoth runs the tests of m twice: against SQLite (use is given nil)
// and against PostgreSQL (use is given the server; each test takes a
// schema of it with Fresh). It returns the exit code for os.Exit: a
// failure in either pass, or a PostgreSQL that cannot be started, fails.
//
// With TABLEMATE_TEST_PASSES=side-by-side (SideBySideVar) the two passes
// run side by side: the PostgreSQL pass in a child process (the test
// binary again, with the same flags), whose output is kept and printed
// after the SQLite pass's, so that go test (and test2json) still see one
// pass after the other; a package then takes about its longer pass. That
// pays on a machine with cores to spare; on the 2-core machine busy with
// other work the passes only took the cores from each other (web/server
// took as long, and two tests of large uploads ran out of the server's
// read timeout), so make test leaves it off. With a profile, a cover
// profile or benchmarks the passes always run one after the other in
// this process (they would write the same files, or measure each other).
//
// Child processes of a test (which run the test binary again) inherit the
// pass they were started in and run only that. Fuzzing, listing and
// benchmarks run once, against SQLite.
func RunBoth(m *testing.M, use func(*Server)) int {
	if !flag.Parsed() {
		flag.Parse()
	}
	switch pass := os.Getenv(passVar); {
	case pass == "sqlite":
		use(nil)
		return m.Run()
	case pass == postgresPass:
		return runPostgresPass(m, use)
	case pass != "":
		srv, err := Attach(pass)
		if err != nil {
			fmt.Fprintln(os.Stderr, "pgtest:", err)
			return 1
		}
		defer srv.admin.Close()
		use(srv)
		return m.Run()
	}
	if flagSet("test.fuzz") || flagSet("test.fuzzworker") || flagSet("test.list") {
		os.Setenv(passVar, "sqlite")
		use(nil)
		return m.Run()
	}
	if os.Getenv(SideBySideVar) == "side-by-side" && !measuring() {
		return runSideBySide(m, use)
	}
	// Start PostgreSQL while the SQLite pass runs, unless that pass
	// measures: a server starting beside a benchmark (initdb, its
	// checkpoints) takes the cores and the disk it measures, so it then
	// starts after the pass.
	type started struct {
		srv     *Server
		skipped string
		err     error
	}
	ready := make(chan started, 1)
	startPG := func() {
		srv, skipped, err := FromEnv(Options{})
		ready <- started{srv, skipped, err}
	}
	benchmarking := flagSet("test.bench")
	if !benchmarking {
		go startPG()
	}
	fmt.Println("=== pass 1 of 2: SQLite")
	os.Setenv(passVar, "sqlite")
	use(nil)
	code := m.Run()
	if benchmarking {
		startPG()
	}
	pg := <-ready
	switch {
	case pg.err != nil:
		fmt.Fprintf(os.Stderr, "FAIL: the PostgreSQL pass cannot run: %v\n", pg.err)
		return 1
	case pg.srv == nil:
		fmt.Printf("=== pass 2 of 2: PostgreSQL SKIPPED (%s): these tests ran against SQLite only\n", pg.skipped)
		return code
	}
	defer pg.srv.Stop()
	fmt.Printf("=== pass 2 of 2: PostgreSQL (%s)\n", redact(pg.srv.URL))
	if flagSet("test.bench") {
		flag.Set("test.bench", "") // benchmarks measured SQLite in pass 1
	}
	os.Setenv(passVar, pg.srv.URL)
	use(pg.srv)
	if again := m.Run(); again != 0 {
		return again
	}
	return code
}

// SideBySideVar, set to "side-by-side", runs RunBoth's passes side by
// side.
const SideBySideVar = "TABLEMATE_TEST_PASSES"

// postgresPass is passVar's value for the child process of runSideBySide:
// it runs the PostgreSQL pass alone, on a server it starts itself (or
// TABLEMATE_TEST_POSTGRES's), which its tests may halt and resume.
const postgresPass = "postgres"

// measuring tells whether the run writes profiles or a cover profile, or
// runs benchmarks: two passes side by side would write the same files, or
// take the cores the other measures.
func measuring() bool {
	for _, name := range []string{"test.bench", "test.coverprofile", "test.cpuprofile", "test.memprofile",
		"test.blockprofile", "test.mutexprofile", "test.trace"} {
		if flagSet(name) {
			return true
		}
	}
	return false
}

// runSideBySide runs the PostgreSQL pass in a child process while the
// SQLite pass runs here, then prints the child's output after this
// pass's. The child's output goes to a file that is removed at once (it
// lives on through the open descriptors), so nothing is left behind
// however the run ends; the child dies with this process.
func runSideBySide(m *testing.M, use func(*Server)) int {
	out, err := os.CreateTemp("", "pgtest-pass2-")
	if err != nil {
		fmt.Fprintln(os.Stderr, "pgtest:", err)
		return 1
	}
	os.Remove(out.Name())
	defer out.Close()
	// The child's flags are this process's but go test's log of what the
	// tests read (for its cache of results), which this process writes;
	// the one thing only the child reads is asked here too.
	os.Getenv(EnvVar)
	var args []string
	for _, a := range os.Args[1:] {
		if !strings.HasPrefix(strings.TrimLeft(a, "-"), "test.testlogfile") {
			args = append(args, a)
		}
	}
	child := exec.Command(os.Args[0], args...)
	child.Env = append(os.Environ(), passVar+"="+postgresPass)
	child.Stdout, child.Stderr = out, out
	child.SysProcAttr = &syscall.SysProcAttr{Pdeathsig: syscall.SIGKILL}
	if err := child.Start(); err != nil {
		fmt.Fprintln(os.Stderr, "pgtest: start the PostgreSQL pass:", err)
		return 1
	}
	fmt.Println("=== pass 1 of 2: SQLite (the PostgreSQL pass runs beside it; its output follows this pass's)")
	os.Setenv(passVar, "sqlite")
	use(nil)
	code := m.Run()
	waitErr := child.Wait()
	if _, err := out.Seek(0, io.SeekStart); err == nil {
		io.Copy(os.Stdout, out)
	}
	var exit *exec.ExitError
	switch {
	case errors.As(waitErr, &exit):
		if code == 0 {
			code = exit.ExitCode()
			if code <= 0 {
				code = 1 // killed by a signal
			}
		}
		fmt.Fprintf(os.Stderr, "FAIL: the PostgreSQL pass: %v\n", waitErr)
	case waitErr != nil:
		fmt.Fprintf(os.Stderr, "FAIL: the PostgreSQL pass: %v\n", waitErr)
		code = 1
	}
	return code
}

// runPostgresPass is the PostgreSQL pass of runSideBySide's child.
func runPostgresPass(m *testing.M, use func(*Server)) int {
	srv, skipped, err := FromEnv(Options{})
	switch {
	case err != nil:
		fmt.Fprintf(os.Stderr, "FAIL: the PostgreSQL pass cannot run: %v\n", err)
		return 1
	case srv == nil:
		fmt.Printf("=== pass 2 of 2: PostgreSQL SKIPPED (%s): these tests ran against SQLite only\n", skipped)
		return 0
	}
	defer srv.Stop()
	fmt.Printf("=== pass 2 of 2: PostgreSQL (%s)\n", redact(srv.URL))
	os.Setenv(passVar, srv.URL)
	use(srv)
	return m.Run()
}

func flagSet(name string) bool {
	f := flag.Lookup(name)
	return f != nil && f.Value.String() != "" && f.Value.String() != "false"
}

// Rebind turns the ? placeholders of a test's query into PostgreSQL's $1,
// $2 … (the query must have no ? in literals).
func Rebind(query string) string {
	var b strings.Builder
	n := 0
	for _, r := range query {
		if r == '?' {
			n++
			b.WriteString("$" + strconv.Itoa(n))
			continue
		}
		b.WriteRune(r)
	}
	return b.String()
}
