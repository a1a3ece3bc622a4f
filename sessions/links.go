package sessions

import (
	"context"
	"database/sql"
	"errors"
	"fmt"
	"time"
)

// Role is what a link lets its holder do.
type Role string

// The roles of links (migrations/004_links.sql). A league's public
// standings page has no link of its own: its id is the league's key.
const (
	RoleEdit  Role = "edit"  // a table: enter, correct and undo results, replace its links
	RoleView  Role = "view"  // a table: follow it, change nothing
	RoleAdmin Role = "admin" // a league: members, tables, its own link
)

// ErrReplaced means a link was replaced by a newer one: it opens nothing
// any more (errors.Is matches a *ReplacedError).
var ErrReplaced = errors.New("this link was replaced by a new one")

// ReplacedError says which kind of link was replaced, and when.
type ReplacedError struct {
	Role Role
	At   time.Time
}

func (e *ReplacedError) Error() string {
	return fmt.Sprintf("this %s link was replaced by a new one", e.Role)
}

// Is makes errors.Is(err, ErrReplaced) true.
func (e *ReplacedError) Is(target error) bool { return target == ErrReplaced }

// TableLinks are a table's links in use, with their generations (the
// version a form that replaces one must have seen).
type TableLinks struct {
	Edit, View       string
	EditGen, ViewGen int
}

// querier is what resolve needs: the read pool or a write transaction.
type querier interface {
	QueryRowContext(ctx context.Context, query string, args ...any) *sql.Row
	// forUpdate is what a SELECT appends to lock the rows it read until
	// the transaction ends (db.go).
	forUpdate() string
}

// inUse says where the link in use of each role is kept: the owner's
// row (migrations/004_links.sql). The names are ours, never input.
var inUse = map[Role]struct{ table, link, gen string }{
	RoleEdit:  {"tables", "edit_link", "edit_gen"},
	RoleView:  {"tables", "read_id", "view_gen"},
	RoleAdmin: {"leagues", "admin_id", "admin_gen"},
}

// resolve finds what link opens as role: its owner's key and the link's
// generation. A link that is not one (or one of another role) is
// ErrNotFound; a link replaced by a newer one is a *ReplacedError. In a
// write transaction the owner's row stays locked until it ends, so what
// the write checked cannot change before it commits.
func resolve(ctx context.Context, q querier, link string, role Role) (owner string, gen int, err error) {
	if !storable(link) {
		return "", 0, ErrNotFound
	}
	c := inUse[role]
	err = q.QueryRowContext(ctx, `SELECT id, `+c.gen+` FROM `+c.table+` WHERE `+c.link+` = ?`+q.forUpdate(), link).Scan(&owner, &gen)
	if errors.Is(err, sql.ErrNoRows) {
		return "", 0, formerly(ctx, q, link, role)
	}
	if err != nil {
		return "", 0, fmt.Errorf("resolve %s link: %w", role, err)
	}
	return owner, gen, nil
}

// formerly says why link, not in use as role, opens nothing: it was
// replaced (a *ReplacedError), or it never was such a link (ErrNotFound).
func formerly(ctx context.Context, q querier, link string, role Role) error {
	var owner string
	var gen int
	err := q.QueryRowContext(ctx, `SELECT owner, gen FROM links WHERE id = ? AND role = ?`, link, string(role)).Scan(&owner, &gen)
	if errors.Is(err, sql.ErrNoRows) {
		return ErrNotFound
	}
	if err != nil {
		return fmt.Errorf("resolve %s link: %w", role, err)
	}
	return replaced(ctx, q, owner, role, gen)
}

// replaced builds the error for a link of generation gen: it was replaced
// when generation gen+1 was made. Without one (what it opened is gone) it
// is ErrNotFound.
func replaced(ctx context.Context, q querier, owner string, role Role, gen int) error {
	var at string
	err := q.QueryRowContext(ctx, `SELECT created_at FROM links WHERE owner = ? AND role = ? AND gen = ?`, owner, string(role), gen+1).Scan(&at)
	if errors.Is(err, sql.ErrNoRows) {
		return ErrNotFound
	}
	if err != nil {
		return fmt.Errorf("resolve %s link: %w", role, err)
	}
	t, _ := time.Parse(time.RFC3339Nano, at)
	return &ReplacedError{Role: role, At: t}
}

