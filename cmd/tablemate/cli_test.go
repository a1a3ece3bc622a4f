package main

import (
	"bytes"
	"context"
	"encoding/json"
	"flag"
	"fmt"
	"io"
	"net"
	"net/http"
	"os"
	"os/exec"
	"path/filepath"
	"regexp"
	"strings"
	"syscall"
	"testing"
	"time"

	"tablemate/sessions/pgtest"
	"tablemate/web/webtest"
)

// TestMain lets a test run the command in a process of its own (as
// another user, for permissions): TABLEMATE_TEST_ARGS holds its
// arguments as JSON. Otherwise it runs the tests against SQLite and then
// against PostgreSQL (engines_test.go).
func TestMain(m *testing.M) {
	if raw := os.Getenv("TABLEMATE_TEST_ARGS"); raw != "" {
		var args []string
		if err := json.Unmarshal([]byte(raw), &args); err != nil {
			panic(err)
		}
		os.Exit(run(context.Background(), args, os.Stdin, os.Stdout, os.Stderr))
	}
	os.Exit(pgtest.RunBoth(m, func(s *pgtest.Server) { pg = s }))
}

// runCLI runs the command line in this process and returns its exit code,
// standard output and standard error.
func runCLI(t *testing.T, args ...string) (int, string, string) {
	t.Helper()
	var out, errOut bytes.Buffer
	code := run(context.Background(), args, strings.NewReader(""), &out, &errOut)
	return code, out.String(), errOut.String()
}

// flagsOf are the flags each command's help must list.
var flagsOf = map[string][]string{
	"serve":   {"-addr", "-db", "-write-rate", "-qr", "-body-timeout", "-live-per-client", "-live-per-table", "-live-max", "-gc-percent", "-memory-limit"},
	"check":   nil,
	"migrate": {"-db"},
	"backup":  {"-db"},
}

func TestHelpListsEveryCommandWithItsFlags(t *testing.T) {
	for _, args := range [][]string{{"-h"}, {"--help"}, {"-help"}, {"help"}, {"help", "help"}} {
		t.Run(strings.Join(args, " "), func(t *testing.T) {
			code, out, errOut := runCLI(t, args...)
			if code != 0 || errOut != "" {
				t.Fatalf("exit %d, stderr %q", code, errOut)
			}
			for _, want := range []string{
				"Usage: tablemate [COMMAND] [flags] [arguments]",
				"Usage: tablemate serve [flags]\n",
				"Usage: tablemate check GAME [FILE]\n",
				"Usage: tablemate migrate [flags]\n",
				"Usage: tablemate backup [flags] FILE\n",
				"koffer-katze-sombrero", // check's games
				"TABLEMATE_ADDR", "TABLEMATE_DB",
			} {
				if !strings.Contains(out, want) {
					t.Errorf("help lacks %q:\n%s", want, out)
				}
			}
			for name, flags := range flagsOf {
				section := out[strings.Index(out, "Usage: tablemate "+name+" "):]
				if end := strings.Index(section[1:], "Usage: "); end >= 0 {
					section = section[:end+1]
				}
				for _, f := range flags {
					if !regexp.MustCompile(`(?m)^  ` + f + `\b`).MatchString(section) {
						t.Errorf("%s's help lacks %s:\n%s", name, f, section)
					}
				}
			}
		})
	}
}

