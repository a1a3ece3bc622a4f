package static

import (
	"io/fs"
	"strings"
	"testing"
)

// TestMinifyKeepsTheCode: comments and white space go; strings, URLs,
// regular expressions and the top-level names other scripts call stay.
func TestMinifyKeepsTheCode(t *testing.T) {
	for _, c := range []struct{ name, in, want string }{
		{"a.css", "/* head\n   more */\n.a { color: red; } /* why */\n\n\n.b{background:url(//x/y.svg)}\n", ".a{color:red}.b{background:url(//x/y.svg)}"},
		{"a.js", "// what it does\nvar u = \"https://x\"; // a comment after code\n  // indented\n\nf(/\\/\\//);\nfunction shared(longName) { return longName + 1; }\n",
			"var u=\"https://x\";f(/\\/\\//);function shared(e){return e+1}"},
	} {
		got, err := Minify(c.name, []byte(c.in))
		if err != nil || string(got) != c.want {
			t.Errorf("%s: %q, %v; want %q", c.name, got, err, c.want)
		}
	}
}

// TestEveryServedFileMinifies: every CSS and JS file served (embedded
// and registered by the games) is read by the minifier (none falls back
// to its source), is smaller than its source and carries no comment; the
// size Stat reports is the size served; vendored files are served as they
// are.
func TestEveryServedFileMinifies(t *testing.T) {
	n := 0
	fs.WalkDir(files, ".", func(name string, d fs.DirEntry, err error) error {
		if err != nil || d.IsDir() || !leanable(name) {
			return err
		}
		n++
		raw, _ := fs.ReadFile(files, name)
		if _, err := Minify(name, raw); err != nil {
			t.Errorf("%s: %v", name, err)
		}
		served, err := fs.ReadFile(FS(), name)
		if err != nil {
			t.Fatal(err)
		}
		if len(served) >= len(raw) || strings.Contains(string(served), "\n//") || strings.Contains(string(served), "/*") {
			t.Errorf("%s: served %d bytes of %d, comments left", name, len(served), len(raw))
		}
		f, _ := FS().Open(name)
		info, _ := f.Stat()
		f.Close()
		if info.Size() != int64(len(served)) {
			t.Errorf("%s: Stat says %d bytes, %d served", name, info.Size(), len(served))
		}
		return nil
	})
	if n < 5 {
		t.Fatalf("only %d CSS/JS files found", n)
	}
	raw, _ := fs.ReadFile(files, "vendor/htmx.min.js")
	served, _ := fs.ReadFile(FS(), "vendor/htmx.min.js")
	if string(raw) != string(served) {
		t.Error("a vendored file was changed")
	}
}
