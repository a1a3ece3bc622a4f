package static

import (
	"bytes"
	"io"
	"io/fs"
	"path"
	"strings"
	"sync"

	"github.com/tdewolff/minify/v2"
	"github.com/tdewolff/minify/v2/css"
	"github.com/tdewolff/minify/v2/js"
)

// lean serves the hand-written CSS and JavaScript minified
// (github.com/tdewolff/minify): the sources explain themselves at
// length, and a phone on a slow connection should not download the
// explanations or the white space (the first view of a page, with its
// CSS and JS, stays within 14 KB compressed). Top-level names stay as
// written (the page's scripts share them); local names are shortened.
// Vendored and already minified files are served as they are. The
// content hashes and the compressed copies are made from what is served.
type lean struct{ fs.FS }

var (
	minifier = func() *minify.M {
		m := minify.New()
		m.Add("text/css", &css.Minifier{})
		m.Add("text/javascript", &js.Minifier{})
		return m
	}()

	leanMu    sync.Mutex
	leanCache = map[string][]byte{}
)

// leanable tells the files lean minifies.
func leanable(name string) bool {
	ext := path.Ext(name)
	return (ext == ".css" || ext == ".js") && !strings.HasPrefix(name, "vendor/") && !strings.Contains(name, ".min.")
}

// Minify is a CSS or JavaScript file's content as it is served; an error
// means the minifier could not read it (TestEveryServedFileMinifies
// fails then; lean serves such a file as it is written).
func Minify(name string, b []byte) ([]byte, error) {
	kind := "text/javascript"
	if path.Ext(name) == ".css" {
		kind = "text/css"
	}
	return minifier.Bytes(kind, b)
}

func (l lean) Open(name string) (fs.File, error) {
	f, err := l.FS.Open(name)
	if err != nil || !leanable(name) {
		return f, err
	}
	defer f.Close()
	info, err := f.Stat()
	if err != nil || info.IsDir() {
		return l.FS.Open(name)
	}
	leanMu.Lock()
	b, ok := leanCache[name]
	leanMu.Unlock()
	if !ok {
		raw, err := io.ReadAll(f)
		if err != nil {
			return nil, err
		}
		if b, err = Minify(name, raw); err != nil {
			b = raw
		}
		leanMu.Lock()
		leanCache[name] = b
		leanMu.Unlock()
	}
	return &leanFile{Reader: bytes.NewReader(b), info: leanInfo{info, int64(len(b))}}, nil
}

// leanFile is a minified file: readable and seekable (http.ServeContent).
type leanFile struct {
	*bytes.Reader
	info fs.FileInfo
}

func (f *leanFile) Stat() (fs.FileInfo, error) { return f.info, nil }
func (f *leanFile) Close() error               { return nil }

// leanInfo is the file's own information with the minified size.
type leanInfo struct {
	fs.FileInfo
	size int64
}

func (i leanInfo) Size() int64 { return i.size }