func TestEachCommandsHelp(t *testing.T) {
	for name, flags := range flagsOf {
		for _, args := range [][]string{{"help", name}, {name, "-h"}, {name, "--help"}} {
			t.Run(strings.Join(args, " "), func(t *testing.T) {
				code, out, errOut := runCLI(t, args...)
				if code != 0 || errOut != "" {
					t.Fatalf("exit %d, stderr %q", code, errOut)
				}
				if !strings.HasPrefix(out, "Usage: tablemate "+name) {
					t.Errorf("help starts %q", out)
				}
				for _, f := range flags {
					if !strings.Contains(out, "\n  "+f) {
						t.Errorf("lacks %s:\n%s", f, out)
					}
				}
				if name != "check" && strings.Contains(out, "GAME") {
					t.Errorf("%s's help is check's:\n%s", name, out)
				}
			})
		}
	}
	_, backup, _ := runCLI(t, "backup", "--help")
	if !strings.Contains(backup, "Usage: tablemate backup [flags] FILE") || !strings.Contains(backup, "copy of the database to FILE") {
		t.Errorf("backup's help does not say what FILE is:\n%s", backup)
	}
	_, check, _ := runCLI(t, "check", "--help")
	for _, want := range []string{"GAME is one of: koffer-katze-sombrero", "rune-market", "0 a valid state, 1 a state that\nbreaks a rule"} {
		if !strings.Contains(check, want) {
			t.Errorf("check's help lacks %q:\n%s", want, check)
		}
	}
	_, serve, _ := runCLI(t, "serve", "-h")
	for _, want := range []string{`(default ":8080")`, `(default "./tablemate.db")`, "-write-rate n", "no limit) (default 10)\n", "QR code"} {
		if !strings.Contains(serve, want) {
			t.Errorf("serve's help lacks %q:\n%s", want, serve)
		}
	}
}

// TestHelpComesFromTheFlagSet: whatever flag a command defines shows up
// in its help, with its value name and default.
func TestHelpComesFromTheFlagSet(t *testing.T) {
	fs := flag.NewFlagSet("serve", flag.ContinueOnError)
	fs.String("public-url", "", "the `URL` phones use to reach this server")
	fs.Duration("stream-idle", 90*time.Second, "close a live stream idle this long")
	fs.Bool("trust", false, "trust the proxy")
	var b bytes.Buffer
	_, err := parseArgs(fs, []string{"-h"}, "serve", &b)
	if err != errHelpShown {
		t.Fatalf("err %v", err)
	}
	for _, want := range []string{"\n  -public-url URL\n        the URL phones use", "\n  -stream-idle duration\n        close a live stream idle this long (default 1m30s)\n", "\n  -trust\n        trust the proxy\n"} {
		if !strings.Contains(b.String(), want) {
			t.Errorf("help lacks %q:\n%s", want, b.String())
		}
	}
}

func TestHelpOfAnUnknownCommand(t *testing.T) {
	code, out, errOut := runCLI(t, "help", "dance")
	if code != 2 || out != "" || !strings.Contains(errOut, `unknown command "dance"; the commands are serve, check, migrate, backup, help`) {
		t.Errorf("exit %d, stdout %q, stderr %q", code, out, errOut)
	}
	code, _, errOut = runCLI(t, "help", "serve", "now")
	if code != 2 || !strings.Contains(errOut, `unexpected argument "now"`) {
		t.Errorf("exit %d, stderr %q", code, errOut)
	}
	code, _, errOut = runCLI(t, "dance")
	if code != 2 || !strings.Contains(errOut, `unknown command "dance"`) || !strings.Contains(errOut, `Run "tablemate help"`) {
		t.Errorf("exit %d, stderr %q", code, errOut)
	}
}

