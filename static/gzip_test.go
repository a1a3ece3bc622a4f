package static

import (
	"bytes"
	"compress/gzip"
	"io"
	"io/fs"
	"testing"
)

// TestGzippedIsTheFile: the precompressed copy unzips to the very file
// served (minify.go: CSS and JS minified), and text files are
// smaller for it.
func TestGzippedIsTheFile(t *testing.T) {
	for _, name := range []string{"css/app.css", "js/app.js", "manifest.webmanifest"} {
		z, ok := Gzipped(name)
		if !ok {
			t.Fatalf("%s has no gzipped copy", name)
		}
		r, err := gzip.NewReader(bytes.NewReader(z))
		if err != nil {
			t.Fatal(err)
		}
		got, _ := io.ReadAll(r)
		want, _ := fs.ReadFile(FS(), name)
		if !bytes.Equal(got, want) || len(z) >= len(want) {
			t.Errorf("%s: unzipped %d bytes (want %d), compressed %d", name, len(got), len(want), len(z))
		}
	}
	if _, ok := Gzipped("no/such.css"); ok {
		t.Error("a missing file has a gzipped copy")
	}
}