// current returns the link of owner and role in use and its generation.
func current(ctx context.Context, q querier, owner string, role Role) (string, int, error) {
	c := inUse[role]
	var link string
	var gen int
	err := q.QueryRowContext(ctx, `SELECT `+c.link+`, `+c.gen+` FROM `+c.table+` WHERE id = ?`+q.forUpdate(), owner).Scan(&link, &gen)
	if errors.Is(err, sql.ErrNoRows) {
		return "", 0, ErrNotFound
	}
	if err != nil {
		return "", 0, fmt.Errorf("%s link: %w", role, err)
	}
	return link, gen, nil
}

// execer is what addLink needs: a write transaction.
type execer interface {
	ExecContext(ctx context.Context, query string, args ...any) (sql.Result, error)
}

// addLink makes a new random link of owner and role, generation gen, and
// keeps it in the links history; the caller puts it in use.
func addLink(ctx context.Context, tx execer, owner string, role Role, gen int, token, at string) (string, error) {
	link := newID()
	if _, err := tx.ExecContext(ctx,
		`INSERT INTO links (id, owner, role, gen, client_token, created_at) VALUES (?, ?, ?, ?, ?, ?)`,
		link, owner, string(role), gen, nullable(token), at); err != nil {
		return "", fmt.Errorf("new %s link: %w", role, err)
	}
	return link, nil
}

// TableWithLinks is Table and Links in one: the table page behind the
// edit link shows both, and reads them with one lookup.
func (ts *Tables) TableWithLinks(ctx context.Context, edit string) (Table, TableLinks, error) {
	ts.count.lookups.Add(1)
	if !storable(edit) {
		return Table{}, TableLinks{}, ErrNotFound
	}
	links := TableLinks{Edit: edit}
	var key string
	var head int
	st, err := ts.store.readStmt(ctx, `SELECT id, head, edit_gen, read_id, view_gen FROM tables WHERE edit_link = ?`)
	if err == nil {
		err = st.QueryRowContext(ctx, edit).Scan(&key, &head, &links.EditGen, &links.View, &links.ViewGen)
	}
	if errors.Is(err, sql.ErrNoRows) {
		return Table{}, TableLinks{}, formerly(ctx, ts.store.read, edit, RoleEdit)
	}
	if err != nil {
		return Table{}, TableLinks{}, fmt.Errorf("table by edit link: %w", err)
	}
	t, err := ts.table(ctx, key, head)
	return t, links, err
}

// Links returns the links in use of the table whose edit link is edit:
// only the edit link shows the others.
func (ts *Tables) Links(ctx context.Context, edit string) (TableLinks, error) {
	ts.count.lookups.Add(1)
	if !storable(edit) {
		return TableLinks{}, ErrNotFound
	}
	out := TableLinks{Edit: edit}
	st, err := ts.store.readStmt(ctx, `SELECT edit_gen, read_id, view_gen FROM tables WHERE edit_link = ?`)
	if err == nil {
		err = st.QueryRowContext(ctx, edit).Scan(&out.EditGen, &out.View, &out.ViewGen)
	}
	if errors.Is(err, sql.ErrNoRows) {
		return TableLinks{}, formerly(ctx, ts.store.read, edit, RoleEdit)
	}
	if err != nil {
		return TableLinks{}, fmt.Errorf("links: %w", err)
	}
	return out, nil
}

// ViewLink returns the view-only link in use of the table with key key
// (a league shows its tables through these).
func (ts *Tables) ViewLink(ctx context.Context, key string) (string, error) {
	link, _, err := current(ctx, ts.store.read, key, RoleView)
	return link, err
}