// TestUnexpectedArgumentsAreErrors: a stray word is named and nothing
// runs (serve does not listen on :8080, no database is created).
func TestUnexpectedArgumentsAreErrors(t *testing.T) {
	dir := t.TempDir()
	db := filepath.Join(dir, "t.db")
	tests := []struct {
		args []string
		want string
	}{
		{[]string{"serve", "extra-arg", "-addr", "127.0.0.1:0", "-db", db}, `tablemate serve: unexpected argument "extra-arg": serve takes only flags`},
		{[]string{"extra-arg", "-db", db}, `unknown command "extra-arg"`},
		{[]string{"-db", db, "extra-arg"}, `tablemate serve: unexpected argument "extra-arg"`},
		{[]string{"migrate", "-db", db, "now", "please"}, `tablemate migrate: unexpected arguments "now" "please": migrate takes only flags`},
		{[]string{"backup", "-db", db, "a.db", "b.db"}, `tablemate backup: unexpected argument "b.db": backup takes FILE`},
		{[]string{"backup", "-db", db}, "tablemate backup: missing FILE, the backup file to write"},
		{[]string{"check", "cambio", "state.json", "more.json"}, `tablemate check: unexpected argument "more.json": check takes GAME [FILE]`},
		{[]string{"check"}, "tablemate check: missing GAME, one of: koffer-katze-sombrero"},
		{[]string{"check", "chess", "-"}, `tablemate check: unknown game "chess"; the games are koffer-katze-sombrero`},
		{[]string{"serve", "-port", "9000"}, "tablemate serve: flag provided but not defined: -port"},
		{[]string{"serve", "-addr", "127.0.0.1:0", "-db", db, "-live-max", "0"}, "tablemate serve: -live-per-client, -live-per-table and -live-max must be at least 1"},
		{[]string{"serve", "-addr", "127.0.0.1:0", "-db", db, "-body-timeout", "0s"}, "tablemate serve: -body-timeout must be more than 0"},
		{[]string{"serve", "-addr", "127.0.0.1:0", "-db", db, "-memory-limit", "lots"}, `tablemate serve: -memory-limit: "lots" is not a size such as 512MiB, 2GiB or off`},
		{[]string{"serve", "-addr", "127.0.0.1:0", "-db", db, "-gc-percent", "-1", "-memory-limit", "off"}, "tablemate serve: -gc-percent -1 collects only at the memory limit, and -memory-limit is off"},
		{[]string{"check", "-x", "cambio"}, "tablemate check: flag provided but not defined: -x"},
	}
	for _, tt := range tests {
		t.Run(strings.Join(tt.args, " "), func(t *testing.T) {
			code, out, errOut := runCLI(t, tt.args...)
			if code != 2 {
				t.Errorf("exit %d, want 2", code)
			}
			if !strings.Contains(errOut, tt.want) {
				t.Errorf("stderr lacks %q:\n%s", tt.want, errOut)
			}
			if out != "" {
				t.Errorf("stdout %q", out)
			}
			if strings.Contains(errOut, "serving") {
				t.Error("it served")
			}
			if _, err := os.Stat(db); err == nil {
				t.Error("the database was created")
			}
		})
	}
	// The command's synopsis and where its help is follow the message.
	_, _, errOut := runCLI(t, "serve", "extra-arg")
	if !strings.HasSuffix(errOut, "Usage: tablemate serve [flags]\nRun \"tablemate help serve\" for its flags and what it does.\n") {
		t.Errorf("stderr %q", errOut)
	}
}

// TestFlagsAfterArguments: flags may follow the arguments; "--" ends them.
func TestFlagsAfterArguments(t *testing.T) {
	dir := t.TempDir()
	db, copy := filepath.Join(dir, "t.db"), filepath.Join(dir, "copy.db")
	if code, _, errOut := runCLI(t, "migrate", "-db", db); code != 0 {
		t.Fatal(errOut)
	}
	if code, out, errOut := runCLI(t, "backup", copy, "--db", db); code != 0 || !strings.Contains(out, "backed up "+db+" to "+copy) {
		t.Fatalf("exit %d: %s%s", code, out, errOut)
	}
	fs := flag.NewFlagSet("check", flag.ContinueOnError)
	got, err := parseArgs(fs, []string{"cambio", "--", "-odd-name.json"}, "check", io.Discard)
	if err != nil || len(got) != 2 || got[1] != "-odd-name.json" {
		t.Errorf("got %q, %v", got, err)
	}
}

func TestBackupRefusals(t *testing.T) {
	dir := t.TempDir()
	db := filepath.Join(dir, "t.db")
	code, _, errOut := runCLI(t, "backup", "-db", db, filepath.Join(dir, "copy.db"))
	if code != 2 || !strings.Contains(errOut, "there is no database at "+db+" to back up") {
		t.Errorf("missing database: exit %d, %s", code, errOut)
	}
	runCLI(t, "migrate", "-db", db)
	code, _, errOut = runCLI(t, "backup", "-db", db, db)
	if code != 2 || !strings.Contains(errOut, "the backup file "+db+" exists already") {
		t.Errorf("existing target: exit %d, %s", code, errOut)
	}
	target := filepath.Join(dir, "no", "such", "dir", "copy.db")
	code, _, errOut = runCLI(t, "backup", "-db", db, target)
	if code != 2 || !strings.Contains(errOut, "cannot create the backup file "+target+": the directory "+filepath.Dir(target)+" does not exist") {
		t.Errorf("missing directory: exit %d, %s", code, errOut)
	}
}

