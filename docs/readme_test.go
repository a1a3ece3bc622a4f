package docs

import (
	"bufio"
	"bytes"
	"context"
	"errors"
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"regexp"
	"strconv"
	"strings"
	"sync"
	"testing"
	"time"
)

// The README's shell examples run as written against a freshly built
// binary. A marker line (an HTML comment, so it does not show) before an
// example says what to expect, or why it is not run:
//
//	<!-- readme-test: skip: REASON -->     not run (serves forever, runs for minutes, …)
//	<!-- readme-test: exit N -->           the exit status it must end with (else 0)
//	<!-- readme-test: output TEXT -->      its standard output must contain TEXT
const marker = "<!-- readme-test:"

// example is one shell example of the README.
type example struct {
	line    int    // where it starts in README.md
	text    string // the commands, unindented
	skip    string // why it is not run
	exit    int
	outputs []string
	markers int
}

// shellStart is how a shell example's first line begins.
var shellStart = regexp.MustCompile(`^([A-Z_][A-Z0-9_]*=\S* +)*((\./)?(bin/)?tablemate\b|(curl|echo|make|go|printf|cat)\b|(scripts|static)/)`)

// bareTablemate is the binary run without its path: it is not on the
// PATH of a fresh clone.
var bareTablemate = regexp.MustCompile(`(^|[|;&]\s*)tablemate\b`)

// readmeExamples reads the fenced and indented code blocks of a README
// and keeps those that are shell examples, with their markers.
func readmeExamples(t *testing.T, readme string) []example {
	t.Helper()
	lines := strings.Split(readme, "\n")
	var out []example
	var pending example // the markers seen since the last paragraph
	flush := func(start int, block []string) {
		text := strings.TrimRight(strings.Join(block, "\n"), "\n")
		first := strings.TrimSpace(text)
		if !shellStart.MatchString(first) {
			if pending.markers > 0 {
				t.Errorf("README.md:%d: markers before a block that is not a shell example", start+1)
			}
			pending = example{}
			return
		}
		ex := pending
		ex.line, ex.text = start+1, text
		out = append(out, ex)
		pending = example{}
	}
	for i := 0; i < len(lines); i++ {
		line := lines[i]
		switch {
		case strings.HasPrefix(line, marker):
			m := strings.TrimSpace(strings.TrimSuffix(strings.TrimPrefix(line, marker), "-->"))
			if !strings.HasSuffix(line, "-->") {
				t.Errorf("README.md:%d: a marker is one line ending in -->", i+1)
			}
			verb, rest, _ := strings.Cut(m, " ")
			pending.markers++
			switch verb {
			case "skip:":
				if strings.TrimSpace(rest) == "" {
					t.Errorf("README.md:%d: skip without a reason", i+1)
				}
				pending.skip = rest
			case "exit":
				n, err := strconv.Atoi(rest)
				if err != nil {
					t.Errorf("README.md:%d: exit %q", i+1, rest)
				}
				pending.exit = n
			case "output":
				pending.outputs = append(pending.outputs, rest)
			default:
				t.Errorf("README.md:%d: unknown marker %q", i+1, verb)
			}
		case strings.HasPrefix(line, "```"):
			start, block := i+1, []string{}
			for i++; i < len(lines) && !strings.HasPrefix(lines[i], "```"); i++ {
				block = append(block, lines[i])
			}
			flush(start, block)
		case strings.HasPrefix(line, "    ") && (i == 0 || strings.TrimSpace(lines[i-1]) == ""):
			start, block := i, []string{}
			for ; i < len(lines) && (strings.HasPrefix(lines[i], "    ") || strings.TrimSpace(lines[i]) == ""); i++ {
				block = append(block, strings.TrimPrefix(lines[i], "    "))
			}
			i--
			flush(start, block)
		case strings.TrimSpace(line) != "":
			if pending.markers > 0 {
				t.Errorf("README.md:%d: markers not followed by a code block", i+1)
			}
			pending = example{}
		}
	}
	return out
}

