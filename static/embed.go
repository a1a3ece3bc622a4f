// Package static holds the CSS, JavaScript and icons, embedded in the
// binary, and names each file with a content hash for long-lived caching.
package static

import (
	"crypto/sha256"
	"embed"
	"encoding/hex"
	"io/fs"
	"sync"
)

//go:embed css js icons vendor manifest.webmanifest
var files embed.FS

// FS returns the embedded files.
func FS() fs.FS { return files }

var (
	hashOnce sync.Once
	hashes   map[string]string
)

// Path returns the URL of an embedded file with its content hash as the
// version, e.g. "/static/css/app.css?v=3f2a1b9c0d1e", so a changed file gets
// a new URL and an unchanged one can be cached for a year.
func Path(name string) string {
	if v := Version(name); v != "" {
		return "/static/" + name + "?v=" + v
	}
	return "/static/" + name
}

// Version returns the content hash of an embedded file, "" if there is none.
func Version(name string) string {
	hashOnce.Do(func() {
		hashes = map[string]string{}
		fs.WalkDir(files, ".", func(p string, d fs.DirEntry, err error) error {
			if err != nil || d.IsDir() {
				return err
			}
			b, err := files.ReadFile(p)
			if err != nil {
				return err
			}
			sum := sha256.Sum256(b)
			hashes[p] = hex.EncodeToString(sum[:6])
			return nil
		})
	})
	return hashes[name]
}