// TestServeSaysWhereItRuns serves on a loopback port: it says the URL and
// that phones cannot reach it, serves there, and stops on cancel.
func TestServeSaysWhereItRuns(t *testing.T) {
	ctx, cancel := context.WithCancel(context.Background())
	defer cancel()
	var out, errOut webtest.SyncBuffer
	done := make(chan int, 1)
	db := withPassword(testDB(t))
	go func() {
		done <- run(ctx, []string{"serve", "-addr", "127.0.0.1:0", "-db", db}, nil, &out, &errOut)
	}()
	url := regexp.MustCompile(`running at (http://127\.0\.0\.1:\d+), for this computer only`)
	var base string
	for deadline := time.Now().Add(10 * time.Second); base == "" && time.Now().Before(deadline); time.Sleep(20 * time.Millisecond) {
		if m := url.FindStringSubmatch(out.String()); m != nil {
			base = m[1]
		}
	}
	if base == "" {
		t.Fatalf("no URL in %q (stderr %q)", out.String(), errOut.String())
	}
	resp, err := http.Get(base + "/healthz")
	if err != nil {
		t.Fatal(err)
	}
	resp.Body.Close()
	if resp.StatusCode != http.StatusOK {
		t.Errorf("healthz %d", resp.StatusCode)
	}
	port := base[strings.LastIndex(base, ":")+1:]
	if !strings.Contains(out.String(), "serve with -addr :"+port+" instead") {
		t.Errorf("no advice for phones: %q", out.String())
	}
	if strings.Contains(out.String(), "█") {
		t.Error("a QR code of an address phones cannot reach")
	}
	if !strings.Contains(errOut.String(), `msg="tablemate serving" addr=127.0.0.1:`+port) {
		t.Errorf("log %q", errOut.String())
	}
	if strings.Contains(out.String()+errOut.String(), "s3cret") {
		t.Errorf("the database's password is in the output: %q %q", out.String(), errOut.String())
	}
	cancel()
	select {
	case code := <-done:
		if code != 0 {
			t.Errorf("exit %d: %s", code, errOut.String())
		}
	case <-time.After(15 * time.Second):
		t.Fatal("serve did not stop")
	}
}

// TestServeBindsFirst: a port in use fails before "serving" is logged and
// before the database file is created.
func TestServeBindsFirst(t *testing.T) {
	l, err := net.Listen("tcp", "127.0.0.1:0")
	if err != nil {
		t.Fatal(err)
	}
	defer l.Close()
	db := filepath.Join(t.TempDir(), "t.db")
	done := make(chan struct{})
	var code int
	var out, errOut string
	go func() {
		defer close(done)
		code, out, errOut = runCLI(t, "serve", "-addr", l.Addr().String(), "-db", db)
	}()
	select {
	case <-done:
	case <-time.After(10 * time.Second):
		t.Fatal("serve did not give up on a port in use")
	}
	// The advice keeps the host (127.0.0.1: this computer only) and names
	// a port that is free.
	advice := regexp.MustCompile(`^tablemate: cannot listen on ` + regexp.QuoteMeta(l.Addr().String()) +
		`: the address is already in use \(another program, perhaps another tablemate, listens there\); stop it or choose another port, e.g. -addr (127\.0\.0\.1:\d+)\n$`)
	m := advice.FindStringSubmatch(errOut)
	if code != 2 || m == nil || out != "" {
		t.Fatalf("exit %d\nstdout %q\nstderr %q\nwant   %s", code, out, errOut, advice)
	}
	if m[1] == l.Addr().String() {
		t.Errorf("advises the port in use: %s", errOut)
	}
	if free, err := net.Listen("tcp", m[1]); err != nil {
		t.Errorf("advises %s, which is not free: %v", m[1], err)
	} else {
		free.Close()
	}
	if _, err := os.Stat(db); !os.IsNotExist(err) {
		t.Errorf("the database was created: %v", err)
	}

	// Started by make run, the advice is make run's ADDR=.
	t.Setenv(startedByEnv, "make run")
	code, _, errOut = runCLI(t, "serve", "-addr", l.Addr().String(), "-db", db)
	if want := regexp.MustCompile(`e\.g\. make run ADDR=127\.0\.0\.1:\d+\n$`); code != 2 || !want.MatchString(errOut) || strings.Contains(errOut, "-addr") {
		t.Errorf("under make run: exit %d, %q, want %s", code, errOut, want)
	}
}

