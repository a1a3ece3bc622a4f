package main

import (
	"errors"
	"fmt"
	"io/fs"
	"os"
	"path/filepath"
	"strings"
	"syscall"
)

// checkDBPath says why the database file cannot be opened or created, in
// words that name the path and what is missing, before SQLite would say
// "unable to open database file: no such file or directory". SQLite keeps
// its journal (the -wal and -shm files) beside the database, so the
// directory must be writable even when the file exists.
func checkDBPath(path string) error {
	if path == "" {
		return errors.New("-db is empty: name the database file, e.g. -db ./tablemate.db")
	}
	if path == ":memory:" || strings.HasPrefix(path, "file:") {
		return nil // SQLite's own names: nothing on disk to check
	}
	if err := checkDir(path, "the database"); err != nil {
		return err
	}
	st, err := os.Stat(path)
	switch {
	case errors.Is(err, fs.ErrNotExist):
		// SQLite creates it; checkDir made sure it may.
	case err != nil:
		return fmt.Errorf("cannot open the database %s: %w", path, err)
	case st.IsDir():
		return fmt.Errorf("cannot open the database %s: it is a directory; -db names a file, e.g. -db %s", path, filepath.Join(path, "tablemate.db"))
	default:
		f, err := os.OpenFile(path, os.O_RDWR, 0)
		if errors.Is(err, fs.ErrPermission) {
			return fmt.Errorf("cannot open the database %s: permission denied: this user (uid %d) may not write the file (its mode is %s); give it write permission (chmod u+w) or run tablemate as its owner", path, os.Getuid(), st.Mode().Perm())
		}
		if err != nil {
			return fmt.Errorf("cannot open the database %s: %w", path, err)
		}
		f.Close()
	}
	return nil
}

// checkDir checks that the directory of path exists and that this user
// may create files in it; what names the file for the message.
func checkDir(path, what string) error {
	dir := filepath.Dir(path)
	st, err := os.Stat(dir)
	switch {
	case errors.Is(err, fs.ErrNotExist):
		return fmt.Errorf("cannot create %s %s: the directory %s does not exist; create it (mkdir -p %s) or choose another path", what, path, dir, dir)
	case errors.Is(err, fs.ErrPermission):
		return fmt.Errorf("cannot open %s %s: permission denied: this user (uid %d) may not enter a directory on the way to %s", what, path, os.Getuid(), dir)
	case err != nil:
		return fmt.Errorf("cannot open %s %s: %w", what, path, err)
	case !st.IsDir():
		return fmt.Errorf("cannot create %s %s: %s is not a directory", what, path, dir)
	}
	// Trying is the only portable test that also sees read-only mounts.
	probe, err := os.CreateTemp(dir, ".tablemate-write-check-*")
	if errors.Is(err, fs.ErrPermission) {
		return fmt.Errorf("cannot create %s %s: permission denied: this user (uid %d) may not create files in the directory %s (its mode is %s); SQLite writes its -wal and -shm files beside the database, so the directory must be writable: choose another directory or give this user write permission", what, path, os.Getuid(), dir, st.Mode().Perm())
	}
	if err != nil {
		return fmt.Errorf("cannot create %s %s: %s", what, path, cannotCreateIn(dir, err))
	}
	probe.Close()
	return os.Remove(probe.Name())
}

// checkBackupPaths checks a backup's source and target before SQLite's
// VACUUM INTO, whose errors name neither.
func checkBackupPaths(db, target string) error {
	st, err := os.Stat(db)
	switch {
	case errors.Is(err, fs.ErrNotExist):
		return fmt.Errorf("there is no database at %s to back up; -db names it (the default is ./tablemate.db, or TABLEMATE_DB)", db)
	case err != nil:
		return fmt.Errorf("cannot read the database %s: %w", db, err)
	case st.IsDir():
		return fmt.Errorf("cannot back up %s: it is a directory; -db names the database file", db)
	}
	if _, err := os.Stat(target); err == nil {
		return fmt.Errorf("the backup file %s exists already; a backup never overwrites a file: choose a new name or remove it first", target)
	}
	return checkDir(target, "the backup file")
}

// cannotCreateIn says why no file can be created in the directory dir,
// which exists and may be entered: err is what creating one answered.
// The name of the file tried is left out; it is not the user's.
func cannotCreateIn(dir string, err error) string {
	var pe *fs.PathError
	if errors.As(err, &pe) {
		err = pe.Err
	}
	switch {
	case errors.Is(err, syscall.EROFS):
		return fmt.Sprintf("the directory %s is on a read-only file system, where no file can be created; choose a directory on a disk that may be written", dir)
	case errors.Is(err, fs.ErrNotExist), errors.Is(err, syscall.EPERM), errors.Is(err, syscall.EINVAL), errors.Is(err, syscall.ENOTSUP):
		// /proc and /sys answer "no such file or directory" to a new file.
		return fmt.Sprintf("the directory %s takes no new files (creating one there fails: %v): it is not a directory on a disk but a special file system such as /proc or /sys; choose a directory on a disk, such as the one tablemate runs in (-db ./tablemate.db)", dir, err)
	case errors.Is(err, syscall.ENOSPC), errors.Is(err, syscall.EDQUOT):
		return fmt.Sprintf("the disk of the directory %s is full (%v); free some space or choose a directory on another disk", dir, err)
	}
	return fmt.Sprintf("cannot create a file in the directory %s: %v", dir, err)
}
