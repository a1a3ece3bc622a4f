//go:build e2e

// Package e2e drives the real tablemate binary with Debian's headless
// Chromium at a phone's screen size. Run with: go test -tags e2e ./e2e/...
package e2e

import (
	"context"
	"fmt"
	"net"
	"net/http"
	"os"
	"os/exec"
	"path/filepath"
	"testing"
	"time"

	"github.com/chromedp/cdproto/emulation"
	"github.com/chromedp/chromedp"
)

var binary string // built once in TestMain

func TestMain(m *testing.M) {
	dir, err := os.MkdirTemp("", "tablemate-e2e")
	if err != nil {
		fmt.Fprintln(os.Stderr, err)
		os.Exit(1)
	}
	binary = filepath.Join(dir, "tablemate")
	build := exec.Command("go", "build", "-o", binary, "../cmd/tablemate")
	build.Stdout, build.Stderr = os.Stdout, os.Stderr
	if err := build.Run(); err != nil {
		fmt.Fprintln(os.Stderr, "build:", err)
		os.Exit(1)
	}
	code := m.Run()
	os.RemoveAll(dir)
	os.Exit(code)
}

// startServer runs the binary on a free loopback port with a fresh
// database and returns its base URL; it is stopped with SIGTERM at cleanup.
func startServer(t *testing.T) string {
	t.Helper()
	base, _ := startServerProc(t)
	return base
}

// startServerProc is startServer that also returns the process, for tests
// that stop the server on purpose.
func startServerProc(t *testing.T) (string, *exec.Cmd) {
	t.Helper()
	l, err := net.Listen("tcp", "127.0.0.1:0")
	if err != nil {
		t.Fatal(err)
	}
	addr := l.Addr().String()
	l.Close()
	cmd := exec.Command(binary, "serve", "-addr", addr, "-db", filepath.Join(t.TempDir(), "e2e.db"))
	cmd.Stderr = &testLog{t}
	if err := cmd.Start(); err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() {
		cmd.Process.Signal(os.Interrupt)
		done := make(chan error, 1)
		go func() { done <- cmd.Wait() }()
		select {
		case <-done:
		case <-time.After(10 * time.Second):
			cmd.Process.Kill()
			t.Error("server did not shut down within 10s of SIGINT")
		}
	})
	base := "http://" + addr
	for deadline := time.Now().Add(15 * time.Second); time.Now().Before(deadline); time.Sleep(50 * time.Millisecond) {
		if resp, err := http.Get(base + "/healthz"); err == nil {
			resp.Body.Close()
			if resp.StatusCode == http.StatusOK {
				return base, cmd
			}
		}
	}
	t.Fatal("server did not become healthy")
	return "", nil
}

type testLog struct{ t *testing.T }

func (l *testLog) Write(p []byte) (int, error) {
	l.t.Logf("server: %s", p)
	return len(p), nil
}

// phone opens headless Chromium emulating a 390×844 phone, for at most
// three minutes.
func phone(t *testing.T) context.Context {
	t.Helper()
	return phoneFor(t, 3*time.Minute)
}