// TestServeBehindAProxy: with -public-url, serve on a loopback port says
// where phones open it and draws that address's QR code, and does not say
// that phones cannot reach it (the README's proxy set-up).
func TestServeBehindAProxy(t *testing.T) {
	ctx, cancel := context.WithCancel(context.Background())
	defer cancel()
	var out, errOut webtest.SyncBuffer
	done := make(chan int, 1)
	go func() {
		done <- run(ctx, []string{"serve", "-addr", "127.0.0.1:0", "-public-url", "https://games.example.org/", "-db", testDB(t)}, nil, &out, &errOut)
	}()
	running := regexp.MustCompile(`Tablemate is running at (http://127\.0\.0\.1:\d+), for this computer only\. Phones open its public address \(-public-url\):\n  https://games\.example\.org\n`)
	var local string
	for deadline := time.Now().Add(10 * time.Second); local == "" && time.Now().Before(deadline); time.Sleep(20 * time.Millisecond) {
		if m := running.FindStringSubmatch(out.String()); m != nil && strings.Contains(out.String(), "passes requests on") {
			local = m[1]
		}
	}
	if local == "" {
		t.Fatalf("stdout %q, want %s (stderr %q)", out.String(), running, errOut.String())
	}
	for _, want := range []string{
		"Scan the code with a phone's camera to open https://games.example.org\n",
		"If a phone cannot connect, check that https://games.example.org reaches this server: whatever answers there (a proxy, a router) passes requests on to " + local + ".\n",
	} {
		if !strings.Contains(out.String(), want) {
			t.Errorf("lacks %q:\n%s", want, out.String())
		}
	}
	for _, not := range []string{"phones cannot reach it", "serve with -addr", "firewall"} {
		if strings.Contains(out.String(), not) {
			t.Errorf("says %q behind a proxy:\n%s", not, out.String())
		}
	}
	cancel()
	select {
	case code := <-done:
		if code != 0 {
			t.Errorf("exit %d: %s", code, errOut.String())
		}
	case <-time.After(15 * time.Second):
		t.Fatal("serve did not stop")
	}
}

