package static

import (
	"bytes"
	"compress/gzip"
	"io/fs"
	"path"
	"sync"
)

// compressible are the kinds of files worth sending gzip-compressed.
var compressible = map[string]bool{".css": true, ".js": true, ".svg": true, ".json": true, ".webmanifest": true, ".txt": true}

var (
	gzipOnce sync.Once
	gzipped  map[string][]byte
)

// Gzipped returns the embedded file compressed once at the best level,
// so a request never compresses CSS or JS again; ok is false for files
// that are not text or do not shrink.
func Gzipped(name string) (data []byte, ok bool) {
	used.Store(true)
	gzipOnce.Do(func() {
		gzipped = map[string][]byte{}
		served := FS()
		fs.WalkDir(served, ".", func(p string, d fs.DirEntry, err error) error {
			if err != nil || d.IsDir() || !compressible[path.Ext(p)] {
				return err
			}
			b, err := fs.ReadFile(served, p)
			if err != nil {
				return err
			}
			var buf bytes.Buffer
			w, _ := gzip.NewWriterLevel(&buf, gzip.BestCompression)
			w.Write(b)
			w.Close()
			if buf.Len() < len(b) {
				gzipped[p] = buf.Bytes()
			}
			return nil
		})
	})
	data, ok = gzipped[name]
	return data, ok
}
