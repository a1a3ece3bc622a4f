package static

import (
	"errors"
	"fmt"
	"io"
	"io/fs"
	"slices"
	"strings"
)

// union is several file systems seen as one: a file is the first one's
// that has it, and a directory lists what all of them hold there.
type union []fs.FS

// with is u and fsys, whose files must not be in u already.
func (u union) with(fsys fs.FS) (union, error) {
	err := fs.WalkDir(fsys, ".", func(p string, d fs.DirEntry, err error) error {
		if err != nil || d.IsDir() {
			return err
		}
		if _, err := fs.Stat(u, p); err == nil {
			return fmt.Errorf("%s is served twice", p)
		}
		return nil
	})
	if err != nil {
		return nil, err
	}
	return append(slices.Clip(u), fsys), nil
}

func (u union) Open(name string) (fs.File, error) {
	var dirs []fs.File
	for _, fsys := range u {
		f, err := fsys.Open(name)
		if errors.Is(err, fs.ErrNotExist) {
			continue
		}
		if err != nil {
			return nil, err
		}
		info, err := f.Stat()
		if err != nil || !info.IsDir() {
			for _, d := range dirs {
				d.Close()
			}
			return f, err
		}
		dirs = append(dirs, f)
	}
	switch len(dirs) {
	case 0:
		return nil, &fs.PathError{Op: "open", Path: name, Err: fs.ErrNotExist}
	case 1:
		return dirs[0], nil
	}
	entries, err := u.ReadDir(name)
	if err != nil {
		return nil, err
	}
	for _, d := range dirs[1:] {
		d.Close()
	}
	return &unionDir{File: dirs[0], entries: entries}, nil
}

// ReadDir lists a directory of every file system, by name.
func (u union) ReadDir(name string) ([]fs.DirEntry, error) {
	var out []fs.DirEntry
	seen := map[string]bool{}
	found := false
	for _, fsys := range u {
		entries, err := fs.ReadDir(fsys, name)
		if errors.Is(err, fs.ErrNotExist) {
			continue
		}
		if err != nil {
			return nil, err
		}
		found = true
		for _, e := range entries {
			if !seen[e.Name()] {
				seen[e.Name()] = true
				out = append(out, e)
			}
		}
	}
	if !found {
		return nil, &fs.PathError{Op: "readdir", Path: name, Err: fs.ErrNotExist}
	}
	slices.SortFunc(out, func(a, b fs.DirEntry) int { return strings.Compare(a.Name(), b.Name()) })
	return out, nil
}

// unionDir is a directory held by several file systems: its entries are
// all of theirs.
type unionDir struct {
	fs.File
	entries []fs.DirEntry
}

func (d *unionDir) ReadDir(n int) ([]fs.DirEntry, error) {
	if n <= 0 {
		out := d.entries
		d.entries = nil
		return out, nil
	}
	if len(d.entries) == 0 {
		return nil, io.EOF
	}
	n = min(n, len(d.entries))
	out := d.entries[:n]
	d.entries = d.entries[n:]
	return out, nil
}