// Rotated is the outcome of Rotate: the new link, and whether the same
// form had already replaced it (a double tap) so nothing new was made.
type Rotated struct {
	Link   string
	Gen    int
	Repeat bool
}

// Rotate replaces a link: a table's edit or view-only link (role RoleEdit
// or RoleView; by must be the table's edit link in use) or a league's
// admin link (RoleAdmin; by must be that admin link). The old link stops
// working at once, also for a write already on its way (every write
// checks its link in the transaction that appends it).
//
// Like every write it carries the version the client saw, here the
// generation of the link it replaces (a form made before someone else
// replaced it is a *StaleError), and the form's one-time token: sending
// the same form again answers with the link it made, even though by then
// by itself may be the replaced link.
func (ts *Tables) Rotate(ctx context.Context, by string, role Role, seen int, token string) (Rotated, error) {
	authority := RoleEdit
	if role == RoleAdmin {
		authority = RoleAdmin
	} else if role != RoleEdit && role != RoleView {
		return Rotated{}, fmt.Errorf("rotate: unknown role %q", role)
	}
	if err := checkToken(token); err != nil {
		return Rotated{}, err
	}
	// A storage failure is ErrNotSaved, as for every write.
	op := "rotate " + string(role) + " link"
	tx, err := ts.store.write.BeginTx(ctx, nil)
	if err != nil {
		return Rotated{}, ts.store.failed(op, err)
	}
	defer tx.Rollback() //nolint:errcheck // no-op after Commit

	owner, _, err := resolve(ctx, tx, by, authority)
	var re *ReplacedError
	if errors.As(err, &re) && token != "" {
		// Maybe a resend of the form that replaced this very link: find
		// the owner to look its token up.
		if err := tx.QueryRowContext(ctx, `SELECT owner FROM links WHERE id = ? AND role = ?`, by, string(authority)).Scan(&owner); err != nil {
			return Rotated{}, ts.store.failed(op, err)
		}
	} else if err != nil {
		return Rotated{}, linkFailed(ts.store, op, err)
	}
	if token != "" {
		var r Rotated
		err := tx.QueryRowContext(ctx, `SELECT id, gen FROM links WHERE owner = ? AND role = ? AND client_token = ?`,
			owner, string(role), token).Scan(&r.Link, &r.Gen)
		switch {
		case err == nil:
			r.Repeat = true
			return r, nil
		case !errors.Is(err, sql.ErrNoRows):
			return Rotated{}, ts.store.failed(op, err)
		}
	}
	if re != nil { // replaced, and not by this form
		return Rotated{}, re
	}
	old, gen, err := current(ctx, tx, owner, role)
	if err != nil {
		return Rotated{}, linkFailed(ts.store, op, err)
	}
	if gen != seen {
		return Rotated{}, &StaleError{Seen: seen, Head: gen}
	}
	link, err := addLink(ctx, tx, owner, role, gen+1, token, ts.store.stamp())
	if err != nil {
		return Rotated{}, ts.store.failed(op, err)
	}
	c := inUse[role]
	if _, err := tx.ExecContext(ctx, `UPDATE `+c.table+` SET `+c.link+` = ?, `+c.gen+` = ? WHERE id = ?`, link, gen+1, owner); err != nil {
		return Rotated{}, ts.store.failed(op, err)
	}
	if err := ts.store.d.notify(ctx, tx, rotateNotice(owner, role, gen+1)); err != nil {
		return Rotated{}, ts.store.failed(op, err)
	}
	if err := tx.Commit(); err != nil {
		return Rotated{}, ts.store.commitFailed(op, err)
	}
	ts.store.wrote()
	if ts.replaced != nil {
		ts.replaced(owner, role, old)
	}
	return Rotated{Link: link, Gen: gen + 1}, nil
}

// OnReplace registers fn to be told when a link was replaced (live pages
// opened through it are closed). Set it before serving.
func (ts *Tables) OnReplace(fn func(owner string, role Role, old string)) { ts.replaced = fn }