func TestListenErrors(t *testing.T) {
	opErr := func(errno syscall.Errno) error {
		return &net.OpError{Op: "listen", Net: "tcp", Err: os.NewSyscallError("bind", errno)}
	}
	for _, tt := range []struct {
		addr string
		err  error
		want string
	}{
		{":80", opErr(syscall.EACCES), "cannot listen on :80: permission denied (ports below 1024 need root); choose a port such as -addr :8080"},
		{"127.0.0.1:80", opErr(syscall.EACCES), "cannot listen on 127.0.0.1:80: permission denied (ports below 1024 need root); choose a port such as -addr 127.0.0.1:8080"},
		{"10.9.9.9:8080", opErr(syscall.EADDRNOTAVAIL), "cannot listen on 10.9.9.9:8080: this computer has no such address"},
		{":8080", opErr(syscall.EADDRINUSE), "cannot listen on :8080: the address is already in use"},
		{"8080", &net.AddrError{Err: "missing port in address", Addr: "8080"}, `-addr "8080" is not an address to listen on (missing port in address); write -addr :8080 for every network interface or -addr 127.0.0.1:8080 for this computer only`},
	} {
		if got := listenError(tt.addr, tt.err, addrSetting{}).Error(); !strings.HasPrefix(got, tt.want) {
			t.Errorf("%s: %q, want %q", tt.addr, got, tt.want)
		}
	}
	// Under make run, the advice is make run's ADDR=, the host kept.
	viaMake := addrSetting{viaMake: true}
	for _, tt := range []struct {
		addr string
		err  error
		want string
	}{
		{"127.0.0.1:80", opErr(syscall.EACCES), "choose a port such as make run ADDR=127.0.0.1:8080"},
		{"8080", &net.AddrError{Err: "missing port in address", Addr: "8080"}, `ADDR="8080" is not an address to listen on (missing port in address); write make run ADDR=:8080 for every network interface or make run ADDR=127.0.0.1:8080 for this computer only`},
		{"10.9.9.9:8080", opErr(syscall.EADDRNOTAVAIL), "use make run ADDR=:8080 for every network interface"},
	} {
		if got := listenError(tt.addr, tt.err, viaMake).Error(); !strings.Contains(got, tt.want) || strings.Contains(got, "-addr") {
			t.Errorf("make run %s: %q, want %q", tt.addr, got, tt.want)
		}
	}
	// A port in use on this computer only is answered with a port on
	// this computer only, not with every interface.
	got := listenError("127.0.0.1:8080", opErr(syscall.EADDRINUSE), viaMake).Error()
	if !regexp.MustCompile(`e\.g\. make run ADDR=127\.0\.0\.1:\d+$`).MatchString(got) {
		t.Errorf("port in use on 127.0.0.1: %q", got)
	}
	// The real thing for an address that is not one.
	code, _, errOut := runCLI(t, "serve", "-addr", "8080", "-db", filepath.Join(t.TempDir(), "t.db"))
	if code != 2 || !strings.Contains(errOut, `-addr "8080" is not an address to listen on`) {
		t.Errorf("exit %d: %s", code, errOut)
	}
}

func TestDatabaseInAMissingDirectory(t *testing.T) {
	dir := filepath.Join(t.TempDir(), "no", "such")
	db := filepath.Join(dir, "t.db")
	for _, cmd := range []string{"serve", "migrate"} {
		code, _, errOut := runCLI(t, cmd, "-addr", "127.0.0.1:0", "-db", db)
		if cmd == "migrate" {
			code, _, errOut = runCLI(t, cmd, "-db", db)
		}
		want := "tablemate: cannot create the database " + db + ": the directory " + dir + " does not exist; create it (mkdir -p " + dir + ") or choose another path\n"
		if code != 2 || errOut != want {
			t.Errorf("%s: exit %d\n%q\nwant %q", cmd, code, errOut, want)
		}
	}
	code, _, errOut := runCLI(t, "migrate", "-db", t.TempDir())
	if code != 2 || !strings.Contains(errOut, "it is a directory; -db names a file") {
		t.Errorf("a directory as -db: exit %d, %s", code, errOut)
	}
}

// TestDatabaseWhereNoFileCanBeMade: a directory that exists but takes no
// new file (/proc) is named, with what is wrong with it, and the name of
// the file tablemate tried to create there is not.
func TestDatabaseWhereNoFileCanBeMade(t *testing.T) {
	if _, err := os.Stat("/proc/self"); err != nil {
		t.Skip("no /proc on this system")
	}
	for _, cmd := range [][]string{{"migrate"}, {"serve", "-addr", "127.0.0.1:0"}} {
		code, _, errOut := runCLI(t, append(cmd, "-db", "/proc/x.db")...)
		want := "tablemate: cannot create the database /proc/x.db: the directory /proc takes no new files (creating one there fails: no such file or directory): it is not a directory on a disk but a special file system such as /proc or /sys; choose a directory on a disk"
		if code != 2 || !strings.HasPrefix(errOut, want) || strings.Contains(errOut, "write-check") {
			t.Errorf("%s: exit %d\n%q\nwant %q", cmd[0], code, errOut, want)
		}
	}
	if got := cannotCreateIn("/mnt/ro", &os.PathError{Op: "open", Path: "/mnt/ro/.x", Err: syscall.EROFS}); got != "the directory /mnt/ro is on a read-only file system, where no file can be created; choose a directory on a disk that may be written" {
		t.Errorf("read-only: %q", got)
	}
}