func TestReadmeExamplesRun(t *testing.T) {
	readme, err := os.ReadFile("../README.md")
	if err != nil {
		t.Fatal(err)
	}
	examples := readmeExamples(t, string(readme))
	for _, ex := range examples {
		for _, line := range strings.Split(ex.text, "\n") {
			if bareTablemate.MatchString(strings.TrimSpace(line)) {
				t.Errorf("README.md:%d: %q runs tablemate, which is not on the PATH of a fresh clone: write bin/tablemate", ex.line, line)
			}
		}
	}
	if _, err := exec.LookPath("curl"); err != nil {
		t.Fatal("the README's API examples use curl, which is not installed: scripts/install-deps.sh (make deps) installs it")
	}
	clone := t.TempDir() // where the examples run: a clone after make build
	os.Mkdir(filepath.Join(clone, "bin"), 0o755)
	if err := os.Symlink(binary(t), filepath.Join(clone, "bin", "tablemate")); err != nil {
		t.Fatal(err)
	}
	port := startServer(t, binary(t))

	ran := map[string]int{}
	for _, ex := range examples {
		name := fmt.Sprintf("README.md:%d", ex.line)
		if ex.skip != "" {
			t.Logf("%s not run: %s", name, ex.skip)
			continue
		}
		t.Run(name, func(t *testing.T) {
			text := strings.ReplaceAll(ex.text, ":8080", ":"+port)
			ctx, cancel := context.WithTimeout(context.Background(), 60*time.Second)
			defer cancel()
			cmd := exec.CommandContext(ctx, "bash", "-e", "-o", "pipefail", "-c", text)
			cmd.Dir = clone
			var stdout, stderr bytes.Buffer
			cmd.Stdout, cmd.Stderr = &stdout, &stderr
			err := cmd.Run()
			code := 0
			var exit *exec.ExitError
			if errors.As(err, &exit) {
				code = exit.ExitCode()
			} else if err != nil {
				t.Fatal(err)
			}
			if code != ex.exit {
				t.Errorf("exit status %d, want %d\n%s\nstdout:\n%s\nstderr:\n%s", code, ex.exit, ex.text, stdout.String(), stderr.String())
			}
			for _, want := range ex.outputs {
				if !strings.Contains(stdout.String(), want) {
					t.Errorf("output lacks %q\n%s\nstdout:\n%s\nstderr:\n%s", want, ex.text, stdout.String(), stderr.String())
				}
			}
		})
		ran[strings.Fields(ex.text)[0]]++
	}
	// The parser must find the examples: the binary's, check's and the API's.
	if ran["bin/tablemate"] < 2 || ran["echo"] < 2 || ran["curl"] < 3 {
		t.Errorf("ran %v: are the README's examples still found?", ran)
	}
}

var (
	buildOnce sync.Once
	built     string // the binary, in a directory TestMain removes
	buildErr  error
)

func TestMain(m *testing.M) {
	code := m.Run()
	if built != "" {
		os.RemoveAll(filepath.Dir(built))
	}
	os.Exit(code)
}

// binary builds cmd/tablemate once for the tests of this package.
func binary(t *testing.T) string {
	t.Helper()
	buildOnce.Do(func() {
		dir, err := os.MkdirTemp("", "tablemate-docs")
		if err != nil {
			buildErr = err
			return
		}
		built = filepath.Join(dir, "tablemate")
		if out, err := exec.Command("go", "build", "-o", built, "../cmd/tablemate").CombinedOutput(); err != nil {
			buildErr = fmt.Errorf("go build: %v\n%s", err, out)
		}
	})
	if buildErr != nil {
		t.Fatal(buildErr)
	}
	return built
}

// startServer serves bin on a free loopback port (with a database of its
// own) until the test ends, and returns the port, read from what it says
// at start-up.
func startServer(t *testing.T, bin string) string {
	t.Helper()
	cmd := exec.Command(bin, "serve", "-addr", "127.0.0.1:0", "-db", filepath.Join(t.TempDir(), "server.db"))
	stdout, err := cmd.StdoutPipe()
	if err != nil {
		t.Fatal(err)
	}
	var stderr bytes.Buffer
	cmd.Stderr = &stderr
	if err := cmd.Start(); err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() {
		cmd.Process.Signal(os.Interrupt)
		cmd.Wait()
	})
	found := make(chan string, 1)
	go func() {
		url := regexp.MustCompile(`running at http://127\.0\.0\.1:(\d+)`)
		s := bufio.NewScanner(stdout)
		for s.Scan() {
			if m := url.FindStringSubmatch(s.Text()); m != nil {
				found <- m[1]
			}
		}
		close(found)
	}()
	select {
	case port, ok := <-found:
		if !ok {
			t.Fatalf("the server ended without saying where it runs:\n%s", stderr.String())
		}
		return port
	case <-time.After(30 * time.Second):
		t.Fatalf("the server did not say where it runs within 30s:\n%s", stderr.String())
	}
	return ""
}

// TestReadmeNamesEveryFlag: every flag the binary's help lists (taken
// from the real flag sets) is named in the README.
func TestReadmeNamesEveryFlag(t *testing.T) {
	readme, err := os.ReadFile("../README.md")
	if err != nil {
		t.Fatal(err)
	}
	help, err := exec.Command(binary(t), "help").Output()
	if err != nil {
		t.Fatal(err)
	}
	flags := regexp.MustCompile(`(?m)^  -([a-z][a-z0-9-]*)`).FindAllStringSubmatch(string(help), -1)
	if len(flags) < 4 {
		t.Fatalf("found %d flags in the help:\n%s", len(flags), help)
	}
	for _, f := range flags {
		if !strings.Contains(string(readme), "`-"+f[1]) {
			t.Errorf("the README does not name the flag -%s (in backquotes)", f[1])
		}
	}
}
