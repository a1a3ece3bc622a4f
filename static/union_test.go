package static

import (
	"io/fs"
	"strings"
	"testing"
	"testing/fstest"
)

// A game's files are served beside the embedded ones: a file comes from
// whichever holds it, a directory lists both, and a file served twice is
// refused.
func TestUnionOfGameFiles(t *testing.T) {
	game := fstest.MapFS{"css/play-x.css": {Data: []byte(".x{color:red}")}, "js/play-x.js": {Data: []byte("x()")}}
	u, err := union{embedded}.with(game)
	if err != nil {
		t.Fatal(err)
	}
	for name, want := range map[string]string{"css/play-x.css": ".x{color:red}", "js/play-x.js": "x()"} {
		if b, err := fs.ReadFile(u, name); err != nil || string(b) != want {
			t.Errorf("%s: %q %v", name, b, err)
		}
	}
	if b, err := fs.ReadFile(u, "css/app.css"); err != nil || len(b) == 0 {
		t.Errorf("the embedded app.css: %d bytes, %v", len(b), err)
	}
	if _, err := fs.ReadFile(u, "css/none.css"); err == nil {
		t.Error("a missing file opens")
	}
	var css []string
	entries, err := fs.ReadDir(u, "css")
	if err != nil {
		t.Fatal(err)
	}
	for _, e := range entries {
		css = append(css, e.Name())
	}
	if !strings.Contains(strings.Join(css, " "), "app.css") || !strings.Contains(strings.Join(css, " "), "play-x.css") {
		t.Errorf("css/ lists %v", css)
	}
	// Open on a directory both hold reads all of it too.
	d, err := u.Open("css")
	if err != nil {
		t.Fatal(err)
	}
	listed, err := d.(fs.ReadDirFile).ReadDir(-1)
	if err != nil || len(listed) != len(entries) {
		t.Errorf("Open(css).ReadDir: %d entries (%v), want %d", len(listed), err, len(entries))
	}
	if err := fstest.TestFS(u, "css/app.css", "css/play-x.css", "js/play-x.js"); err != nil {
		t.Error(err)
	}
	if _, err := u.with(fstest.MapFS{"css/app.css": {Data: []byte("x")}}); err == nil || !strings.Contains(err.Error(), "css/app.css is served twice") {
		t.Errorf("a file served twice: %v", err)
	}
}