// TestDatabaseWithoutPermission runs the command as a user that may not
// write the directory or the file (as "nobody" when the tests run as
// root, who may write anywhere).
func TestDatabaseWithoutPermission(t *testing.T) {
	self, err := os.Executable()
	if err != nil {
		t.Fatal(err)
	}
	// A world-readable place for the test binary and the directories,
	// since t.TempDir is private to this user.
	top, err := os.MkdirTemp("", "tablemate-perm")
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { os.RemoveAll(top) })
	os.Chmod(top, 0o755)
	bin := filepath.Join(top, "tablemate.test")
	copyFile(t, self, bin, 0o755)

	var cred *syscall.Credential
	uid := os.Getuid()
	if uid == 0 {
		uid = 65534 // nobody
		cred = &syscall.Credential{Uid: uint32(uid), Gid: 65534}
	}
	readOnly := filepath.Join(top, "ro")
	os.Mkdir(readOnly, 0o555)
	writable := filepath.Join(top, "rw")
	os.Mkdir(writable, 0o755)
	os.Chown(writable, uid, -1)
	lockedFile := filepath.Join(writable, "locked.db")
	os.WriteFile(lockedFile, nil, 0o444)

	runAs := func(args ...string) (int, string) {
		raw, _ := json.Marshal(args)
		cmd := exec.Command(bin)
		cmd.Env = append(os.Environ(), "TABLEMATE_TEST_ARGS="+string(raw))
		cmd.SysProcAttr = &syscall.SysProcAttr{Credential: cred}
		var errOut bytes.Buffer
		cmd.Stderr = &errOut
		err := cmd.Run()
		code := 0
		if ee, ok := err.(*exec.ExitError); ok {
			code = ee.ExitCode()
		} else if err != nil {
			t.Fatal(err)
		}
		return code, errOut.String()
	}
	for _, tt := range []struct {
		args []string
		want string
	}{
		{[]string{"migrate", "-db", filepath.Join(readOnly, "t.db")}, fmt.Sprintf("tablemate: cannot create the database %s: permission denied: this user (uid %d) may not create files in the directory %s (its mode is -r-xr-xr-x)", filepath.Join(readOnly, "t.db"), uid, readOnly)},
		{[]string{"serve", "-addr", "127.0.0.1:0", "-db", filepath.Join(readOnly, "t.db")}, "permission denied: this user (uid " + fmt.Sprint(uid) + ") may not create files in the directory " + readOnly},
		{[]string{"migrate", "-db", lockedFile}, fmt.Sprintf("tablemate: cannot open the database %s: permission denied: this user (uid %d) may not write the file (its mode is -r--r--r--)", lockedFile, uid)},
		{[]string{"backup", "-db", lockedFile, filepath.Join(readOnly, "copy.db")}, "tablemate: cannot create the backup file " + filepath.Join(readOnly, "copy.db") + ": permission denied"},
	} {
		code, errOut := runAs(tt.args...)
		if code != 2 || !strings.Contains(errOut, tt.want) {
			t.Errorf("%s: exit %d\n%s\nwant %q", strings.Join(tt.args, " "), code, errOut, tt.want)
		}
		if strings.Contains(errOut, "unable to open database file") || strings.Contains(errOut, "serving") {
			t.Errorf("%s: %s", tt.args, errOut)
		}
	}
}

func copyFile(t *testing.T, from, to string, mode os.FileMode) {
	t.Helper()
	b, err := os.ReadFile(from)
	if err != nil {
		t.Fatal(err)
	}
	if err := os.WriteFile(to, b, mode); err != nil {
		t.Fatal(err)
	}
}
