// Package static holds the CSS, JavaScript and icons, embedded in the
// binary, and names each file with a content hash for long-lived caching.
// A game's own files (web/<game>) are embedded in its package and join
// these through Register, so they are served, hashed and compressed the
// same way.
package static

import (
	"crypto/sha256"
	"embed"
	"encoding/hex"
	"io/fs"
	"sync"
	"sync/atomic"
)

//go:embed css js icons vendor manifest.webmanifest
var embedded embed.FS

// files are the embedded files and the registered ones.
var files = union{embedded}

// FS returns the files served under /static/: the embedded ones and the
// registered ones.
func FS() fs.FS { return lean{files} }

// used is set once a file's hash or compressed copy was asked for; a
// file registered after that would not have them.
var used atomic.Bool

// Register serves fsys's files beside the embedded ones, at the same
// paths (a game's "css/play-adh.css" is /static/css/play-adh.css). The
// registry (web/games) registers each game's files at start-up, before
// any is served; registering later, or a file that is already served,
// panics.
func Register(fsys fs.FS) {
	if used.Load() {
		panic("static: Register after files were served")
	}
	u, err := files.with(fsys)
	if err != nil {
		panic("static: " + err.Error())
	}
	files = u
}

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
	used.Store(true)
	hashOnce.Do(func() {
		hashes = map[string]string{}
		served := FS()
		fs.WalkDir(served, ".", func(p string, d fs.DirEntry, err error) error {
			if err != nil || d.IsDir() {
				return err
			}
			b, err := fs.ReadFile(served, p)
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
