package sessions

import (
	"context"
	"database/sql"
	"errors"
	"fmt"
	"slices"
	"strconv"
	"strings"
	"sync"
	"time"
)

// Several servers may work on one database: behind a load balancer on
// PostgreSQL, or two on one SQLite file. A write tells OnChange and
// OnReplace of this process at once; Follow brings the others' writes to
// them too, so a page's live stream follows its table whichever server
// the stream and the writes went through.
//
// PostgreSQL: every commit that moves a table's head or replaces a link
// sends a change notice with NOTIFY (in the same transaction, so only
// commits send one), and each server holds one LISTEN connection. A notice
// sent while a server was not listening is lost, so each time the LISTEN
// connection is made (again), the heads and links of the tables watched
// here are read from the database and told anew.
//
// SQLite: a second process on the file learns that someone committed from
// PRAGMA data_version and then reads the watched tables the same way.
//
// Change notices carry a table's internal key (it opens nothing) and
// numbers, never a link:
//
//	h KEY HEAD        the table with key KEY is at HEAD
//	r OWNER ROLE GEN  OWNER's ROLE link was replaced by its generation GEN

func headNotice(key string, head int) string { return fmt.Sprintf("h %s %d", key, head) }

func rotateNotice(owner string, role Role, gen int) string {
	return fmt.Sprintf("r %s %s %d", owner, role, gen)
}

// Follow tells OnChange and OnReplace of the changes other processes make
// on the same database until ctx ends. watching lists the tables that have
// live pages open in this process, by key, each with the links those
// pages were opened through; after a notice may have been lost their
// heads are told again (a head told twice must be harmless) and any of
// those links that was replaced meanwhile is told replaced. logf, if not
// nil, is told when the way to hear of outside writes is lost (err set)
// and when it works again (err nil). Set OnChange and OnReplace first.
func (ts *Tables) Follow(ctx context.Context, watching func() map[string][]string, logf func(msg string, err error)) error {
	f := &follower{ts: ts, watching: watching, logf: logf}
	return ts.store.d.follow(ctx, ts.store, f)
}

// follower hands what it hears to a Tables' OnChange and OnReplace.
type follower struct {
	ts       *Tables
	watching func() map[string][]string
	logf     func(msg string, err error)

	mu      sync.Mutex
	down    bool      // the connection that hears notices failed
	reports time.Time // when a failure was last logged
}

func (f *follower) log(msg string, err error) {
	if f.logf != nil {
		f.logf(msg, err)
	}
}

// lost notes that hearing notices failed: said once, and again each
// minute while it lasts.
func (f *follower) lost(err error) {
	f.mu.Lock()
	say := !f.down || time.Since(f.reports) > time.Minute
	f.down = true
	if say {
		f.reports = time.Now()
	}
	f.mu.Unlock()
	if say {
		f.log("cannot hear of other servers' writes (live pages may lag until it works again); reconnecting", err)
	}
}

// listening is called when the LISTEN connection is (again) in place:
// what was written meanwhile is read from the database.
func (f *follower) listening(ctx context.Context) {
	f.mu.Lock()
	was := f.down
	f.down = false
	f.mu.Unlock()
	if was {
		f.log("hearing of other servers' writes again; catching live pages up", nil)
	}
	if err := f.resync(ctx); err != nil && ctx.Err() == nil {
		f.lost(fmt.Errorf("reading the watched tables: %w", err))
	}
}

// message acts on one change notice.
func (f *follower) message(ctx context.Context, notice string) {
	parts := strings.Fields(notice)
	switch {
	case len(parts) == 3 && parts[0] == "h":
		if head, err := strconv.Atoi(parts[2]); err == nil {
			f.ts.changed(parts[1], head)
			return
		}
	case len(parts) == 4 && parts[0] == "r":
		if gen, err := strconv.Atoi(parts[3]); err == nil {
			if err := f.rotated(ctx, parts[1], Role(parts[2]), gen); err != nil && ctx.Err() == nil {
				f.log("cannot read a replaced link", err)
			}
			return
		}
	}
	f.log("ignored a change notice Tablemate does not send: "+strconv.Quote(notice), nil)
}

// rotated tells OnReplace that owner's role link of generation gen-1 was
// replaced (the notice names generations; the link is read from links).
func (f *follower) rotated(ctx context.Context, owner string, role Role, gen int) error {
	if f.ts.replaced == nil {
		return nil
	}
	var old string
	err := f.ts.store.read.QueryRowContext(ctx, `SELECT id FROM links WHERE owner = ? AND role = ? AND gen = ?`, owner, string(role), gen-1).Scan(&old)
	if errors.Is(err, sql.ErrNoRows) {
		return nil
	}
	if err != nil {
		return err
	}
	f.ts.replaced(owner, role, old)
	return nil
}

// resyncBatch bounds the keys one query of resync asks for.
const resyncBatch = 500

// resync reads the heads and links in use of the watched tables and tells
// them: every head (a head told twice is harmless) and every watched link
// no longer in use.
func (f *follower) resync(ctx context.Context) error {
	watched := f.watching()
	if len(watched) == 0 {
		return nil
	}
	keys := make([]string, 0, len(watched))
	for k := range watched {
		keys = append(keys, k)
	}
	slices.Sort(keys)
	type state struct {
		head       int
		edit, view sql.NullString
	}
	for chunk := range slices.Chunk(keys, resyncBatch) {
		marks, args := inList(chunk)
		rows, err := f.ts.store.read.QueryContext(ctx, `SELECT id, head, edit_link, read_id FROM tables WHERE id IN (`+marks+`)`, args...)
		if err != nil {
			return err
		}
		now := map[string]state{}
		for rows.Next() {
			var key string
			var st state
			if err := rows.Scan(&key, &st.head, &st.edit, &st.view); err != nil {
				rows.Close()
				return err
			}
			now[key] = st
		}
		if err := rows.Close(); err != nil {
			return err
		}
		for _, key := range chunk {
			st, ok := now[key]
			if !ok {
				continue
			}
			f.ts.changed(key, st.head)
			for _, link := range watched[key] {
				if link == st.edit.String || link == st.view.String || f.ts.replaced == nil {
					continue
				}
				var role string
				if err := f.ts.store.read.QueryRowContext(ctx, `SELECT role FROM links WHERE id = ?`, link).Scan(&role); err != nil {
					continue // not a link of this table (any more): nothing to tell
				}
				f.ts.replaced(key, Role(role), link)
			}
		}
	}
	return nil
}

// changed tells OnChange a table's head.
func (ts *Tables) changed(key string, head int) {
	if ts.notify != nil {
		ts.notify(key, head)
	}
}
