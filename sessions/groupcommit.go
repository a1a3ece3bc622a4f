package sessions

import (
	"context"
	"errors"
	"fmt"
	"sync"
	"time"
)

// Group commit. An SQLite commit in WAL mode with synchronous=FULL waits
// for one fsync of the log, and its writes wait for each other (one write
// lock): appends one after the other are as many fsyncs, about a
// millisecond each on this machine's disk. So appends that arrive while a
// commit is under way, to any tables, go in the next transaction
// together: each is checked and written as on its own (in a savepoint of
// its own, in the order they came, so two appends to one table see each
// other as two transactions would), and all are committed with one fsync.
// Each is answered only after that commit: a success is on disk, and an
// append the commit lost is answered ErrNotSaved like any write that did
// not reach storage.
//
// When appends come together, the committer also waits a little
// (groupWindow) after the first of a transaction for more to join, until
// as many as the transaction before held have come (gather); a lone
// append does not wait.

// groupWindow is how long a transaction waits for more appends after its
// first, when the one before it held more than one.
const groupWindow = 300 * time.Microsecond

// maxGroup bounds the appends of one transaction.
const maxGroup = 128

// groupCommit is the committer of a store's appends.
type groupCommit struct {
	s      *Store
	queue  chan *pendingAppend
	stop   chan struct{}
	done   chan struct{}
	window time.Duration
	// last is the number of appends of the transaction before.
	last int
	// count, when set, is told the size of each committed transaction
	// (tests).
	count func(n int)
}

// pendingAppend is an append waiting for its transaction.
type pendingAppend struct {
	ctx context.Context
	w   appendWrite
	res chan appendResult
}

type appendResult struct {
	key string
	a   Appended
	err error
}

func newGroupCommit(s *Store) *groupCommit {
	g := &groupCommit{s: s, queue: make(chan *pendingAppend), stop: make(chan struct{}), done: make(chan struct{}), window: groupWindow}
	go g.run()
	return g
}

// group is the store's committer of appends: SQLite's, started on first
// use; nil for PostgreSQL, whose servers append in transactions of their
// own (and whose commits are grouped by the database).
func (s *Store) group() *groupCommit {
	if _, ok := s.d.(sqlite); !ok || s.noGroup {
		return nil
	}
	s.groupOnce.Do(func() { s.grouped = newGroupCommit(s) })
	return s.grouped
}

// close stops the committer (the store is closing).
func (g *groupCommit) close() {
	close(g.stop)
	<-g.done
}

var errClosed = errors.New("the database is closed")

// append hands w to the committer and waits for its commit. Once handed
// over, an append is answered after its transaction whatever becomes of
// ctx: the answer says what happened to it.
func (g *groupCommit) append(ctx context.Context, w appendWrite) (string, Appended, error) {
	p := &pendingAppend{ctx: ctx, w: w, res: make(chan appendResult, 1)}
	select {
	case g.queue <- p:
	case <-ctx.Done():
		return "", Appended{}, fmt.Errorf("append %s: %w", w.kind, ctx.Err())
	case <-g.stop:
		return "", Appended{}, fmt.Errorf("append %s: %w", w.kind, errClosed)
	}
	r := <-p.res
	return r.key, r.a, r.err
}

func (g *groupCommit) run() {
	defer close(g.done)
	batch := make([]*pendingAppend, 0, maxGroup)
	for {
		batch = batch[:0]
		select {
		case p := <-g.queue:
			batch = append(batch, p)
		case <-g.stop:
			return
		}
		if g.last > 1 && g.window > 0 {
			batch = g.gather(batch)
		}
	more:
		for len(batch) < maxGroup {
			select {
			case p := <-g.queue:
				batch = append(batch, p)
			default:
				break more
			}
		}
		g.commit(batch)
		g.last = len(batch)
		clear(batch)
	}
}

// gather adds the appends that arrive within the window, until the
// batch is as large as the one before: the writers that made it, just
// answered, are the ones likely to come back, and waiting out the window
// for more than they are would only delay them.
func (g *groupCommit) gather(batch []*pendingAppend) []*pendingAppend {
	t := time.NewTimer(g.window)
	defer t.Stop()
	for len(batch) < min(maxGroup, g.last) {
		select {
		case p := <-g.queue:
			batch = append(batch, p)
		case <-t.C:
			return batch
		case <-g.stop:
			return batch
		}
	}
	return batch
}

// commit runs batch in one transaction and answers each append.
func (g *groupCommit) commit(batch []*pendingAppend) {
	s := g.s
	res := make([]appendResult, len(batch))
	answer := func() {
		for i, p := range batch {
			p.res <- res[i]
		}
	}
	defer answer()
	failAll := func(err error) {
		for i := range res {
			if res[i].err == nil && !res[i].a.Repeat {
				res[i] = appendResult{err: err}
			}
		}
	}
	// The transaction is the committer's, not a request's: one client
	// going away must not roll the others back.
	ctx := context.Background()
	tx, err := s.write.BeginTx(ctx, nil)
	if err != nil {
		failAll(s.failed("append", err))
		return
	}
	defer tx.Rollback() //nolint:errcheck // no-op after Commit
	alone := len(batch) == 1
	written := 0
	for i, p := range batch {
		if err := p.ctx.Err(); err != nil { // gone before its turn: nothing written
			res[i].err = fmt.Errorf("append %s: %w", p.w.kind, err)
			continue
		}
		if !alone {
			if _, err := tx.ExecContext(ctx, "SAVEPOINT append"); err != nil {
				failAll(s.failed("append", err))
				return
			}
		}
		key, a, err := s.appendIn(ctx, tx, p.w)
		res[i] = appendResult{key: key, a: a, err: err}
		if errors.Is(err, ErrNotSaved) {
			// Storage failed: nothing of the transaction is kept.
			res[i] = appendResult{}
			failAll(err)
			return
		}
		if !alone {
			stmts := []string{"RELEASE append"}
			if err != nil { // a refusal: whatever it wrote goes
				stmts = []string{"ROLLBACK TO append", "RELEASE append"}
			}
			for _, stmt := range stmts {
				if _, err := tx.ExecContext(ctx, stmt); err != nil {
					failAll(s.failed("append", err))
					return
				}
			}
		}
		if err == nil && !a.Repeat {
			written++
		}
	}
	if written == 0 {
		return // nothing to commit: refusals and repeats only
	}
	if err := tx.Commit(); err != nil {
		failAll(s.commitFailed("append", err))
		return
	}
	s.wrote()
	if g.count != nil {
		g.count(len(batch))
	}
}

// groupState is what Store keeps of its committer.
type groupState struct {
	groupOnce sync.Once
	grouped   *groupCommit
	// noGroup turns group commit off: every append commits on its own
	// (benchmarks measure both).
	noGroup bool
}

// closeGroup stops the committer, if it ran.
func (gs *groupState) closeGroup() {
	gs.groupOnce.Do(func() {}) // none starts after this
	if gs.grouped != nil {
		gs.grouped.close()
	}
}
