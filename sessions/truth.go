package sessions

import (
	"encoding/json"
	"errors"
	"fmt"

	"github.com/jackc/pgx/v5/pgconn"
)

// A write's answer is true (issue #31): a write that reached its commit
// is answered as recorded, whatever fails after it; one that failed in
// storage before it is ErrNotSaved ("nothing was recorded"); one whose
// commit was under way when the connection to the database broke is
// ErrUnknownOutcome, and the form's one-time token makes sending it again
// safe. A token answers only for the write it was first used for
// (ErrTokenUsed).

// ErrUnknownOutcome means the connection to the database broke while the
// write was being committed: the server cannot tell whether it was
// recorded. Sending the same form again (the same one-time token) is
// safe: a recorded write answers "already recorded", one that was not is
// recorded then.
var ErrUnknownOutcome = errors.New("the connection to the database broke while the write was being committed: it may or may not be recorded")

// ErrTokenUsed means a form's one-time token was recorded already for
// another write (a token seen on an Undo cannot confirm an Add player):
// nothing was done, and the first write's answer is not given for it.
var ErrTokenUsed = errors.New("this form's one-time token was used for another entry; nothing was done")

// commitFailed wraps the error of a write's COMMIT. PostgreSQL is a
// server: when the connection breaks while COMMIT is under way, the
// transaction may have been committed or not, and only asking again can
// tell (ErrUnknownOutcome). An error the server answered with, and any
// error of SQLite (in this process), means it was not committed.
func (s *Store) commitFailed(op string, err error) error {
	if !outcomeUnknown(s.d, err) {
		return s.failed(op+": commit", err)
	}
	s.noteFailure(err, false)
	return fmt.Errorf("%s: commit: %w: %w", op, ErrUnknownOutcome, err)
}

// outcomeUnknown reports whether a failed COMMIT may have committed all
// the same: the connection to a PostgreSQL server broke before its
// answer arrived.
func outcomeUnknown(d dialect, err error) bool {
	if _, ok := d.(postgres); !ok {
		return false
	}
	var pe *pgconn.PgError
	if errors.As(err, &pe) {
		return false // the server answered: it rolled back
	}
	return d.storageFailure(err)
}

// Unavailable reports whether err is a failure of the storage rather than
// a refusal or a bug: a write failed in storage (ErrNotSaved), a commit of
// unknown outcome, the database file gone (ErrFileReplaced), the older
// part of a table's snapshot that could not be read when a page first
// read it (ErrColdRead), or a read the database could not answer (out of
// reach, shutting down, an I/O error, a damaged file). Such a request is answered 503, never 500.
func (s *Store) Unavailable(err error) bool {
	return errors.Is(err, ErrNotSaved) || errors.Is(err, ErrUnknownOutcome) || errors.Is(err, ErrFileReplaced) || errors.Is(err, ErrColdRead) ||
		s.d.storageFailure(err)
}

// Noticed records a storage failure met outside a write (a page that
// could not read its table): Health reports it for a minute. Other
// errors, and a write's own failures (noted as it failed), are ignored.
func (s *Store) Noticed(err error) {
	if errors.Is(err, ErrNotSaved) || errors.Is(err, ErrUnknownOutcome) {
		return // a write's failure, noted when it failed
	}
	if err != nil && s.Unavailable(err) {
		s.noteFailure(err, true)
	}
}

// repeat is what a write's one-time token must have recorded for the
// write to be answered as that one again: the same kind of event and, for
// the fields named, the same values (as the event's payload holds them).
// A double tap or a resend of the same form matches; another form that
// happened to carry the same token does not.
type repeat struct {
	kind   Kind
	fields map[string]any
}

// answers reports whether e, the event recorded with the token, is the
// write r asks for.
func (r repeat) answers(e Event) bool {
	if e.Kind != r.kind {
		return false
	}
	if len(r.fields) == 0 {
		return true
	}
	var got map[string]json.RawMessage
	if err := json.Unmarshal(e.Payload, &got); err != nil {
		return false
	}
	for name, want := range r.fields {
		b, err := json.Marshal(want)
		if err != nil || !sameJSON(got[name], b) {
			return false
		}
	}
	return true
}

// sameJSON compares two JSON values as values: insignificant spaces and
// the order of object keys set aside.
func sameJSON(a, b []byte) bool {
	if len(a) == 0 || len(b) == 0 {
		return len(a) == len(b)
	}
	var x, y any
	if json.Unmarshal(a, &x) != nil || json.Unmarshal(b, &y) != nil {
		return false
	}
	ja, _ := json.Marshal(x)
	jb, _ := json.Marshal(y)
	return string(ja) == string(jb)
}
