package static

import (
	"bytes"
	"io"
	"io/fs"
	"path"
	"regexp"
	"strings"
	"sync"
)

// lean serves the hand-written CSS and JavaScript without their comments:
// the sources explain themselves at length, and a phone on a slow
// connection should not download the explanations (the first view of a
// page, with its CSS and JS, stays within 14 KB compressed). CSS loses
// its /* … */ comments and blank lines, JavaScript the lines that are
// only a // comment (nothing inside a line is touched, so strings and
// regular expressions stay as written). Vendored and minified files are
// served as they are. The content hashes and the compressed copies are
// made from what is served.
type lean struct{ fs.FS }

var (
	cssComment = regexp.MustCompile(`(?s)/\*.*?\*/`)
	blankLines = regexp.MustCompile(`\n[ \t]*(\n[ \t]*)+`)
	jsComment  = regexp.MustCompile(`(?m)^[ \t]*//[^\n]*\n`)

	leanMu    sync.Mutex
	leanCache = map[string][]byte{}
)

// leanable tells the files lean strips.
func leanable(name string) bool {
	ext := path.Ext(name)
	return (ext == ".css" || ext == ".js") && !strings.HasPrefix(name, "vendor/") && !strings.Contains(name, ".min.")
}

// Strip is the lean form of a file's content, as it is served.
func Strip(name string, b []byte) []byte {
	switch path.Ext(name) {
	case ".css":
		b = cssComment.ReplaceAll(b, nil)
	case ".js":
		b = jsComment.ReplaceAll(b, nil)
	}
	b = blankLines.ReplaceAll(b, []byte("\n"))
	return bytes.TrimLeft(b, "\n")
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
		b = Strip(name, raw)
		leanMu.Lock()
		leanCache[name] = b
		leanMu.Unlock()
	}
	return &leanFile{Reader: bytes.NewReader(b), info: leanInfo{info, int64(len(b))}}, nil
}

// leanFile is a stripped file: readable and seekable (http.ServeContent).
type leanFile struct {
	*bytes.Reader
	info fs.FileInfo
}

func (f *leanFile) Stat() (fs.FileInfo, error) { return f.info, nil }
func (f *leanFile) Close() error               { return nil }

// leanInfo is the file's own information with the stripped size.
type leanInfo struct {
	fs.FileInfo
	size int64
}

func (i leanInfo) Size() int64 { return i.size }
