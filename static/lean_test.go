package static

import (
	"io/fs"
	"strings"
	"testing"
)

// TestStripKeepsTheCode: comments and blank lines go, code, strings and
// URLs stay, line by line.
func TestStripKeepsTheCode(t *testing.T) {
	for _, c := range []struct{ name, in, want string }{
		{"a.css", "/* head\n   more */\n.a { color: red; } /* why */\n\n\n.b{background:url(//x/y.svg)}\n", ".a { color: red; } \n.b{background:url(//x/y.svg)}\n"},
		{"a.js", "// what it does\nvar u = \"https://x\"; // kept: not alone on its line\n  // indented\n\nf(/\\/\\//);\n", "var u = \"https://x\"; // kept: not alone on its line\nf(/\\/\\//);\n"},
	} {
		if got := string(Strip(c.name, []byte(c.in))); got != c.want {
			t.Errorf("%s: %q, want %q", c.name, got, c.want)
		}
	}
}

// TestServedFilesAreLean: the served CSS and JS are smaller than their
// sources and carry no comment line; vendored files are served as they
// are; the hash names the served bytes.
func TestServedFilesAreLean(t *testing.T) {
	for _, name := range []string{"css/app.css", "js/app.js"} {
		raw, _ := fs.ReadFile(files, name)
		served, err := fs.ReadFile(FS(), name)
		if err != nil {
			t.Fatal(err)
		}
		if len(served) >= len(raw) || strings.Contains(string(served), "\n//") || strings.Contains(string(served), "/*") && name == "css/app.css" {
			t.Errorf("%s: served %d bytes of %d, comments left", name, len(served), len(raw))
		}
		f, _ := FS().Open(name)
		info, _ := f.Stat()
		f.Close()
		if info.Size() != int64(len(served)) {
			t.Errorf("%s: Stat says %d bytes, %d served", name, info.Size(), len(served))
		}
	}
	raw, _ := fs.ReadFile(files, "vendor/htmx.min.js")
	served, _ := fs.ReadFile(FS(), "vendor/htmx.min.js")
	if string(raw) != string(served) {
		t.Error("a vendored file was changed")
	}
}