// phoneFor is phone for a test that takes longer: the walk of every page.
func phoneFor(t *testing.T, limit time.Duration) context.Context {
	t.Helper()
	path := "/usr/bin/chromium"
	if p := os.Getenv("CHROMIUM"); p != "" {
		path = p
	}
	// Not t.TempDir: Chromium may still write to its profile while it
	// exits, and TempDir fails the test when it cannot remove everything.
	profile, err := os.MkdirTemp("", "tablemate-chromium")
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { os.RemoveAll(profile) })
	opts := append(chromedp.DefaultExecAllocatorOptions[:],
		chromedp.ExecPath(path),
		chromedp.NoSandbox,
		chromedp.DisableGPU,
		chromedp.Flag("disable-quic", true),
		chromedp.Flag("disable-background-networking", true),
		chromedp.Flag("disable-component-update", true),
		chromedp.Flag("disable-sync", true),
		chromedp.UserDataDir(profile),
	)
	actx, cancelAlloc := chromedp.NewExecAllocator(context.Background(), opts...)
	ctx, cancelCtx := chromedp.NewContext(actx)
	ctx, cancelTimeout := context.WithTimeout(ctx, limit)
	t.Cleanup(func() { cancelTimeout(); cancelCtx(); cancelAlloc() })
	scheme := "light"
	if os.Getenv("TABLEMATE_DARK") != "" {
		scheme = "dark"
	}
	if err := chromedp.Run(ctx,
		chromedp.EmulateViewport(390, 844, chromedp.EmulateMobile, chromedp.EmulateScale(2)),
		emulation.SetEmulatedMedia().WithFeatures([]*emulation.MediaFeature{{Name: "prefers-color-scheme", Value: scheme}}),
	); err != nil {
		t.Fatalf("start chromium: %v", err)
	}
	return ctx
}

// run runs browser actions and fails the test with a screenshot path on error.
func run(t *testing.T, ctx context.Context, step string, actions ...chromedp.Action) {
	t.Helper()
	sctx, cancel := context.WithTimeout(ctx, 20*time.Second)
	defer cancel()
	if err := chromedp.Run(sctx, actions...); err != nil {
		var body string
		bctx, bcancel := context.WithTimeout(ctx, 5*time.Second)
		defer bcancel()
		var loc string
		if chromedp.Run(bctx, chromedp.Location(&loc), chromedp.Text("main", &body, chromedp.ByQuery)) == nil {
			t.Logf("page %s at the failure:\n%.600s", loc, body)
		}
		var shot []byte
		sctx, cancel := context.WithTimeout(ctx, 5*time.Second)
		defer cancel()
		if chromedp.Run(sctx, chromedp.FullScreenshot(&shot, 100)) == nil {
			p := filepath.Join(os.TempDir(), "tablemate-e2e-failure.png")
			os.WriteFile(p, shot, 0o644)
			t.Logf("screenshot of the failure: %s", p)
		}
		t.Fatalf("%s: %v", step, err)
	}
}

// tap scrolls an element to the middle of the screen (clear of the sticky
// submit bar) and clicks it, as a thumb would.
func tap(sel string) chromedp.Action {
	return chromedp.Tasks{
		chromedp.WaitVisible(sel, chromedp.ByQuery),
		chromedp.Evaluate(fmt.Sprintf(`document.querySelector(%q).scrollIntoView({block: "center"})`, sel), nil),
		chromedp.Click(sel, chromedp.ByQuery),
	}
}

// snapshot saves a full-page screenshot to $TABLEMATE_SCREENSHOTS/name.png
// when that variable is set, so a person can look at what the test saw.
func snapshot(t *testing.T, ctx context.Context, name string) {
	t.Helper()
	dir := os.Getenv("TABLEMATE_SCREENSHOTS")
	if dir == "" {
		return
	}
	var png []byte
	if err := chromedp.Run(ctx, chromedp.FullScreenshot(&png, 100)); err != nil {
		t.Logf("screenshot %s: %v", name, err)
		return
	}
	os.WriteFile(filepath.Join(dir, name+".png"), png, 0o644)
}

// waitTrue polls a JavaScript expression until it is true, riding out
// navigations (an evaluation during one fails and is simply tried again).
func waitTrue(t *testing.T, ctx context.Context, what, expr string) {
	t.Helper()
	deadline := time.Now().Add(15 * time.Second)
	for {
		var ok bool
		ectx, cancel := context.WithTimeout(ctx, 2*time.Second)
		err := chromedp.Run(ectx, chromedp.Evaluate(expr, &ok))
		cancel()
		if err == nil && ok {
			return
		}
		if time.Now().After(deadline) {
			t.Fatalf("%s: %s never became true (last error %v)", what, expr, err)
		}
		time.Sleep(50 * time.Millisecond)
	}
}
